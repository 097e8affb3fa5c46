import { AlertTriangle, Ban, Clock, CreditCard, RotateCcw, SearchCheck, ShieldCheck } from 'lucide-react'
import { Banner } from '../../../../components/ui/Banner'
import { Button, ButtonLink } from '../../../../components/ui/Button'
import { formatDate } from '../../../../lib/format'
import { paths } from '../../../../lib/paths'
import type { Verification } from '../../../../lib/types'

/**
 * StatusBanners tell the owner where a submitted verification stands. The banner follows the status;
 * its action (Make Payment, Update and Resubmit) follows what the server allows.
 */
export function StatusBanners({ v, onResubmit, resubmitting }: { v: Verification; onResubmit: () => void; resubmitting: boolean }) {
  const revoked = Boolean(v.revokedAt)
  // An approved certificate the server issues no papers for, and not revoked, has expired.
  const expired = v.status === 'approved' && !revoked && !v.actions.certificate
  return (
    <>
      {v.actions.pay && (
        <Banner
          tone="amber"
          icon={<CreditCard className="h-5 w-5" aria-hidden />}
          title="Payment required"
          action={
            <ButtonLink to={paths.payment(v.id)} variant="accent">
              Make Payment
            </ButtonLink>
          }
        >
          Your application is submitted. Complete the payment to send it for review.
        </Banner>
      )}
      {v.status === 'submitted' && v.paymentStatus === 'paid' && (
        <Banner tone="blue" icon={<Clock className="h-5 w-5" aria-hidden />} title="Submitted">
          Payment received. Your application will be reviewed within 1-2 business days.
        </Banner>
      )}
      {v.status === 'in_review' && (
        <Banner tone="purple" icon={<SearchCheck className="h-5 w-5" aria-hidden />} title="In review">
          Our compliance team is reviewing your application. This usually takes 1-2 business days.
        </Banner>
      )}
      {v.status === 'approved' && revoked && (
        <Banner tone="red" icon={<Ban className="h-5 w-5" aria-hidden />} title="Certificate revoked">
          Revoked {formatDate(v.revokedAt)}
          {v.revocationReason ? `: ${v.revocationReason}` : ''}. Contact support if you believe this is a mistake.
        </Banner>
      )}
      {expired && (
        <Banner tone="amber" icon={<Clock className="h-5 w-5" aria-hidden />} title="Certificate expired">
          Expired {formatDate(v.expiresAt)}. It no longer attests that the company is verified.
        </Banner>
      )}
      {v.status === 'approved' && !revoked && !expired && (
        <Banner tone="green" icon={<ShieldCheck className="h-5 w-5" aria-hidden />} title="Verification approved">
          Approved {formatDate(v.approvedAt ?? v.updatedAt)}
          {v.expiresAt ? ` · valid until ${formatDate(v.expiresAt)}` : ''}.
        </Banner>
      )}
      {v.status === 'rejected' && (
        <Banner
          tone="red"
          icon={<AlertTriangle className="h-5 w-5" aria-hidden />}
          title="Verification rejected"
          action={
            v.actions.resubmit && (
              <Button variant="destructive" onClick={onResubmit} loading={resubmitting} icon={<RotateCcw className="h-4 w-4" aria-hidden />}>
                Update and Resubmit
              </Button>
            )
          }
        >
          {v.rejectionReason ? <>Reason: {v.rejectionReason}</> : 'Please review your information and resubmit.'}
        </Banner>
      )}
    </>
  )
}
