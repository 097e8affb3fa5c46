import { BellOff, BellRing, CheckCircle2, XCircle } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/Button'
import { Card } from '../../components/ui/Card'
import { errorMessage } from '../../lib/errors'
import { paths } from '../../lib/paths'
import { usePageTitle } from '../../lib/usePageTitle'
import { PublicShell } from './PublicShell'
import { useConfirmFollowMutation, useUnsubscribeMutation } from './publicApi'

type Outcome = { ok: true; text: ReactNode } | { ok: false; text: string }

/**
 * LinkAction is a page an e-mailed link opens: it says what the button will do and does it only
 * when pressed, because mail scanners open every link in a message and must not confirm or
 * unsubscribe anyone.
 */
function LinkAction({
  icon,
  title,
  text,
  action,
  run,
}: {
  icon: ReactNode
  title: string
  text: string
  action: string
  /** run does the action and returns what to say; a failure shows the server's message. */
  run: (token: string) => Promise<ReactNode>
}) {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, text: 'This link is incomplete. Open it again from the e-mail.' })

  return (
    <PublicShell label="Certificate check">
      <Card className="mx-auto max-w-lg p-8 text-center">
        <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          {outcome ? outcome.ok ? <CheckCircle2 className="h-7 w-7 text-green-700" aria-hidden /> : <XCircle className="h-7 w-7 text-red-700" aria-hidden /> : icon}
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        {outcome ? (
          <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'mt-3 text-sm text-slate-700' : 'mt-3 text-sm text-red-800'}>
            {outcome.text}
          </p>
        ) : (
          <>
            <p className="mt-3 text-sm text-slate-600">{text}</p>
            <Button
              className="mt-6"
              size="lg"
              loading={busy}
              onClick={async () => {
                setBusy(true)
                try {
                  setOutcome({ ok: true, text: await run(token) })
                } catch (e) {
                  setOutcome({ ok: false, text: errorMessage(e) })
                }
                setBusy(false)
              }}
            >
              {action}
            </Button>
          </>
        )}
        <p className="mt-6 text-sm">
          <Link to={paths.home} className="font-medium text-brand-700 hover:underline">
            TTT Verify home
          </Link>
        </p>
      </Card>
    </PublicShell>
  )
}

/** ConfirmFollowPage confirms a follow request through the link of its e-mail (/follow/confirm?token=…). */
export function ConfirmFollowPage() {
  usePageTitle('Confirm that you follow this certificate')
  const [confirm] = useConfirmFollowMutation()
  return (
    <LinkAction
      icon={<BellRing className="h-7 w-7" aria-hidden />}
      title="Follow this certificate"
      text="Confirm that this address should get an e-mail whenever the certificate changes. Every message has a one-click unsubscribe."
      action="Confirm and follow"
      run={async (token) => {
        const f = await confirm(token).unwrap()
        return (
          <>
            You now follow the certificate of <strong>{f.companyName}</strong>.{' '}
            <Link to={paths.publicCertificate(f.certificateId)} className="font-medium text-brand-700 hover:underline">
              See the certificate
            </Link>
          </>
        )
      }}
    />
  )
}

/** UnsubscribePage stops a follower's e-mails through the link in one of them (/follow/unsubscribe?token=…). */
export function UnsubscribePage() {
  usePageTitle('Stop e-mails about this certificate')
  const [unsubscribe] = useUnsubscribeMutation()
  return (
    <LinkAction
      icon={<BellOff className="h-7 w-7" aria-hidden />}
      title="Stop e-mails about this certificate"
      text="You will receive no more e-mails about this certificate, and your address is deleted."
      action="Unsubscribe"
      run={async (token) => (await unsubscribe(token).unwrap()).message}
    />
  )
}
