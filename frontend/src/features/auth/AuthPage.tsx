import { BadgeCheck, CheckCircle2, Clock, Crown, MailCheck, ShieldCheck } from 'lucide-react'
import { useDeferredValue, useState } from 'react'
import { Link, Navigate, useLocation } from 'react-router'
import { Banner } from '../../components/ui/Banner'
import { Card } from '../../components/ui/Card'
import { Logo } from '../../components/ui/Logo'
import { SiteFooter } from '../../components/ui/SiteFooter'
import { MAIN_ID, SkipLink } from '../../components/ui/SkipLink'
import { FullPageSpinner } from '../../components/ui/Spinner'
import { mutate } from '../../components/ui/mutate'
import { SESSION_ENDED, sessionHasEnded } from '../../app/api'
import { useGetCurrentUserQuery, useLoginMutation, useRegisterMutation, useRequestPasswordResetMutation } from './authApi'
import { ForgotPasswordForm, LoginForm, RegisterForm } from './AuthForms'
import { paths } from '../../lib/paths'
import { usePageTitle } from '../../lib/usePageTitle'

const tiers = [
  {
    name: 'Basic Verification',
    price: '$49',
    icon: BadgeCheck,
    points: ['TTT Certificate, valid 12 months', 'Client Information Sheet (CIS)', 'Company, banking and document checks'],
  },
  {
    name: 'Top Tier Verification',
    price: '$299',
    icon: Crown,
    points: ['Everything in Basic', 'KYC, AML and PEP checks', 'Premium digital certificate'],
  },
]

type Mode = 'login' | 'register' | 'forgot'

const headings: Record<Mode, [string, string]> = {
  login: ['Sign in', 'Welcome back. Sign in to manage your verifications.'],
  register: ['Create your account', 'Start verifying your trading company in minutes.'],
  forgot: ['Reset your password', 'Enter the e-mail of your account and we will send you a link to choose a new password.'],
}

function modeOf(search: string): Mode {
  const m = new URLSearchParams(search).get('mode')
  return m === 'register' || m === 'forgot' ? m : 'login'
}

/** ForgotPassword asks for a reset link; the answer is the same whether or not the account exists. */
function ForgotPassword() {
  const [requestReset] = useRequestPasswordResetMutation()
  const [sent, setSent] = useState<string | null>(null)
  if (sent) {
    return (
      <Banner tone="green" icon={<MailCheck className="h-5 w-5" aria-hidden />} title="Check your inbox">
        <p role="status">{sent}</p>
      </Banner>
    )
  }
  return (
    <ForgotPasswordForm
      onSubmit={async (values, { setErrors, setStatus }) => {
        const r = await mutate(requestReset({ email: values.email.trim() }), { failed: 'Password reset failed', setErrors, setStatus })
        if (r.ok) setSent(r.data.message)
      }}
    />
  )
}

