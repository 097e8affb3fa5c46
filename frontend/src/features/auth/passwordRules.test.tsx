import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../test/render'
import { json, mockApi, route } from '../../test/server'
import AccountSettingsPage from './AccountSettingsPage'
import AuthPage from './AuthPage'

const tooCommon = 'This password is too common; choose another'
const user = { id: 1, email: 'jane@acme.test', isAdmin: false, createdAt: '2025-02-03T12:00:00Z' }
const refuse = (field: string) => () => json({ message: tooCommon, errors: { [field]: tooCommon } }, { status: 400 })

afterEach(() => vi.unstubAllGlobals())

describe('choosing a password', () => {
  it("shows the server's refusal of a common password at the register form's Password field", async () => {
    mockApi(route('GET', '/api/user', () => json({ message: 'Not signed in' }, { status: 401 })), route('POST', '/api/register', refuse('password')))
    const u = userEvent.setup()
    renderPage('/auth', '/auth?mode=register', <AuthPage />)
    await u.type(await screen.findByLabelText('Email'), 'jane@acme.test')
    await u.type(screen.getByLabelText('Password'), '123456')
    await u.type(screen.getByLabelText('Confirm Password'), '123456')
    await u.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(tooCommon))
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true')
  })

  it("shows the server's refusal at Change Password's New Password field", async () => {
    mockApi(route('GET', '/api/user', () => json(user)), route('POST', '/api/change-password', refuse('newPassword')))
    const u = userEvent.setup()
    renderPage('/account-settings', '/account-settings', <AccountSettingsPage />)
    await u.type(await screen.findByLabelText('Current Password'), 'old-pass')
    await u.type(screen.getByLabelText('New Password'), 'sunshine')
    await u.type(screen.getByLabelText('Confirm New Password'), 'sunshine')
    await u.click(screen.getByRole('button', { name: 'Update Password' }))
    await waitFor(() => expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(tooCommon))
  })

  it('hints at the strength of a new password on register, not at sign-in', async () => {
    mockApi(route('GET', '/api/user', () => json({ message: 'Not signed in' }, { status: 401 })))
    const u = userEvent.setup()
    renderPage('/auth', '/auth?mode=register', <AuthPage />)
    const password = await screen.findByLabelText('Password')
    expect(password).not.toHaveAccessibleDescription()
    await u.type(password, 'qwerty')
    await waitFor(() => expect(password).toHaveAccessibleDescription(/^Strength: very weak\. A few uncommon words/), { timeout: 10_000 })
    await u.clear(password)
    await u.type(password, 'lantern orbit muffin cascade')
    await waitFor(() => expect(password).toHaveAccessibleDescription('Strength: strong.'), { timeout: 10_000 })
    await u.click(screen.getByRole('button', { name: 'Sign in' }))
    await u.type(await screen.findByLabelText('Password'), 'qwerty')
    await new Promise((r) => setTimeout(r, 100))
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription()
  })

  it('hints on the change-password form too', async () => {
    mockApi(route('GET', '/api/user', () => json(user)))
    const u = userEvent.setup()
    renderPage('/account-settings', '/account-settings', <AccountSettingsPage />)
    const next = await screen.findByLabelText('New Password')
    await u.type(next, 'password1')
    await waitFor(() => expect(next).toHaveAccessibleDescription(/^Strength: very weak/), { timeout: 10_000 })
    expect(screen.getByLabelText('Current Password')).not.toHaveAccessibleDescription()
  })
})
