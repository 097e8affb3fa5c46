import { StatusBadge } from '../../../components/ui/Badge'
import { displayStatus } from '../../../lib/status'
import { InfoField as Field } from '../../../components/ui/Banner'
import { Card, CardBody, CardHeader } from '../../../components/ui/Card'
import { formatDateTime } from '../../../lib/format'
import type { AdminVerification } from '../../../lib/types'
import { TierBadge } from '../TierBadge'

/** DetailsCard shows the record itself: public ID, owner, tier, status and dates. */
export function DetailsCard({ v }: { v: AdminVerification }) {
  return (
    <Card>
      <CardHeader title="Verification Details" />
      <CardBody>
        <dl className="grid grid-cols-2 gap-4">
          <Field label="Public ID" className="col-span-2">
            <span className="break-all font-mono text-xs">{v.publicId}</span>
          </Field>
          <Field label="User Email" className="col-span-2">
            {v.userEmail}
          </Field>
          <Field label="Tier">
            <TierBadge tier={v.tier} />
          </Field>
          <Field label="Status">
            <StatusBadge status={displayStatus(v)} />
          </Field>
          <Field label="Created">{formatDateTime(v.createdAt, { zone: true })}</Field>
          <Field label="Last Updated">{formatDateTime(v.updatedAt, { zone: true })}</Field>
        </dl>
      </CardBody>
    </Card>
  )
}
