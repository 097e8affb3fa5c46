import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { expect } from 'vitest'

export function setup(ui: ReactElement) {
  const user = userEvent.setup()
  return { user, ...render(ui) }
}

/** expectFieldError checks that `message` is shown and tied (aria-describedby) to the field labelled `label`. */
export async function expectFieldError(label: RegExp | string, message: string) {
  const matcher = typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`) : label
  await waitFor(() => {
    expect(screen.getByLabelText(matcher)).toHaveAccessibleDescription(message)
  })
  expect(screen.getByLabelText(matcher)).toHaveAttribute('aria-invalid', 'true')
}

/** toastEl finds a visible toast's text (Radix also mirrors it into a live region). */
export function toastEl(text: string | RegExp) {
  return screen.findAllByText(text, { selector: 'li[data-variant] *' })
}
