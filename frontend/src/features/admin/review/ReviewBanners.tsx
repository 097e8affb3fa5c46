import { AlertTriangle, Ban, XCircle } from 'lucide-react'
import { Banner } from '../../../components/ui/Banner'
import { formatDateTime } from '../../../lib/format'
import type { AdminVerification, VerificationScreening } from '../../../lib/types'
import { OpenScreeningButton, ScreeningBanner, ScreeningNotes, screeningState } from './ScreeningBanner'

function reviewText(v: AdminVerification): string {
  if (v.firstApproval?.awaiting) return 'This verification was approved once and waits for a second reviewer. Check every section and document, then confirm the approval, send it back or reject it.'
  if (v.status !== 'submitted') return 'This verification is paid for and waiting for your decision. Check every section and document, then approve or reject it.'
  return v.paymentStatus === 'paid'
    ? 'This verification was submitted and paid for. Check every section and document, then approve or reject it.'
    : 'This verification was submitted but is not paid for yet. Check every section and document, then approve or reject it.'
}

/**
 * ReviewBanners say what the reviewer must do (decide, with what screening leaves open, in one
 * banner) or what was decided (rejected, revoked), and what screening asks of an approved one.
 */
export function ReviewBanners({ v, s, onOpenScreening }: { v: AdminVerification; s: VerificationScreening | undefined; onOpenScreening: () => void }) {
  const screening = screeningState(s)
  return (
    <>
    <div className="mb-6 space-y-4 empty:hidden">
      {v.actions.decide && (
        <Banner
          tone={screening.open.length > 0 ? 'amber' : 'yellow'}
          icon={<AlertTriangle className="h-5 w-5" aria-hidden />}
          title="Review Required"
          action={screening.any && <OpenScreeningButton onOpen={onOpenScreening} />}
        >
          {reviewText(v)}
          <ScreeningNotes s={s} />
        </Banner>
      )}
      {v.status === 'rejected' && (
        <Banner tone="red" icon={<XCircle className="h-5 w-5" aria-hidden />} title="Rejected">
          {v.rejectionReason ? <>Reason: {v.rejectionReason}</> : 'No reason recorded.'}
        </Banner>
      )}
      {v.status === 'approved' && v.revokedAt && (
        <Banner tone="red" icon={<Ban className="h-5 w-5" aria-hidden />} title="Certificate revoked">
          Revoked {formatDateTime(v.revokedAt, { zone: true })}
          {v.revocationReason ? `: ${v.revocationReason}` : ''}
        </Banner>
      )}
    </div>
    {!v.actions.decide && <ScreeningBanner s={s} onOpen={onOpenScreening} />}
    </>
  )
}
