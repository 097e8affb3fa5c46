import { Loader2, ShieldAlert } from 'lucide-react'
import { Banner } from '../../../components/ui/Banner'
import { Button } from '../../../components/ui/Button'
import type { VerificationScreening } from '../../../lib/types'

/** screeningState says what a verification's screening asks of the reviewer, if anything. */
export function screeningState(s: VerificationScreening | undefined) {
  const open = s?.open ?? []
  // While the verification waits for a decision, `open` already says that screening is running.
  const running = !!s && (s.status === 'pending' || s.status === 'running') && open.length === 0
  // Jurisdiction and KYC flags ask for a look but do not block approval.
  const flagged = !!s?.attention && open.length === 0
  return { open, running, flagged, any: open.length > 0 || running || flagged }
}

export function OpenScreeningButton({ onOpen }: { onOpen: () => void }) {
  return (
    <Button variant="outline" onClick={onOpen}>
      Open Screening
    </Button>
  )
}

const RUNNING = 'The KYC, sanctions, PEP and jurisdiction checks run in the background. Their results appear in the Screening tab as soon as they are done.'
const FLAGGED = 'A jurisdiction or KYC check flagged something for your review. It does not block approval.'

function OpenItems({ open }: { open: string[] }) {
  return (
    <ul className="list-disc space-y-0.5 pl-5" aria-label="Open screening items">
      {open.map((o) => (
        <li key={o}>{o}</li>
      ))}
    </ul>
  )
}

/**
 * ScreeningNotes is what screening asks of the reviewer, as lines inside the Review Required banner,
 * so a Top review waiting for a decision has one banner above the tabs instead of a stack.
 */
export function ScreeningNotes({ s }: { s: VerificationScreening | undefined }) {
  const st = screeningState(s)
  if (!st.any) return null
  return (
    <div className="mt-2 border-t border-current/15 pt-2" data-testid="screening-notes">
      {st.open.length > 0 && (
        <>
          <p className="flex items-center gap-1.5 font-semibold">
            <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden /> Screening blocks approval
          </p>
          <OpenItems open={st.open} />
        </>
      )}
      {st.running && (
        <p className="flex items-center gap-1.5">
          <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden /> <span className="font-semibold">Screening is running.</span> {RUNNING}
        </p>
      )}
      {st.flagged && (
        <p className="flex items-center gap-1.5">
          <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden /> <span className="font-semibold">Screening needs attention.</span> {FLAGGED}
        </p>
      )}
    </div>
  )
}

/**
 * ScreeningBanner puts what screening leaves open (the server's sentences, e.g. "2 screening hits are
 * undecided") above the tabs of a verification that is not waiting for a decision (an approved
 * certificate screened again), with a way to the Screening tab.
 */
export function ScreeningBanner({ s, onOpen }: { s: VerificationScreening | undefined; onOpen: () => void }) {
  const { open, running, flagged, any } = screeningState(s)
  if (!any) return null
  const action = <OpenScreeningButton onOpen={onOpen} />
  return (
    <div className="mb-6 space-y-4">
      {running && (
        <Banner tone="blue" icon={<Loader2 className="h-5 w-5 animate-spin" aria-hidden />} title="Screening is running" action={!flagged && action}>
          {RUNNING}
        </Banner>
      )}
      {open.length > 0 && (
        <Banner tone="amber" icon={<ShieldAlert className="h-5 w-5" aria-hidden />} title="Screening blocks approval" action={action}>
          <OpenItems open={open} />
        </Banner>
      )}
      {flagged && (
        <Banner tone="amber" icon={<ShieldAlert className="h-5 w-5" aria-hidden />} title="Screening needs attention" action={action}>
          {FLAGGED}
        </Banner>
      )}
    </div>
  )
}
