import { Users } from 'lucide-react'
import { countryName } from '../../lib/constants'
import { formatDate } from '../../lib/format'
import type { Representative } from '../../lib/types'
import { InfoField as Field } from '../ui/Banner'
import { FileLink, SectionCard, type SectionViewProps } from './SectionCard'

/** RepresentativesView lists the representatives: name, position and contact; detailed, passport data too. */
export function RepresentativesView({ data, loading, detailed }: SectionViewProps<Representative[]>) {
  const reps = data ?? []
  return (
    <SectionCard title="Representatives" icon={<Users className="h-5 w-5" aria-hidden />} loading={loading} empty={reps.length === 0 && 'No representatives.'}>
      <ul className="divide-y divide-slate-100">
        {reps.map((r) =>
          detailed ? (
            <li key={r.id} className="py-5 first:pt-0 last:pb-0" data-testid="admin-representative">
              <p className="font-semibold text-slate-900">{r.fullName}</p>
              <p className="text-sm text-slate-600">{r.position}</p>
              <dl className="mt-4 grid gap-4 sm:grid-cols-3">
                <Field label="Nationality">{countryName(r.nationality)}</Field>
                <Field label="Date of Birth">{formatDate(r.dateOfBirth)}</Field>
                <Field label="Passport Number">{r.passportNumber}</Field>
                <Field label="Issuing Country">{countryName(r.issuingCountry)}</Field>
                <Field label="Expiry Date">{formatDate(r.expiryDate)}</Field>
                <Field label="Email">{r.email}</Field>
                <Field label="Phone">{r.phoneNumber}</Field>
                <Field label="Passport Document">{r.documentUrl ? <FileLink href={r.documentUrl}>View passport</FileLink> : 'Not uploaded'}</Field>
              </dl>
            </li>
          ) : (
            <li key={r.id} className="py-3 first:pt-0 last:pb-0">
              <p className="font-medium text-slate-900">{r.fullName}</p>
              <p className="text-sm text-slate-600">{r.position}</p>
              <p className="mt-1 text-sm text-slate-500">
                {r.email} · {r.phoneNumber}
              </p>
            </li>
          ),
        )}
      </ul>
    </SectionCard>
  )
}
