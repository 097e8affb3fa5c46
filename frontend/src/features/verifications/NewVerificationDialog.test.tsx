import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../test/render'
import { NewVerificationDialog } from './NewVerificationDialog'

function Opener() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Start New Verification
      </button>
      <NewVerificationDialog open={open} onOpenChange={setOpen} />
    </>
  )
}

describe('NewVerificationDialog', () => {
  it('opens on Basic every time, whatever was chosen before it was closed', async () => {
    const user = userEvent.setup()
    renderPage('/', '/', <Opener />)
    for (const close of ['Cancel', 'Escape'] as const) {
      await user.click(screen.getByRole('button', { name: 'Start New Verification' }))
      expect(screen.getByRole('radio', { name: /Basic Verification/ })).toHaveAttribute('aria-checked', 'true')
      await user.click(screen.getByRole('radio', { name: /Top Tier Verification/ }))
      expect(screen.getByRole('radio', { name: /Top Tier Verification/ })).toHaveAttribute('aria-checked', 'true')
      if (close === 'Cancel') await user.click(screen.getByRole('button', { name: 'Cancel' }))
      else await user.keyboard('{Escape}')
      expect(screen.queryByRole('dialog')).toBeNull()
    }
    await user.click(screen.getByRole('button', { name: 'Start New Verification' }))
    expect(screen.getByRole('radio', { name: /Basic Verification/ })).toHaveAttribute('aria-checked', 'true')
  })
})
