import { CreditCard } from 'lucide-react'
import { SectionCard } from '../../../components/sections'
import { Badge } from '../../../components/ui/Badge'
import { InfoField as Field } from '../../../components/ui/Banner'
import { formatDateTime, formatUSD } from '../../../lib/format'
import type { AdminVerification } from '../../../lib/types'

/** PaymentSection shows what the reviewer knows about the payment: status, amount, date, reference. */
export function PaymentSection({ v }: { v: AdminVerification }) {
  return (
    <SectionCard title="Payment" icon={<CreditCard className="h-5 w-5" aria-hidden />}>
      <dl className="grid gap-5 sm:grid-cols-3">
        <Field label="Payment Status">
          <Badge color={v.paymentStatus === 'paid' ? 'green' : v.paymentStatus === 'failed' ? 'red' : 'grey'}>
            {v.paymentStatus === 'paid' ? 'Paid' : v.paymentStatus === 'failed' ? 'Failed' : 'Pending'}
          </Badge>
        </Field>
        <Field label="Amount">{v.paymentAmount != null ? formatUSD(v.paymentAmount) : null}</Field>
        <Field label="Paid On">{v.paymentDate ? formatDateTime(v.paymentDate, { zone: true }) : null}</Field>
        <Field label="Payment Reference" className="sm:col-span-3">
          {v.paymentId ? <span className="break-all font-mono text-xs">{v.paymentId}</span> : null}
        </Field>
      </dl>
    </SectionCard>
  )
}