export default function AuthPage() {
  const { data: user, isLoading } = useGetCurrentUserQuery()
  const location = useLocation()
  const [mode, setMode] = useState<Mode>(modeOf(location.search))
  const [login] = useLoginMutation()
  const [register] = useRegisterMutation()
  usePageTitle(headings[mode][0])
  // Deferred: when the session answer arrives, the form renders as a background update, in slices,
  // instead of one long task.
  const loading = useDeferredValue(isLoading, true)

  if (loading) return <FullPageSpinner />
  if (user) {
    const from = (location.state as { from?: { pathname?: string } } | null)?.from?.pathname
    return <Navigate to={from && from !== paths.auth ? from : paths.dashboard} replace />
  }

  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <SkipLink />
      <aside className="relative hidden overflow-hidden bg-brand-950 px-12 py-12 text-white lg:flex lg:flex-col">
        <div className="pointer-events-none absolute -right-24 -top-24 h-96 w-96 rounded-full bg-brand-700/40 blur-3xl" />
        <Link to={paths.home} aria-label="TTT Verify home">
          <Logo inverted />
        </Link>
        <div className="relative my-auto max-w-md">
          <h2 className="text-3xl font-bold leading-tight">Trusted Verification for Commodity Traders</h2>
          <p className="mt-4 text-brand-100">
            Prove your company is who it says it is. Counterparties check your certificate in seconds, so deals close faster.
          </p>
          <div className="mt-10 space-y-4">
            {tiers.map((t) => (
              <div key={t.name} className="rounded-xl border border-white/10 bg-white/5 p-5">
                <div className="flex items-center justify-between">
                  <p className="flex items-center gap-2 font-semibold">
                    <t.icon className="h-5 w-5 text-gold-400" aria-hidden /> {t.name}
                  </p>
                  <p className="text-lg font-bold text-gold-400">{t.price}</p>
                </div>
                <ul className="mt-3 space-y-1.5 text-sm text-brand-100">
                  {t.points.map((p) => (
                    <li key={p} className="flex items-center gap-2">
                      <CheckCircle2 className="h-4 w-4 shrink-0 text-gold-400" aria-hidden /> {p}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
        <p className="relative flex items-center gap-2 text-xs text-brand-200">
          <ShieldCheck className="h-4 w-4" aria-hidden /> Your data is encrypted in transit and reviewed only by our compliance team.
        </p>
      </aside>

      <main id={MAIN_ID} className="flex flex-col items-center justify-center bg-slate-50 px-4 py-12">
        <div className="w-full max-w-md">
          <Link to={paths.home} className="mb-8 inline-block lg:hidden" aria-label="TTT Verify home">
            <Logo />
          </Link>
          <Card className="p-8">
            <h1 className="text-2xl font-bold text-slate-900">{headings[mode][0]}</h1>
            <p className="mb-6 mt-1 text-sm text-slate-500">{headings[mode][1]}</p>
            {mode === 'login' && sessionHasEnded() && (
              <Banner tone="amber" icon={<Clock className="h-5 w-5" aria-hidden />} title="Signed out" className="mb-6">
                <p role="status">{SESSION_ENDED}</p>
              </Banner>
            )}
            {mode === 'forgot' && <ForgotPassword />}
            {mode === 'login' && (
              <LoginForm
                onSubmit={async (values, { setErrors, setStatus }) => {
                  await mutate(login({ email: values.email.trim(), password: values.password }), {
                    done: { title: 'Login successful', description: 'Welcome back!' },
                    failed: 'Login failed',
                    setErrors,
                    setStatus,
                  })
                }}
              />
            )}
            {mode === 'login' && (
              <p className="mt-3 text-right text-sm">
                <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => setMode('forgot')}>
                  Forgot password?
                </button>
              </p>
            )}
            {mode === 'register' && (
              <RegisterForm
                onSubmit={async (values, { setErrors, setStatus }) => {
                  await mutate(register({ email: values.email.trim(), password: values.password }), {
                    done: { title: 'Registration successful', description: 'Your account has been created' },
                    failed: 'Registration failed',
                    setErrors,
                    setStatus,
                  })
                }}
              />
            )}
            <p className="mt-6 text-center text-sm text-slate-600">
              {mode === 'login' ? "Don't have an account? " : mode === 'register' ? 'Already have an account? ' : 'Remembered it? '}
              <button
                type="button"
                className="font-semibold text-brand-700 hover:underline"
                onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
              >
                {mode === 'login' ? 'Create your account' : 'Sign in'}
              </button>
            </p>
          </Card>
          {/* On small screens the marketing panel is condensed below the form. */}
          <div className="mt-8 lg:hidden">
            <h2 className="text-center text-base font-semibold text-slate-900">Trusted Verification for Commodity Traders</h2>
            <div className="mt-3 grid grid-cols-2 gap-3 text-center text-sm">
              {tiers.map((t) => (
                <div key={t.name} className="rounded-lg border border-slate-200 bg-white p-3">
                  <p className="font-medium text-slate-800">{t.name}</p>
                  <p className="font-bold text-brand-700">{t.price}</p>
                </div>
              ))}
            </div>
          </div>
        </div>
        <SiteFooter compact className="mt-10 w-full max-w-md" />
      </main>
    </div>
  )
}
