import { Hand, LogOut, UserCheck, UserRound } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { mutate } from '@/components/ui/mutate'
import { formatDateTime } from '@/lib/format'
import type { AdminVerification, ReviewClaim } from '@/lib/types'
import { useClaimVerificationMutation, useReleaseVerificationMutation, useTakeOverVerificationMutation } from './adminApi'
import { ReasonDialog } from './ReasonDialog'
import { takeOverSchema } from './schema'

/** claimText names who is reviewing and since when, in one line. */
export function claimText(c: ReviewClaim): string {
  const since = formatDateTime(c.claimedAt, { zone: true })
  return c.mine ? `You are reviewing this since ${since}` : `Claimed by ${c.holderEmail} since ${since}`
}

/** ClaimBadge marks a queue row someone is reviewing: "You" for the caller's own claims. */
export function ClaimBadge({ claim }: { claim: ReviewClaim }) {
  return (
    <Badge color={claim.mine ? 'green' : 'grey'} className="max-w-[14rem] gap-1">
      <UserRound className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="truncate" title={claimText(claim)}>
        <span className="sr-only">Claimed by </span>
        {claim.mine ? 'You' : claim.holderEmail}
      </span>
    </Badge>
  )
}

/**
 * ClaimBar says who is reviewing a verification awaiting a decision and offers what the reviewer
 * may do about it: Start review when nobody is, Release their own claim, or Take over another's
 * with a reason (audited). Decisions on a verification someone else holds are refused by the server.
 */
export function ClaimBar({ v }: { v: AdminVerification }) {
  const [claim, { isLoading: claiming }] = useClaimVerificationMutation()
  const [release, { isLoading: releasing }] = useReleaseVerificationMutation()
  const [takeOver] = useTakeOverVerificationMutation()
  const [takeOverOpen, setTakeOverOpen] = useState(false)
  if (!v.actions.decide) return null
  const c = v.claim

  const doTakeOver = async (reason: string) => {
    const r = await mutate(takeOver({ id: v.id, reason }), {
      done: { title: 'Review taken over', description: 'You are now reviewing this verification.' },
      failed: 'Takeover Failed',
    })
    if (r.ok) setTakeOverOpen(false)
    return r.ok
  }

  return (
    <section
      aria-label="Reviewer"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm text-slate-800">
        {c ? <UserCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden /> : <UserRound className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />}
        <span className="min-w-0 [overflow-wrap:anywhere]">
          {c ? claimText(c) : 'Nobody is reviewing this verification. Start review so other reviewers see it is yours.'}
        </span>
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        {!c && (
          <Button
            onClick={() => void mutate(claim(v.id), { done: { title: 'Review started', description: 'Other reviewers see that you are on it.' }, failed: 'Could Not Start Review' })}
            loading={claiming}
            icon={<Hand className="h-4 w-4" aria-hidden />}
          >
            Start review
          </Button>
        )}
        {c?.mine && (
          <Button
            variant="outline"
            onClick={() => void mutate(release(v.id), { done: { title: 'Review released', description: 'Any reviewer can take it now.' }, failed: 'Release Failed' })}
            loading={releasing}
            icon={<LogOut className="h-4 w-4" aria-hidden />}
          >
            Release
          </Button>
        )}
        {c && !c.mine && (
          <Button variant="outline" onClick={() => setTakeOverOpen(true)} icon={<Hand className="h-4 w-4" aria-hidden />}>
            Take over
          </Button>
        )}
      </div>
      <ReasonDialog
        open={takeOverOpen}
        onOpenChange={setTakeOverOpen}
        title="Take over this review?"
        description={c ? `${claimText(c)}. Your reason is kept in the audit trail with their name.` : 'Your reason is kept in the audit trail.'}
        label="Reason for taking over"
        placeholder="For example: on leave, the applicant is waiting"
        confirmLabel="Take over"
        confirmVariant="primary"
        schema={takeOverSchema}
        onConfirm={doTakeOver}
      />
    </section>
  )
}
