import { Landmark } from 'lucide-react'
import { maskAccount } from '../../lib/format'
import type { BankingInfo } from '../../lib/types'
import { InfoField as Field } from '../ui/Banner'
import { fieldGrid, FileLink, SectionCard, type SectionViewProps } from './SectionCard'

/** BankingView shows the bank account, its number masked to the last 4 digits; detailed, in full. */
export function BankingView({ data: b, loading, detailed }: SectionViewProps<BankingInfo | null>) {
  return (
    <SectionCard title="Banking Details" icon={<Landmark className="h-5 w-5" aria-hidden />} loading={loading} empty={!b && 'No banking information.'}>
      {b &&
        (detailed ? (
          <dl className={fieldGrid(true)}>
            <Field label="Bank Name">{b.bankName}</Field>
            <Field label="Bank Address">{b.bankAddress}</Field>
            <Field label="Account Name">{b.accountName}</Field>
            <Field label="Account Number or IBAN">
              <span className="font-mono">{b.accountNumber}</span>
            </Field>
            <Field label="SWIFT/BIC Code">
              <span className="font-mono">{b.swiftCode}</span>
            </Field>
            <Field label="Currency">{b.currency}</Field>
            <Field label="Bank Contact">{b.bankContact}</Field>
            <Field label="Bank Reference Letter">{b.referenceUrl ? <FileLink href={b.referenceUrl}>View letter</FileLink> : 'Not uploaded'}</Field>
          </dl>
        ) : (
          <dl className={fieldGrid()}>
            <Field label="Bank Name">{b.bankName}</Field>
            <Field label="Account Holder">{b.accountName}</Field>
            <Field label="Account Number">{maskAccount(b.accountNumber)}</Field>
            <Field label="SWIFT/BIC">{b.swiftCode}</Field>
          </dl>
        ))}
    </SectionCard>
  )
}
