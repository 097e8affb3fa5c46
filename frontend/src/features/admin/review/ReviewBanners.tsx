import { AlertTriangle, Ban, XCircle } from 'lucide-react'
import { Banner } from '../../../components/ui/Banner'
import { formatDateTime } from '../../../lib/format'
import type { AdminVerification } from '../../../lib/types'

function reviewText(v: AdminVerification): string {
  if (v.status !== 'submitted') return 'This verification is paid for and waiting for your decision. Check every section and document, then approve or reject it.'
  return v.paymentStatus === 'paid'
    ? 'This verification was submitted and paid for. Check every section and document, then approve or reject it.'
    : 'This verification was submitted but is not paid for yet. Check every section and document, then approve or reject it.'
}

/** ReviewBanners say what the reviewer must do (decide) or what was decided (rejected, revoked). */
export function ReviewBanners({ v }: { v: AdminVerification }) {
  return (
    <div className="mb-6 space-y-4">
      {v.actions.decide && (
        <Banner tone="yellow" icon={<AlertTriangle className="h-5 w-5" aria-hidden />} title="Review Required">
          {reviewText(v)}
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
  )
}
