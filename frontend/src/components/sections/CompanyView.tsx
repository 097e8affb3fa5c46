import { Building2 } from 'lucide-react'
import { countryName } from '../../lib/constants'
import { formatDate } from '../../lib/format'
import type { CompanyInfo } from '../../lib/types'
import { InfoField as Field } from '../ui/Banner'
import { fieldGrid, SectionCard, type SectionViewProps } from './SectionCard'

/** CompanyView shows the company: name, registration, address and country; detailed, every field. */
export function CompanyView({ data: c, loading, detailed }: SectionViewProps<CompanyInfo | null>) {
  return (
    <SectionCard title="Company Information" icon={<Building2 className="h-5 w-5" aria-hidden />} loading={loading} empty={!c && 'No company information.'}>
      {c &&
        (detailed ? (
          <dl className={fieldGrid(true)}>
            <Field label="Company Name">{c.companyName}</Field>
            <Field label="Registration Number">{c.registrationNumber}</Field>
            <Field label="Country of Incorporation">{countryName(c.countryOfIncorporation)}</Field>
            <Field label="Date of Incorporation">{formatDate(c.dateOfIncorporation)}</Field>
            <Field label="Registered Address">{c.registeredAddress}</Field>
            <Field label="Operating Address">{c.operatingAddress}</Field>
            <Field label="Phone">{c.phoneNumber}</Field>
            <Field label="Email">{c.email}</Field>
            <Field label="Tax ID">{c.taxId}</Field>
            <Field label="LEI">{c.lei}</Field>
            <Field label="VAT Number">{c.vatNumber}</Field>
            <Field label="Website">
              {c.website ? (
                <a href={/^https?:\/\//.test(c.website) ? c.website : `https://${c.website}`} target="_blank" rel="noreferrer noopener" className="text-brand-700 hover:underline">
                  {c.website}
                </a>
              ) : null}
            </Field>
          </dl>
        ) : (
          <dl className={fieldGrid()}>
            <Field label="Company Name">{c.companyName}</Field>
            <Field label="Registration Number">{c.registrationNumber}</Field>
            <Field label="Registered Address">{c.registeredAddress}</Field>
            <Field label="Country">{countryName(c.countryOfIncorporation)}</Field>
          </dl>
        ))}
    </SectionCard>
  )
}
