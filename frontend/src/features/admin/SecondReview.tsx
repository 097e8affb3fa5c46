import { CheckCircle2, Undo2, Users } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { Banner } from '@/components/ui/Banner'
import { Button } from '@/components/ui/Button'
import { mutate } from '@/components/ui/mutate'
import { formatDateTime } from '@/lib/format'
import type { AdminVerification, FirstApproval } from '@/lib/types'
import { useSendBackVerificationMutation } from './adminApi'
import { ReasonDialog } from './ReasonDialog'
import { sendBackSchema } from './schema'

/** firstApprovalText says who approved first and when, and that a second review is awaited. */
export function firstApprovalText(a: FirstApproval): string {
  const when = formatDateTime(a.approvedAt, { zone: true })
  return a.mine ? `You approved this on ${when}, awaiting second review` : `Approved by ${a.approverEmail} on ${when}, awaiting second review`
}

/** SecondReviewBadge marks a queue row whose first approval awaits a second reviewer. */
export function SecondReviewBadge() {
  return (
    <Badge color="purple" className="gap-1 whitespace-nowrap">
      <Users className="h-3.5 w-3.5 shrink-0" aria-hidden />
      Awaiting second review
    </Badge>
  )
}

/**
 * SecondReviewBar shows a first approval under four eyes (FOUR_EYES) on the review page. While it
 * awaits, another reviewer may Confirm approval (onConfirm: the approval dialog) or Send back with a
 * note; its approver is told why they cannot. A sent-back approval leaves its note for the reviewers.
 */
export function SecondReviewBar({ v, onConfirm }: { v: AdminVerification; onConfirm: () => void }) {
  const [sendBack] = useSendBackVerificationMutation()
  const [open, setOpen] = useState(false)
  const a = v.firstApproval
  if (!a || !v.actions.decide) return null

  if (!a.awaiting) {
    const b = a.sentBack
    return b ? (
      <Banner tone="amber" icon={<Undo2 className="h-5 w-5" aria-hidden />} title="Approval sent back" className="mb-6">
        <span className="[overflow-wrap:anywhere]">
          {b.byEmail} sent back {a.approverEmail}&apos;s approval on {formatDateTime(b.at, { zone: true })}: {b.note}
        </span>
      </Banner>
    ) : null
  }

  const doSendBack = async (note: string) => {
    const r = await mutate(sendBack({ id: v.id, reason: note }), {
      done: { title: 'Approval sent back', description: 'It is back in the queue with your note for the reviewers.' },
      failed: 'Send Back Failed',
    })
    if (r.ok) setOpen(false)
    return r.ok
  }

  return (
    <section
      aria-label="Second review"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-purple-200 bg-purple-50 px-4 py-3 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-2 text-sm text-slate-800">
        <Users className="mt-0.5 h-4 w-4 shrink-0 text-purple-700" aria-hidden />
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <p className="font-medium">{firstApprovalText(a)}</p>
          <p className="text-slate-700">
            {a.mine
              ? 'The second approval must come from another reviewer: they confirm it or send it back. You can still reject it.'
              : 'Nothing is issued and the applicant sees In Review until a second reviewer confirms this approval.'}
          </p>
        </div>
      </div>
      {!a.mine && (
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" onClick={() => setOpen(true)} icon={<Undo2 className="h-4 w-4" aria-hidden />}>
            Send back
          </Button>
          <Button variant="success" onClick={onConfirm} icon={<CheckCircle2 className="h-4 w-4" aria-hidden />}>
            Confirm approval
          </Button>
        </div>
      )}
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Send this approval back?"
        description={`${firstApprovalText(a)}. It goes back to the queue unapproved; your note is shown to the reviewers and kept in the audit trail. The applicant is not told.`}
        label="Note for the reviewers"
        placeholder="For example: the register extract is out of date"
        confirmLabel="Send back"
        confirmVariant="primary"
        schema={sendBackSchema}
        onConfirm={doSendBack}
      />
    </section>
  )
}
