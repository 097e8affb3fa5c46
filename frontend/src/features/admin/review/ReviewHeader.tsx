import { CheckCircle2, XCircle } from 'lucide-react'
import { StatusBadge } from '../../../components/ui/Badge'
import { displayStatus } from '../../../lib/status'
import { Button } from '../../../components/ui/Button'
import type { AdminVerification } from '../../../lib/types'

/** ReviewHeader names the verification and, while the server allows a decision, offers Reject and Approve. */
export function ReviewHeader({
  v,
  companyName,
  onReject,
  onApprove,
  approving,
}: {
  v: AdminVerification
  companyName: string | undefined
  onReject: () => void
  onApprove: () => void
  approving: boolean
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">Review Verification #{v.id}</p>
        <h1 className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-2xl font-bold text-slate-900">
          <span className="min-w-0 break-words">{companyName || 'Company not yet provided'}</span> <StatusBadge status={displayStatus(v)} />
        </h1>
      </div>
      {v.actions.decide && (
        <div className="flex flex-wrap gap-2">
          <Button variant="destructive-outline" onClick={onReject} icon={<XCircle className="h-4 w-4" aria-hidden />}>
            Reject
          </Button>
          <Button variant="success" onClick={onApprove} loading={approving} icon={<CheckCircle2 className="h-4 w-4" aria-hidden />}>
            Approve
          </Button>
        </div>
      )}
    </div>
  )
}
