import { Form, Formik, type FormikHelpers } from 'formik'
import { useState } from 'react'
import { Button } from '../../components/ui/Button'
import { Link } from 'react-router'
import { Checkbox, FormStatus, TextField } from '../../components/form/fields'
import { paths } from '../../lib/paths'
import { NewPasswordField } from './NewPasswordField'
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  type ChangePasswordValues,
  type ForgotPasswordValues,
  type LoginValues,
  type RegisterValues,
  type ResetPasswordValues,
} from './schema'

type Submit<V> = (values: V, helpers: FormikHelpers<V>) => Promise<void> | void

export function LoginForm({ onSubmit }: { onSubmit: Submit<LoginValues> }) {
  return (
    <Formik<LoginValues> initialValues={{ email: '', password: '' }} validationSchema={loginSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate className="space-y-4" aria-label="Sign in">
          <TextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@company.com" />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" />
          <FormStatus />
          <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
            Sign in
          </Button>
        </Form>
      )}
    </Formik>
  )
}

export function RegisterForm({ onSubmit }: { onSubmit: Submit<RegisterValues> }) {
  // The terms checkbox is not tied to validation (spec section 2).
  const [terms, setTerms] = useState(false)
  return (
    <Formik<RegisterValues>
      initialValues={{ email: '', password: '', confirmPassword: '' }}
      validationSchema={registerSchema}
      onSubmit={onSubmit}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="space-y-4" aria-label="Create your account">
          <TextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@company.com" />
          <NewPasswordField name="password" label="Password" />
          <TextField name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
          <Checkbox id="terms" checked={terms} onCheckedChange={setTerms}>
            I agree to the{' '}
            <Link to={paths.terms} target="_blank" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to={paths.privacy} target="_blank" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Privacy Policy
            </Link>
          </Checkbox>
          <FormStatus />
          <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
            Create account
          </Button>
        </Form>
      )}
    </Formik>
  )
}

export function ChangePasswordForm({ onSubmit }: { onSubmit: Submit<ChangePasswordValues> }) {
  return (
    <Formik<ChangePasswordValues>
      initialValues={{ currentPassword: '', newPassword: '', confirmNewPassword: '' }}
      validationSchema={changePasswordSchema}
      onSubmit={onSubmit}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="space-y-4" aria-label="Change Password">
          <TextField name="currentPassword" label="Current Password" type="password" autoComplete="current-password" />
          <NewPasswordFields />
          <FormStatus />
          <Button type="submit" loading={isSubmitting}>
            Update Password
          </Button>
        </Form>
      )}
    </Formik>
  )
}

/** NewPasswordFields are the new password and its confirmation, as change-password and reset show them. */
function NewPasswordFields() {
  return (
    <>
      <NewPasswordField name="newPassword" label="New Password" />
      <TextField name="confirmNewPassword" label="Confirm New Password" type="password" autoComplete="new-password" />
    </>
  )
}

export function ForgotPasswordForm({ onSubmit }: { onSubmit: Submit<ForgotPasswordValues> }) {
  return (
    <Formik<ForgotPasswordValues> initialValues={{ email: '' }} validationSchema={forgotPasswordSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate className="space-y-4" aria-label="Forgot password">
          <TextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@company.com" />
          <FormStatus />
          <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
            Send reset link
          </Button>
        </Form>
      )}
    </Formik>
  )
}

export function ResetPasswordForm({ onSubmit }: { onSubmit: Submit<ResetPasswordValues> }) {
  return (
    <Formik<ResetPasswordValues>
      initialValues={{ newPassword: '', confirmNewPassword: '' }}
      validationSchema={resetPasswordSchema}
      onSubmit={onSubmit}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="space-y-4" aria-label="Choose a new password">
          <NewPasswordFields />
          <FormStatus />
          <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
            Set New Password
          </Button>
        </Form>
      )}
    </Formik>
  )
}
