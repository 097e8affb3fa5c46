import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from 'react-router'
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

describe('when errors show', () => {
  it('leaves an empty form alone while the user tabs through it, and shows every message after a submit', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<ChangePasswordForm onSubmit={onSubmit} />)
    await user.tab()
    await user.tab()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Update Password' })).toHaveFocus()
    await new Promise((r) => setTimeout(r, 50))
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid')
    }
    expect(screen.queryByText(/required|at least 6/)).toBeNull()
    // One click submits (nothing moved the button) and every message appears.
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    await expectFieldError('Current Password', 'Current password is required')
    await expectFieldError('New Password', 'New password must be at least 6 characters')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('shows a message when the user typed something wrong and left the field', async () => {
    const { user } = setup(<LoginForm onSubmit={vi.fn()} />)
    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.tab()
    await expectFieldError('Email', 'Please enter a valid email')
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid')
  })

  it("shows a failure with no field at the form, above the button (Formik's status)", async () => {
    const { user } = setup(<LoginForm onSubmit={(_v, { setStatus }) => setStatus('Invalid email or password')} />)
    await user.type(screen.getByLabelText('Email'), 'a@b.co')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password')
  })
})

describe('RegisterForm', () => {
  it('links the Terms of Service and the Privacy Policy from the terms checkbox', () => {
    setup(<MemoryRouter><RegisterForm onSubmit={vi.fn()} /></MemoryRouter>)
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
  })

  it('reports a mismatch on confirmPassword', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(
      <MemoryRouter>
        <RegisterForm onSubmit={onSubmit} />
      </MemoryRouter>,
    )
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
    const { user } = setup(
      <MemoryRouter>
        <RegisterForm onSubmit={onSubmit} />
      </MemoryRouter>,
    )
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
