import { Download, FileText, History } from 'lucide-react'
import { buttonClass } from '../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../components/ui/Card'
import { Spinner } from '../../components/ui/Spinner'
import { cn } from '../../lib/cn'
import { formatDateTime } from '../../lib/format'
import { apiLinks } from '../../lib/paths'
import { statusLabel } from '../../lib/status'
import type { AuditEvent } from '../../lib/types'
import { auditText } from './auditText'

const ACTIONS: Record<string, { label: string; dot: string }> = {
  create: { label: 'Verification created', dot: 'bg-slate-400' },
  submit: { label: 'Submitted for review', dot: 'bg-blue-500' },
  resubmit: { label: 'Reopened by the applicant for changes', dot: 'bg-slate-400' },
  approve: { label: 'Approved', dot: 'bg-green-600' },
  'first-approval': { label: 'Approved, awaiting second review', dot: 'bg-purple-600' },
  'send-back': { label: 'Approval sent back', dot: 'bg-amber-500' },
  reject: { label: 'Rejected', dot: 'bg-red-600' },
  revoke: { label: 'Certificate revoked', dot: 'bg-red-600' },
  'generate-cis': { label: 'CIS form generated', dot: 'bg-brand-600' },
  'share-cis': { label: 'CIS share link created', dot: 'bg-brand-400' },
  delete: { label: 'Deleted', dot: 'bg-red-600' },
  'payment.succeeded': { label: 'Payment succeeded', dot: 'bg-green-600' },
  'payment.failed': { label: 'Payment failed', dot: 'bg-amber-500' },
  'payment.canceled': { label: 'Payment cancelled', dot: 'bg-slate-400' },
  'payment.refunded': { label: 'Payment refunded', dot: 'bg-amber-500' },
  'coupon.redeemed': { label: 'Coupon redeemed', dot: 'bg-green-500' },
  'tier.upgraded': { label: 'Upgraded to Top tier', dot: 'bg-purple-600' },
  'screening.completed': { label: 'Screening run completed', dot: 'bg-brand-400' },
  'screening.hit_decided': { label: 'Screening hit decided', dot: 'bg-purple-500' },
  'screening.pep_acknowledged': { label: 'Unavailable PEP screening acknowledged', dot: 'bg-amber-500' },
  claim: { label: 'Review started (claimed)', dot: 'bg-slate-500' },
  release: { label: 'Review released', dot: 'bg-slate-400' },
  takeover: { label: 'Review taken over', dot: 'bg-amber-500' },
  'claim-expired': { label: 'Claim lapsed (no activity)', dot: 'bg-slate-400' },
  'delete-representative': { label: 'Representative removed', dot: 'bg-slate-400' },
  'delete-beneficial-owner': { label: 'Beneficial owner removed', dot: 'bg-slate-400' },
  'withdraw-ownership-declaration': { label: 'Ownership declaration withdrawn', dot: 'bg-slate-400' },
}

export function actionLabel(action: string): string {
  return ACTIONS[action]?.label ?? action
}

function Reason({ action, reason }: { action: string; reason: string }) {
  const t = auditText(action, reason)
  return (
    <div className="mt-1 rounded-md bg-slate-50 px-2 py-1 text-xs text-slate-700">
      <p>{t.text}</p>
      {t.reference && <p className="break-all font-mono text-[11px] text-slate-600">Ref. {t.reference}</p>}
    </div>
  )
}

/** AuditTrail shows a verification's events as a timeline, oldest first, with its exports. */
export function AuditTrail({ id, events, loading }: { id: number; events: AuditEvent[] | undefined; loading: boolean }) {
  return (
    <Card>
      <CardHeader title="Audit Trail" icon={<History className="h-5 w-5" aria-hidden />} />
      <CardBody>
        <div className="mb-4 flex flex-wrap gap-2">
          <a href={apiLinks.adminAuditCSV(id)} download className={buttonClass('outline', 'sm')}>
            <Download className="h-4 w-4" aria-hidden /> Export audit (CSV)
          </a>
          <a href={apiLinks.adminAuditPDF(id)} download className={buttonClass('outline', 'sm')}>
            <FileText className="h-4 w-4" aria-hidden /> Audit report (PDF)
          </a>
        </div>
        {loading ? (
          <Spinner />
        ) : !events || events.length === 0 ? (
          <p className="text-sm text-slate-500">No events recorded.</p>
        ) : (
          <ol className="relative space-y-5 border-l border-slate-200 pl-5" aria-label="Audit trail">
            {events.map((e) => (
              <li key={e.id} className="relative" data-testid="audit-event" data-action={e.action}>
                <span className={cn('absolute -left-[26.5px] top-1 h-3 w-3 rounded-full ring-4 ring-white', ACTIONS[e.action]?.dot ?? 'bg-slate-400')} aria-hidden />
                <p className="text-sm font-medium text-slate-900">{actionLabel(e.action)}</p>
                {e.fromStatus && e.toStatus && e.fromStatus !== e.toStatus && (
                  <p className="text-xs text-slate-600">
                    {statusLabel(e.fromStatus)} → {statusLabel(e.toStatus)}
                  </p>
                )}
                {e.reason && <Reason action={e.action} reason={e.reason} />}
                <p className="mt-1 break-words text-xs text-slate-600">
                  {formatDateTime(e.createdAt, { zone: true })}
                  {e.actorEmail ? ` · ${e.actorEmail}` : ' · system'}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  )
}
