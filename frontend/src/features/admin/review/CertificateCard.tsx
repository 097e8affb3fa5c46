import { Award, Ban, Download, ExternalLink, RotateCcw } from 'lucide-react'
import { Badge } from '../../../components/ui/Badge'
import { InfoField as Field } from '../../../components/ui/Banner'
import { Button, buttonClass } from '../../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../../components/ui/Card'
import { formatDate } from '../../../lib/format'
import { apiLinks, paths } from '../../../lib/paths'
import type { AdminVerification } from '../../../lib/types'

const CERTIFICATE = {
  valid: { color: 'green', label: 'Valid' },
  revoked: { color: 'red', label: 'Revoked' },
  expired: { color: 'grey', label: 'Expired' },
} as const

/**
 * CertificateCard shows an approved verification's certificate and lets an administrator revoke it,
 * or reinstate a revoked one; without onRevoke and onReinstate (a reviewer) it offers neither.
 */
export function CertificateCard({ v, onRevoke, onReinstate }: { v: AdminVerification; onRevoke?: () => void; onReinstate?: () => void }) {
  const st = CERTIFICATE[v.certificateStatus ?? 'expired']
  return (
    <Card>
      <CardHeader title="Certificate" icon={<Award className="h-5 w-5" aria-hidden />} />
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-2 gap-4">
          <Field label="Status">
            <Badge color={st.color}>{st.label}</Badge>
          </Field>
          <Field label="Valid Until">{formatDate(v.expiresAt)}</Field>
          <Field label="Approved">{formatDate(v.approvedAt)}</Field>
        </dl>
        <div className="flex flex-wrap gap-2">
          {v.actions.certificate && (
            <a href={apiLinks.adminCertificate(v.id)} download className={buttonClass('outline', 'sm')}>
              <Download className="h-4 w-4" aria-hidden /> Certificate
            </a>
          )}
          <a href={paths.publicCertificate(v.publicId)} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'sm')}>
            <ExternalLink className="h-4 w-4" aria-hidden /> Public page
          </a>
          {v.revokedAt
            ? onReinstate && (
                <Button variant="outline" size="sm" onClick={onReinstate} icon={<RotateCcw className="h-4 w-4" aria-hidden />}>
                  Reinstate
                </Button>
              )
            : onRevoke && (
                <Button variant="destructive-outline" size="sm" onClick={onRevoke} icon={<Ban className="h-4 w-4" aria-hidden />}>
                  Revoke
                </Button>
              )}
        </div>
      </CardBody>
    </Card>
  )
}
