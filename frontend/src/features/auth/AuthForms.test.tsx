import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { expectFieldError, setup } from '../../test/utils'
import { ChangePasswordForm, LoginForm, RegisterForm } from './AuthForms'

describe('LoginForm', () => {
  it('shows the spec messages on e-mail and password', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<LoginForm onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.type(screen.getByLabelText('Password'), '12345')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await expectFieldError('Email', 'Please enter a valid email')
    await expectFieldError('Password', 'Password must be at least 6 characters')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('submits valid credentials', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<LoginForm onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText('Email'), 'a@b.co')
    await user.type(screen.getByLabelText('Password'), '123456')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0][0]).toEqual({ email: 'a@b.co', password: '123456' })
  })
})

describe('RegisterForm', () => {
  it('reports a mismatch on confirmPassword', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<RegisterForm onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText('Email'), 'a@b.co')
    await user.type(screen.getByLabelText('Password'), '123456')
    await user.type(screen.getByLabelText('Confirm Password'), '1234567')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await expectFieldError('Confirm Password', 'Passwords do not match')
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('requires six characters in confirmPassword and does not tie the terms checkbox to validation', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<RegisterForm onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await expectFieldError('Email', 'Please enter a valid email')
    await expectFieldError('Password', 'Password must be at least 6 characters')
    await expectFieldError('Confirm Password', 'Password must be at least 6 characters')
    await user.type(screen.getByLabelText('Email'), 'a@b.co')
    await user.type(screen.getByLabelText('Password'), '123456')
    await user.type(screen.getByLabelText('Confirm Password'), '123456')
    expect(screen.getByRole('checkbox', { name: /Terms of Service/ })).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
  })
})

describe('ChangePasswordForm', () => {
  it('shows every change-password message on its field', async () => {
    const { user } = setup(<ChangePasswordForm onSubmit={vi.fn()} />)
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    await expectFieldError('Current Password', 'Current password is required')
    await expectFieldError('New Password', 'New password must be at least 6 characters')
    await expectFieldError('Confirm New Password', 'Confirm new password must be at least 6 characters')
  })

  it('reports different new passwords on the confirmation', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<ChangePasswordForm onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText('Current Password'), 'oldpass')
    await user.type(screen.getByLabelText('New Password'), 'newpass1')
    await user.type(screen.getByLabelText('Confirm New Password'), 'newpass2')
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    await expectFieldError('Confirm New Password', 'New passwords do not match')
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
