import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../test/render'
import { json, mockApi, route } from '../../test/server'
import { toastEl } from '../../test/utils'
import AccountSettingsPage from './AccountSettingsPage'

const user = { id: 1, email: 'jane@acme.test', isAdmin: false, createdAt: '2025-02-03T12:00:00Z' }

afterEach(() => vi.unstubAllGlobals())

async function fill(u: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  if (current) await u.type(screen.getByLabelText('Current Password'), current)
  if (next) await u.type(screen.getByLabelText('New Password'), next)
  if (confirm) await u.type(screen.getByLabelText('Confirm New Password'), confirm)
  await u.click(screen.getByRole('button', { name: 'Update Password' }))
}

describe('account settings', () => {
  it("shows the e-mail and Member Since from the account's creation date, not today", async () => {
    mockApi(route('GET', '/api/user', () => json(user)))
    renderPage('/account-settings', '/account-settings', <AccountSettingsPage />)
    expect(await screen.findByText('jane@acme.test')).toBeInTheDocument()
    expect(screen.getByTestId('member-since')).toHaveTextContent('Feb 3, 2025')
  })

  it('shows the change-password messages on their fields', async () => {
    const { calls } = mockApi(route('GET', '/api/user', () => json(user)))
    const u = userEvent.setup()
    renderPage('/account-settings', '/account-settings', <AccountSettingsPage />)
    await screen.findByText('jane@acme.test')
    await fill(u, '', '', '')
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current password is required'))
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('New password must be at least 6 characters')
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription('Confirm new password must be at least 6 characters')
    await fill(u, 'old-pass', 'new-pass-1', 'new-pass-2')
    await waitFor(() => expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription('New passwords do not match'))
    expect(calls).not.toContain('POST /api/change-password')
  })

  it("toasts 'Password updated' and sends only the current and new password", async () => {
    let sent: unknown
    mockApi(
      route('GET', '/api/user', () => json(user)),
      route('POST', '/api/change-password', async (req) => {
        sent = await req.json()
        return new Response(null, { status: 204 })
      }),
    )
    const u = userEvent.setup()
    renderPage('/account-settings', '/account-settings', <AccountSettingsPage />)
    await screen.findByText('jane@acme.test')
    await fill(u, 'old-pass', 'new-pass-1', 'new-pass-1')
    expect(await toastEl('Password updated')).not.toHaveLength(0)
    expect(await toastEl('Your password has been changed successfully')).not.toHaveLength(0)
    expect(sent).toEqual({ currentPassword: 'old-pass', newPassword: 'new-pass-1' })
    expect(screen.getByLabelText('Current Password')).toHaveValue('')
  })

  it("toasts 'Password change failed' with the server's message and marks the field", async () => {
    mockApi(
      route('GET', '/api/user', () => json(user)),
      route('POST', '/api/change-password', () =>
        json({ message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } }, { status: 400 }),
      ),
    )
    const u = userEvent.setup()
    renderPage('/account-settings', '/account-settings', <AccountSettingsPage />)
    await screen.findByText('jane@acme.test')
    await fill(u, 'wrong-pass', 'new-pass-1', 'new-pass-1')
    expect(await toastEl('Password change failed')).not.toHaveLength(0)
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current password is incorrect'))
  })
})
