import { CheckCircle2, Lock, XCircle } from 'lucide-react'
import { StatusBadge } from '../../../components/ui/Badge'
import { displayStatus } from '../../../lib/status'
import { Button } from '../../../components/ui/Button'
import type { AdminVerification } from '../../../lib/types'

/**
 * ReviewHeader names the verification and, while the server allows a decision, offers Reject and
 * Approve. While something blocks approval (blockedBy: what screening leaves open), Approve is
 * disabled and says why beside it, instead of opening a dialog that can only fail.
 */
export function ReviewHeader({
  v,
  companyName,
  onReject,
  onApprove,
  approving,
  blockedBy,
}: {
  v: AdminVerification
  companyName: string | undefined
  onReject: () => void
  onApprove: () => void
  approving: boolean
  blockedBy: string[]
}) {
  const blocked = blockedBy.length > 0
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">Review Verification #{v.id}</p>
        <h1 className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-2xl font-bold text-slate-900">
          <span className="min-w-0 break-words">{companyName || 'Company not yet provided'}</span> <StatusBadge status={displayStatus(v)} />
        </h1>
      </div>
      {v.actions.decide && (
        <div className="flex flex-col gap-1.5 sm:items-end">
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive-outline" onClick={onReject} icon={<XCircle className="h-4 w-4" aria-hidden />}>
              Reject
            </Button>
            {/* Awaiting a second review, the second review bar offers the confirmation. */}
            {!v.firstApproval?.awaiting && (
              <Button
                variant="success"
                onClick={onApprove}
                loading={approving}
                disabled={blocked}
                aria-describedby={blocked ? 'approve-blocked' : undefined}
                icon={<CheckCircle2 className="h-4 w-4" aria-hidden />}
              >
                Approve
              </Button>
            )}
          </div>
          {blocked && (
            <p id="approve-blocked" className="text-sm text-amber-800 sm:max-w-xs sm:text-right">
              <Lock className="mr-1 inline h-4 w-4 align-[-3px]" aria-hidden />
              {blockedBy.length === 1 ? `Approval blocked: ${blockedBy[0]}` : `Approval blocked: ${blockedBy.length} screening items are open`}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
