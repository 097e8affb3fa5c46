import { useState } from 'react'
import { mutate } from '../../../components/ui/mutate'
import type { AdminVerification } from '../../../lib/types'
import { useApproveVerificationMutation, useRejectVerificationMutation, useRevokeVerificationMutation } from '../adminApi'
import { AuditTrail } from '../AuditTrail'
import { ReasonDialog } from '../ReasonDialog'
import { rejectSchema, revokeSchema } from '../schema'
import { BackButton } from './BackButton'
import { CertificateCard } from './CertificateCard'
import { CisCard } from './CisCard'
import { DetailsCard } from './DetailsCard'
import { ReviewBanners } from './ReviewBanners'
import { ReviewHeader } from './ReviewHeader'
import { ReviewTabs } from './ReviewTabs'
import { useReviewSections } from './useReviewSections'

/** Review lays out one verification for the reviewer and carries out approve, reject and revoke. */
export function Review({ v }: { v: AdminVerification }) {
  const sections = useReviewSections(v.id)
  const [approve, { isLoading: approving }] = useApproveVerificationMutation()
  const [reject] = useRejectVerificationMutation()
  const [revoke] = useRevokeVerificationMutation()
  const [rejectOpen, setRejectOpen] = useState(false)
  const [revokeOpen, setRevokeOpen] = useState(false)

  function doApprove() {
    return mutate(approve(v.id), {
      done: { title: 'Verification Approved', description: `Verification #${v.id} has been approved and its certificate issued.` },
      failed: 'Approval Failed',
    })
  }

  // A reason dialog closes once its decision went through; a failure keeps it open with the reason.
  async function decide(call: Parameters<typeof mutate>[0], opts: Parameters<typeof mutate>[1], close: (open: boolean) => void) {
    const r = await mutate(call, opts)
    if (r.ok) close(false)
    return r.ok
  }

  const doReject = (reason: string) =>
    decide(
      reject({ id: v.id, reason }),
      { done: { title: 'Verification Rejected', description: 'The applicant can see your reason and resubmit.' }, failed: 'Rejection Failed' },
      setRejectOpen,
    )

  const doRevoke = (reason: string) =>
    decide(
      revoke({ id: v.id, reason }),
      { done: { title: 'Certificate Revoked', description: 'The public page now shows the certificate as revoked.' }, failed: 'Revocation Failed' },
      setRevokeOpen,
    )

  return (
    <div className="mx-auto max-w-7xl">
      <div className="mb-4">
        <BackButton />
      </div>
      <ReviewHeader v={v} companyName={sections.company.data?.companyName} onReject={() => setRejectOpen(true)} onApprove={doApprove} approving={approving} />
      <ReviewBanners v={v} />

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ReviewTabs v={v} sections={sections} />
        </div>
        <div className="space-y-6">
          <DetailsCard v={v} />
          {v.status === 'approved' && <CertificateCard v={v} onRevoke={() => setRevokeOpen(true)} />}
          {v.status === 'approved' && <CisCard v={v} />}
          <AuditTrail events={sections.events.data} loading={sections.events.isLoading} />
        </div>
      </div>

      <ReasonDialog
        open={rejectOpen}
        onOpenChange={setRejectOpen}
        title="Reject Verification"
        description="The applicant sees this reason and can update and resubmit the application."
        label="Rejection Reason"
        confirmLabel="Reject Verification"
        schema={rejectSchema}
        onConfirm={doReject}
      />
      <ReasonDialog
        open={revokeOpen}
        onOpenChange={setRevokeOpen}
        title="Revoke Certificate"
        description="The public certificate page will show the certificate as revoked from now on. This cannot be undone."
        label="Revocation Reason"
        confirmLabel="Revoke Certificate"
        schema={revokeSchema}
        onConfirm={doRevoke}
      />
    </div>
  )
}
