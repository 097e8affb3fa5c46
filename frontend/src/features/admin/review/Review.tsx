import { AlertTriangle, XOctagon } from 'lucide-react'
import { useState } from 'react'
import { Banner } from '@/components/ui/Banner'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { mutate } from '@/components/ui/mutate'
import { useGetCurrentUserQuery } from '@/app/api'
import { errorMessage } from '@/lib/errors'
import { formatDate } from '@/lib/format'
import { administers } from '@/lib/roles'
import { tierLabel } from '@/lib/status'
import { usePageTitle } from '@/lib/usePageTitle'
import type { AdminVerification } from '@/lib/types'
import { useApproveVerificationMutation, useReinstateVerificationMutation, useRejectVerificationMutation, useRevokeVerificationMutation } from '../adminApi'
import { AuditTrail } from '../AuditTrail'
import { ReasonDialog } from '../ReasonDialog'
import { ClaimBar } from '../ReviewClaim'
import { SecondReviewBar } from '../SecondReview'
import { reasonChoices, rememberReason, savedReasons } from '../rejectionReasons'
import { reinstateSchema, rejectSchema, revokeSchema } from '../schema'
import { BackButton } from './BackButton'
import { CertificateCard } from './CertificateCard'
import { CisCard } from './CisCard'
import { DetailsCard } from './DetailsCard'
import { ReviewBanners } from './ReviewBanners'
import { ReviewHeader } from './ReviewHeader'
import { ReviewTabs, type ReviewTab } from './ReviewTabs'
import { useReviewSections } from './useReviewSections'
import { useScreening } from './useScreening'

/** approvalText says what approving does, before the reviewer confirms it. */
export function approvalText(v: Pick<AdminVerification, 'tier'>, companyName: string | undefined): string {
  const until = new Date()
  until.setUTCFullYear(until.getUTCFullYear() + 1)
  const tier = tierLabel(v.tier)
  return (
    `Approving issues the ${tier} certificate for ${companyName || 'this company'}, valid until ${formatDate(until.toISOString())}. ` +
    'Its public certificate page goes live, the applicant is told by e-mail and can download the certificate, and you can then generate the CIS.'
  )
}

/** FIRST_OF_TWO says what a first approval under four eyes does. */
const FIRST_OF_TWO =
  'Your approval is recorded as the first of two: nothing is issued and the applicant still sees In Review until another reviewer confirms it or sends it back.'

