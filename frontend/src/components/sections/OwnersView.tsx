import { ShieldCheck } from 'lucide-react'
import { CONTROLS, countryName } from '../../lib/constants'
import { formatDate } from '../../lib/format'
import type { BeneficialOwner, Ownership } from '../../lib/types'
import { InfoField as Field } from '../ui/Banner'
import { FileLink, SectionCard, type SectionViewProps } from './SectionCard'

/** controlLabels names an owner's natures of control, "other" with its description. */
export function controlLabels(o: Pick<BeneficialOwner, 'natureOfControl' | 'controlText'>): string {
  return o.natureOfControl
    .map((c) => {
      const label = CONTROLS.find((x) => x.value === c)?.label ?? c
      return c === 'other' && o.controlText ? `${label}: ${o.controlText}` : label
    })
    .join(', ')
}

/**
 * OwnersView is a Top verification's beneficial ownership: the owners with their holding and control
 * (detailed: date of birth, residence and identity document too), or the declaration that nobody
 * reaches the threshold with its senior managing official.
 */
export function OwnersView({ data, loading, detailed }: SectionViewProps<Ownership | null>) {
  const owners = data?.owners ?? []
  const declaration = data?.declaration
  return (
    <SectionCard
      title="Beneficial Owners"
      icon={<ShieldCheck className="h-5 w-5" aria-hidden />}
      loading={loading}
      empty={owners.length === 0 && !declaration && 'No beneficial owners and no declaration.'}
    >
      {declaration && owners.length === 0 ? (
        <div data-testid="ownership-declaration">
          <p className="font-medium text-slate-900">Declared: “{declaration.text}.”</p>
          <p className="mt-1 text-sm text-slate-600">Senior managing official: {declaration.seniorOfficialName}</p>
          {detailed && <p className="mt-1 text-sm text-slate-500">Declared {formatDate(declaration.updatedAt)}</p>}
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {owners.map((o) =>
            detailed ? (
              <li key={o.id} className="py-5 first:pt-0 last:pb-0" data-testid="admin-owner">
                <p className="font-semibold text-slate-900">{o.fullName}</p>
                <p className="text-sm text-slate-600">
                  {o.ownershipPercentage}% · {controlLabels(o)}
                </p>
                <dl className="mt-4 grid gap-4 sm:grid-cols-3">
                  <Field label="Date of Birth">{formatDate(o.dateOfBirth)}</Field>
                  <Field label="Nationality">{countryName(o.nationality)}</Field>
                  <Field label="Country of Residence">{countryName(o.countryOfResidence)}</Field>
                  <Field label="Identity Document">{o.documentUrl ? <FileLink href={o.documentUrl}>View document</FileLink> : 'Not uploaded'}</Field>
                </dl>
              </li>
            ) : (
              <li key={o.id} className="py-3 first:pt-0 last:pb-0">
                <p className="font-medium text-slate-900">{o.fullName}</p>
                <p className="text-sm text-slate-600">
                  {o.ownershipPercentage}% · {controlLabels(o)}
                </p>
              </li>
            ),
          )}
        </ul>
      )}
    </SectionCard>
  )
}
