import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../../test/render'
import { json, mockApi, route } from '../../../../test/server'
import { toastEl } from '../../../../test/utils'
import { BankingStep } from './BankingStep'

afterEach(() => vi.unstubAllGlobals())

const letter = {
  id: 11,
  verificationId: 7,
  type: 'bank_reference',
  filename: 'letter.pdf',
  originalFilename: 'letter.pdf',
  mimeType: 'application/pdf',
  size: 2048,
  objectPath: 'k/11',
  url: '/api/files/k/11',
  createdAt: '2026-03-05T10:00:00Z',
}

describe('banking step', () => {
  it('takes the bank reference letter before the banking details were ever saved, and stays on the step', async () => {
    let uploaded = false
    const { calls } = mockApi(
      route('GET', '/api/verifications/7/banking-info', () => json(null)),
      route('GET', '/api/verifications/7/documents', () => json(uploaded ? [letter] : [])),
      route('POST', '/api/verifications/7/banking-info/reference', () => {
        uploaded = true
        return json(letter, { status: 201 })
      }),
    )
    const next = vi.fn()
    const user = userEvent.setup()
    renderPage('/x', '/x', <BankingStep id={7} next={next} />)
    const input = await screen.findByLabelText(/Upload Bank Reference Letter/)
    expect(input).toBeEnabled()
    expect(screen.getByText(/It is attached to your banking details when you save them\./)).toBeInTheDocument()
    await user.upload(input, new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }))
    expect(await toastEl('Bank reference uploaded')).not.toHaveLength(0)
    const slot = screen.getByText('Bank Reference Letter').closest('[data-state]') as HTMLElement
    expect(await within(slot).findByText('letter.pdf')).toBeInTheDocument()
    expect(slot).toHaveAttribute('data-state', 'done')
    expect(calls).toContain('POST /api/verifications/7/banking-info/reference')
    expect(next).not.toHaveBeenCalled()
  })

  it("says 'Upload failed' when an upload gets no answer", async () => {
    mockApi(
      route('GET', '/api/verifications/7/banking-info', () => json(null)),
      route('GET', '/api/verifications/7/documents', () => json([])),
      route('POST', '/api/verifications/7/banking-info/reference', () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const user = userEvent.setup()
    renderPage('/x', '/x', <BankingStep id={7} next={vi.fn()} />)
    await user.upload(await screen.findByLabelText(/Upload Bank Reference Letter/), new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }))
    expect(await toastEl('Upload failed')).not.toHaveLength(0)
    expect(await toastEl('There was an error uploading your file')).not.toHaveLength(0)
  })
})
