import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScreenErrorBoundary } from './ScreenErrorBoundary'

function Broken(): never {
  throw new Error('render failed')
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('ScreenErrorBoundary', () => {
  it('shows a way to reload instead of a blank page, and clears when the address changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // React reports the caught error
    const { rerender } = render(
      <ScreenErrorBoundary pathname="/dashboard">
        <Broken />
      </ScreenErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')

    rerender(
      <ScreenErrorBoundary pathname="/help">
        <p>Help page</p>
      </ScreenErrorBoundary>,
    )
    expect(screen.getByText('Help page')).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong')).toBeNull()
  })
})
