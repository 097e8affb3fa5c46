import { Building2, CreditCard, ExternalLink, FileText, Landmark, Package, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '../../components/ui/Badge'
import { InfoField as Field } from '../../components/ui/Banner'
import { Card, CardBody, CardHeader } from '../../components/ui/Card'
import { Spinner } from '../../components/ui/Spinner'
import { countryName, documentTypeLabel, DOCUMENT_TYPE_LABELS } from '../../lib/constants'
import { formatDate, formatDateTime, formatKB, formatUSD, parseProducts } from '../../lib/format'
import type { AdminVerification, BankingInfo, CompanyInfo, Representative, TradeInfo, VerificationDocument } from '../../lib/types'

function Section({ title, icon, loading, empty, children }: { title: string; icon: ReactNode; loading?: boolean; empty?: string | false; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} icon={icon} />
      <CardBody>{loading ? <Spinner /> : empty ? <p className="text-sm text-slate-500">{empty}</p> : children}</CardBody>
    </Card>
  )
}

function FileLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
      {children} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
    </a>
  )
}

export function CompanySection({ c, loading }: { c: CompanyInfo | null | undefined; loading: boolean }) {
  return (
    <Section title="Company Information" icon={<Building2 className="h-5 w-5" aria-hidden />} loading={loading} empty={!c && 'No company information.'}>
      {c && (
        <dl className="grid gap-5 sm:grid-cols-2">
          <Field label="Company Name">{c.companyName}</Field>
          <Field label="Registration Number">{c.registrationNumber}</Field>
          <Field label="Country of Incorporation">{countryName(c.countryOfIncorporation)}</Field>
          <Field label="Date of Incorporation">{formatDate(c.dateOfIncorporation)}</Field>
          <Field label="Registered Address">{c.registeredAddress}</Field>
          <Field label="Operating Address">{c.operatingAddress}</Field>
          <Field label="Phone">{c.phoneNumber}</Field>
          <Field label="Email">{c.email}</Field>
          <Field label="Tax ID">{c.taxId}</Field>
          <Field label="Website">
            {c.website ? (
              <a href={/^https?:\/\//.test(c.website) ? c.website : `https://${c.website}`} target="_blank" rel="noreferrer noopener" className="text-brand-700 hover:underline">
                {c.website}
              </a>
            ) : null}
          </Field>
        </dl>
      )}
    </Section>
  )
}

export function TradeSection({ t, loading }: { t: TradeInfo | null | undefined; loading: boolean }) {
  const products = t ? parseProducts(t.productsTraded) : []
  return (
    <Section title="Trade Information" icon={<Package className="h-5 w-5" aria-hidden />} loading={loading} empty={!t && 'No trade information.'}>
      {t && (
        <dl className="grid gap-5 sm:grid-cols-2">
          <Field label="Products Traded" className="sm:col-span-2">
            {products.length > 0 ? (
              <span className="flex flex-wrap gap-1.5">
                {products.map((p) => (
                  <Badge key={p} color="blue">
                    {p}
                  </Badge>
                ))}
              </span>
            ) : null}
          </Field>
          <Field label="Other Products">{t.otherProducts}</Field>
          <Field label="Preferred Incoterms">{t.incoterms}</Field>
          <Field label="Target Quantity">{t.targetQuantity}</Field>
          <Field label="Preferred Origin">{t.preferredOrigin}</Field>
          <Field label="Target Price / Range">{t.targetPrice}</Field>
          <Field label="Past Transaction History" className="sm:col-span-2">
            {t.pastTransactions ? <span className="whitespace-pre-line">{t.pastTransactions}</span> : null}
          </Field>
        </dl>
      )}
    </Section>
  )
}

export function PaymentSection({ v }: { v: AdminVerification }) {
  return (
    <Section title="Payment" icon={<CreditCard className="h-5 w-5" aria-hidden />}>
      <dl className="grid gap-5 sm:grid-cols-3">
        <Field label="Payment Status">
          <Badge color={v.paymentStatus === 'paid' ? 'green' : v.paymentStatus === 'failed' ? 'red' : 'grey'}>
            {v.paymentStatus === 'paid' ? 'Paid' : v.paymentStatus === 'failed' ? 'Failed' : 'Pending'}
          </Badge>
        </Field>
        <Field label="Amount">{v.paymentAmount != null ? formatUSD(v.paymentAmount) : null}</Field>
        <Field label="Paid On">{v.paymentDate ? formatDateTime(v.paymentDate) : null}</Field>
        <Field label="Payment Reference" className="sm:col-span-3">
          {v.paymentId ? <span className="break-all font-mono text-xs">{v.paymentId}</span> : null}
        </Field>
      </dl>
    </Section>
  )
}

export function RepresentativesSection({ reps, loading }: { reps: Representative[] | undefined; loading: boolean }) {
  return (
    <Section title="Representatives" icon={<Users className="h-5 w-5" aria-hidden />} loading={loading} empty={(reps ?? []).length === 0 && 'No representatives.'}>
      <ul className="divide-y divide-slate-100">
        {(reps ?? []).map((r) => (
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
        ))}
      </ul>
    </Section>
  )
}

export function BankingSection({ b, loading }: { b: BankingInfo | null | undefined; loading: boolean }) {
  return (
    <Section title="Banking Details" icon={<Landmark className="h-5 w-5" aria-hidden />} loading={loading} empty={!b && 'No banking information.'}>
      {b && (
        <dl className="grid gap-5 sm:grid-cols-2">
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
      )}
    </Section>
  )
}

/** groupDocuments orders documents by type (the catalogue's order) for the documents tab. */
export function groupDocuments(docs: VerificationDocument[]): { type: string; label: string; docs: VerificationDocument[] }[] {
  const order = Object.keys(DOCUMENT_TYPE_LABELS)
  const types = [...new Set(docs.map((d) => d.type as string))].sort((a, b) => {
    const ia = order.indexOf(a)
    const ib = order.indexOf(b)
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib)
  })
  return types.map((t) => ({ type: t, label: documentTypeLabel(t), docs: docs.filter((d) => d.type === t) }))
}

export function DocumentsSection({ docs, loading }: { docs: VerificationDocument[] | undefined; loading: boolean }) {
  const groups = groupDocuments(docs ?? [])
  return (
    <Section title="Documents" icon={<FileText className="h-5 w-5" aria-hidden />} loading={loading} empty={groups.length === 0 && 'No documents uploaded.'}>
      <div className="space-y-6">
        {groups.map((g) => (
          <section key={g.type} aria-label={g.label} data-testid="document-group">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">
              {g.label} <span className="font-normal text-slate-500">({g.docs.length})</span>
            </h3>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {g.docs.map((d) => (
                <li key={d.id} className="flex items-center justify-between gap-4 px-4 py-2.5 text-sm">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-800">{d.originalFilename}</p>
                    <p className="text-xs text-slate-500">
                      {formatKB(d.size)} · uploaded {formatDate(d.createdAt)}
                    </p>
                  </div>
                  <a href={d.url} target="_blank" rel="noreferrer" className="shrink-0 font-medium text-brand-700 hover:underline" aria-label={`View ${d.originalFilename}`}>
                    View
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Section>
  )
}