/** Review lays out one verification for the reviewer and carries out approve, reject, and for administrators revoke and reinstate. */
export function Review({ v }: { v: AdminVerification }) {
  const admin = administers(useGetCurrentUserQuery().data)
  const sections = useReviewSections(v.id, v.tier === 'top')
  const screening = useScreening(v)
  const [tab, setTab] = useState<ReviewTab>('overview')
  // The server's reason for refusing approval (e.g. what screening leaves open) stays on the page
  // until who holds the review changes (a refusal naming another reviewer's claim is then stale).
  const holder = v.claim?.holderId ?? 0
  const [refused, setRefused] = useState<{ text: string; holder: number } | null>(null)
  const refusal = refused?.holder === holder ? refused.text : null
  const [approve, { isLoading: approving }] = useApproveVerificationMutation()
  const [reject] = useRejectVerificationMutation()
  const [revoke] = useRevokeVerificationMutation()
  const [rejectOpen, setRejectOpen] = useState(false)
  const [revokeOpen, setRevokeOpen] = useState(false)
  const [reinstate] = useReinstateVerificationMutation()
  const [reinstateOpen, setReinstateOpen] = useState(false)
  const [approveOpen, setApproveOpen] = useState(false)
  const companyName = sections.company.data?.companyName
  usePageTitle(`Review · ${companyName || `Verification #${v.id}`}`)

  // Under four eyes an approval is the first of two until another reviewer's confirms it.
  const firstOfTwo = v.fourEyes && !v.firstApproval?.awaiting
  async function doApprove() {
    const r = await mutate(approve(v.id), {
      done: firstOfTwo
        ? { title: 'Approval Recorded', description: `Verification #${v.id} now awaits a second reviewer's confirmation.` }
        : { title: 'Verification Approved', description: `Verification #${v.id} has been approved and its certificate issued.` },
      failed: 'Approval Failed',
    })
    setRefused(r.ok ? null : { text: errorMessage(r.error), holder })
    // Closed either way: a refusal stays on the page in its banner.
    setApproveOpen(false)
  }

  // A reason dialog closes once its decision went through; a failure keeps it open with the reason.
  async function decide(call: Parameters<typeof mutate>[0], opts: Parameters<typeof mutate>[1], close: (open: boolean) => void) {
    const r = await mutate(call, opts)
    if (r.ok) close(false)
    return r.ok
  }

  const doReject = async (reason: string) => {
    const ok = await decide(
      reject({ id: v.id, reason }),
      { done: { title: 'Verification Rejected', description: 'The applicant can see your reason and resubmit.' }, failed: 'Rejection Failed' },
      setRejectOpen,
    )
    if (ok) rememberReason(reason)
    return ok
  }

  const doRevoke = (reason: string) =>
    decide(
      revoke({ id: v.id, reason }),
      { done: { title: 'Certificate Revoked', description: 'The public page now shows the certificate as revoked.' }, failed: 'Revocation Failed' },
      setRevokeOpen,
    )

  const doReinstate = (reason: string) =>
    decide(
      reinstate({ id: v.id, reason }),
      { done: { title: 'Certificate Reinstated', description: 'The public page shows the certificate as valid again.' }, failed: 'Reinstatement Failed' },
      setReinstateOpen,
    )

  return (
    <div className="mx-auto max-w-7xl">
      <div className="mb-4">
        <BackButton />
      </div>
      <ReviewHeader
        v={v}
        companyName={companyName}
        onReject={() => setRejectOpen(true)}
        onApprove={() => setApproveOpen(true)}
        approving={approving}
        blockedBy={screening.data?.open ?? []}
      />
      <ClaimBar v={v} />
      <SecondReviewBar v={v} onConfirm={() => setApproveOpen(true)} />
      {refusal && v.actions.decide && (
        <Banner tone="red" icon={<XOctagon className="h-5 w-5" aria-hidden />} title="Approval refused" className="mb-6">
          {refusal}
        </Banner>
      )}
      <ReviewBanners v={v} s={screening.data} onOpenScreening={() => setTab('screening')} />

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ReviewTabs v={v} sections={sections} screening={screening} tab={tab} onTab={setTab} />
        </div>
        <div className="space-y-6">
          <DetailsCard v={v} />
          {v.status === 'approved' &&
            (admin ? <CertificateCard v={v} onRevoke={() => setRevokeOpen(true)} onReinstate={() => setReinstateOpen(true)} /> : <CertificateCard v={v} />)}
          {v.status === 'approved' && <CisCard v={v} />}
          <AuditTrail id={v.id} events={sections.events.data} loading={sections.events.isLoading} />
        </div>
      </div>

      <ConfirmDialog
        item={approveOpen ? v : null}
        onClose={() => setApproveOpen(false)}
        title={`Approve verification #${v.id}?`}
        description={(x) => (firstOfTwo ? FIRST_OF_TWO : approvalText(x, companyName))}
        confirmLabel={firstOfTwo ? 'Approve (first of two)' : 'Approve and issue certificate'}
        variant="success"
        onConfirm={doApprove}
        busy={approving}
      >
        {v.paymentStatus !== 'paid' && (
          <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            This verification has not been paid for. Approving it issues the certificate without payment.
          </p>
        )}
      </ConfirmDialog>
      <ReasonDialog
        open={rejectOpen}
        onOpenChange={setRejectOpen}
        title="Reject Verification"
        description="The applicant sees this reason and can update and resubmit the application."
        label="Rejection Reason"
        confirmLabel="Reject Verification"
        schema={rejectSchema}
        onConfirm={doReject}
        choices={rejectOpen ? reasonChoices(savedReasons()) : undefined}
      />
      <ReasonDialog
        open={revokeOpen}
        onOpenChange={setRevokeOpen}
        title="Revoke Certificate"
        description="The public certificate page will show the certificate as revoked until it is reinstated. Share links to its CIS are withdrawn for good."
        label="Revocation Reason"
        confirmLabel="Revoke Certificate"
        schema={revokeSchema}
        onConfirm={doRevoke}
      />
      <ReasonDialog
        open={reinstateOpen}
        onOpenChange={setReinstateOpen}
        title="Reinstate Certificate"
        description="The public certificate page will show the certificate as valid again. The applicant is not notified; your reason is kept in the audit trail."
        label="Reinstatement Reason"
        confirmLabel="Reinstate Certificate"
        schema={reinstateSchema}
        onConfirm={doReinstate}
      />
    </div>
  )
}
