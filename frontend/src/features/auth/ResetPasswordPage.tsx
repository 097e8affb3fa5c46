import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Card } from '../../components/ui/Card'
import { Logo } from '../../components/ui/Logo'
import { StateCard } from '../../components/ui/StateCard'
import { mutate } from '../../components/ui/mutate'
import { errorStatus, fieldErrors } from '../../lib/errors'
import { paths } from '../../lib/paths'
import { useResetPasswordMutation } from './authApi'
import { ResetPasswordForm } from './AuthForms'
import { usePageTitle } from '../../lib/usePageTitle'

/** invalidLink is the server's one answer to a reset token that is unknown, expired or used. */
const invalidLink = 'This reset link is invalid or has expired'

/** ResetPasswordPage sets a new password through the one-time link of a reset e-mail (?token=…). */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [resetPassword] = useResetPasswordMutation()
  const [invalid, setInvalid] = useState(token === '')
  const navigate = useNavigate()

  if (invalid) {
    return (
      <main className="min-h-screen bg-slate-50 px-4">
        <StateCard
          title="Reset link not valid"
          text={`${invalidLink}. Reset links work once, for 1 hour; ask for a new one.`}
          action={
            <Link to={paths.forgotPassword} className="font-semibold text-brand-700 hover:underline">
              Request a new link
            </Link>
          }
        />
      </main>
    )
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <Link to={paths.home} className="mb-8 inline-block" aria-label="TTT Verify home">
          <Logo />
        </Link>
        <Card className="p-8">
          <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
          <p className="mb-6 mt-1 text-sm text-slate-500">Setting a new password signs you out everywhere; then sign in with it.</p>
          <ResetPasswordForm
            onSubmit={async (values, { setErrors, setStatus }) => {
              const r = await mutate(resetPassword({ token, newPassword: values.newPassword }), {
                done: { title: 'Password updated', description: 'Your password has been changed successfully' },
                failed: 'Password reset failed',
                setErrors,
                setStatus,
              })
              if (r.ok) navigate(paths.auth, { replace: true })
              else if (errorStatus(r.error) === 400 && !fieldErrors(r.error)) setInvalid(true)
            }}
          />
        </Card>
      </div>
    </main>
  )
}
