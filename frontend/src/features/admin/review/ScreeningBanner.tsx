import { Loader2, ShieldAlert } from 'lucide-react'
import { Banner } from '../../../components/ui/Banner'
import { Button } from '../../../components/ui/Button'
import type { VerificationScreening } from '../../../lib/types'

/**
 * ScreeningBanner puts what screening leaves open (the server's sentences, e.g. "2 screening hits are
 * undecided") above the tabs, whatever tab is showing, with a way to the Screening tab.
 */
export function ScreeningBanner({ s, onOpen }: { s: VerificationScreening | undefined; onOpen: () => void }) {
  if (!s) return null
  // While the verification waits for a decision, `open` already says that screening is running.
  const running = (s.status === 'pending' || s.status === 'running') && s.open.length === 0
  // Jurisdiction and KYC flags ask for a look but do not block approval.
  const flagged = s.attention && s.open.length === 0
  if (s.open.length === 0 && !running && !flagged) return null
  const action = (
    <Button variant="outline" onClick={onOpen}>
      Open Screening
    </Button>
  )
  return (
    <div className="mb-6 space-y-4">
      {running && (
        <Banner tone="blue" icon={<Loader2 className="h-5 w-5 animate-spin" aria-hidden />} title="Screening is running" action={!flagged && action}>
          The KYC, sanctions, PEP and jurisdiction checks run in the background. Their results appear in the Screening tab as soon as they are done.
        </Banner>
      )}
      {s.open.length > 0 && (
        <Banner tone="amber" icon={<ShieldAlert className="h-5 w-5" aria-hidden />} title="Screening blocks approval" action={action}>
          <ul className="list-disc space-y-0.5 pl-5" aria-label="Open screening items">
            {s.open.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </Banner>
      )}
      {flagged && (
        <Banner tone="amber" icon={<ShieldAlert className="h-5 w-5" aria-hidden />} title="Screening needs attention" action={action}>
          A jurisdiction or KYC check flagged something for your review. It does not block approval.
        </Banner>
      )}
    </div>
  )
}
