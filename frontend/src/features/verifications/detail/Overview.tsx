import {
  AlertTriangle,
  Award,
  Ban,
  ArrowRight,
  Building2,
  CheckCircle2,
  Clock,
  CreditCard,
  Download,
  ExternalLink,
  FileText,
  Landmark,
  Link2,
  Package,
  RotateCcw,
  SearchCheck,
  ShieldCheck,
  Users,
} from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Banner, InfoField as Field } from '../../../components/ui/Banner'
import { Button, ButtonLink, buttonClass } from '../../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../../components/ui/Card'
import { Progress } from '../../../components/ui/Progress'
import { toast } from '../../../components/ui/toast-store'
import { cn } from '../../../lib/cn'
import { countryName, DOCUMENT_STEP_TYPES, documentTypeLabel, hasRequiredDocuments } from '../../../lib/constants'
import { serverMessage } from '../../../lib/errors'
import { formatDate, formatDateTime, maskAccount, parseProducts } from '../../../lib/format'
import type { Verification } from '../../../lib/types'
import {
  useFetchCisFormMutation,
  useGetBankingInfoQuery,
  useGetCompanyInfoQuery,
  useGetDocumentsQuery,
  useGetRepresentativesQuery,
  useGetTradeInfoQuery,
  useResubmitVerificationMutation,
  useShareCisFormMutation,
} from '../verificationApi'
import type { Step } from './VerificationDetailPage'

function useSections(id: number) {
  const company = useGetCompanyInfoQuery(id)
  const reps = useGetRepresentativesQuery(id)
  const banking = useGetBankingInfoQuery(id)
  const trade = useGetTradeInfoQuery(id)
  const docs = useGetDocumentsQuery(id)
  return { company, reps, banking, trade, docs }
}

interface OverviewProps {
  v: Verification
  onOpen: (s: Step) => void
  onSubmit: () => void
  submitting: boolean
}

export function Overview(props: OverviewProps) {
  return props.v.status === 'draft' ? <DraftOverview {...props} /> : <ReadOnlyOverview {...props} />
}

function SectionCard({
  icon,
  title,
  done,
  summary,
  onClick,
}: {
  icon: ReactNode
  title: string
  done: boolean
  summary: string
  onClick: () => void
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-done={done}
      aria-label={`${title}: ${done ? 'complete' : 'not started'}. ${done ? 'Edit' : 'Start'}`}
      className={cn(
        'group flex w-full items-center gap-4 rounded-xl border bg-white p-5 text-left shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        done ? 'border-green-200' : 'border-slate-200',
      )}
    >
      <div className={cn('flex h-11 w-11 shrink-0 items-center justify-center rounded-xl', done ? 'bg-green-100 text-green-700' : 'bg-slate-100 text-slate-500')}>
        {done ? <CheckCircle2 className="h-6 w-6" aria-hidden /> : icon}
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{title}</p>
        <p className="mt-0.5 truncate text-sm text-slate-500">{summary}</p>
      </div>
      <span className={cn('inline-flex items-center gap-1 text-sm font-medium', done ? 'text-slate-600' : 'text-brand-700')}>
        {done ? 'Edit' : 'Start'} <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
      </span>
    </button>
  )
}

/**
 * completedSections counts the five sections that are done (20% each). Documents count as done once
 * the three required types are on file, the rule the server applies on submit, so the overview never
 * offers a submit that must fail.
 */
export function completedSections(s: { company: unknown; reps: unknown[]; banking: unknown; trade: unknown; docs: { type: string }[] }): number {
  return [s.company != null, s.reps.length > 0, s.banking != null, s.trade != null, hasRequiredDocuments(s.docs)].filter(Boolean).length
}

function DraftOverview({ v, onOpen, onSubmit, submitting }: OverviewProps) {
  const { company, reps, banking, trade, docs } = useSections(v.id)
  const c = company.data
  const r = reps.data ?? []
  const b = banking.data
  const t = trade.data
  // Passports and bank references are listed with the documents but belong to their own steps.
  const d = (docs.data ?? []).filter((x) => (DOCUMENT_STEP_TYPES as readonly string[]).includes(x.type))
  const loading = company.isLoading || reps.isLoading || banking.isLoading || trade.isLoading || docs.isLoading
  const done = completedSections({ company: c, reps: r, banking: b, trade: t, docs: d })
  const percent = done * 20
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-3 lg:col-span-2">
        <SectionCard
          icon={<Building2 className="h-6 w-6" aria-hidden />}
          title="Company Information"
          done={c != null}
          summary={c ? `${c.companyName} · ${c.registrationNumber}` : 'Legal name, registration and contact details'}
          onClick={() => onOpen('company')}
        />
        <SectionCard
          icon={<Users className="h-6 w-6" aria-hidden />}
          title="Representatives"
          done={r.length > 0}
          summary={r.length > 0 ? `${r.length} representative${r.length === 1 ? '' : 's'}` : 'Directors and authorised signatories'}
          onClick={() => onOpen('representatives')}
        />
        <SectionCard
          icon={<Landmark className="h-6 w-6" aria-hidden />}
          title="Banking Details"
          done={b != null}
          summary={b ? `${b.bankName} · ${b.currency}` : 'Bank account and SWIFT/BIC'}
          onClick={() => onOpen('banking')}
        />
        <SectionCard
          icon={<Package className="h-6 w-6" aria-hidden />}
          title="Trade Information"
          done={t != null}
          summary={t ? parseProducts(t.productsTraded).join(', ') || t.productsTraded : 'Products, incoterms and volumes'}
          onClick={() => onOpen('trade')}
        />
        <SectionCard
          icon={<FileText className="h-6 w-6" aria-hidden />}
          title="Documents"
          done={hasRequiredDocuments(d)}
          summary={
            d.length > 0
              ? `${d.length} document${d.length === 1 ? '' : 's'} uploaded${hasRequiredDocuments(d) ? '' : ' · required documents missing'}`
              : 'Incorporation certificate, licence, shareholders'
          }
          onClick={() => onOpen('documents')}
        />
      </div>
      <Card className="h-fit lg:sticky lg:top-24">
        <CardHeader title="Application progress" />
        <CardBody>
          <div className="flex items-baseline justify-between">
            <span className="text-3xl font-bold text-slate-900">{loading ? '…' : `${percent}%`}</span>
            <span className="text-sm text-slate-500">{done} of 5 sections</span>
          </div>
          <Progress value={percent} label="Application progress" className="mt-3" />
          {percent === 100 ? (
            <Button className="mt-6 w-full" size="lg" onClick={onSubmit} loading={submitting}>
              Submit Verification
            </Button>
          ) : (
            <p className="mt-6 rounded-lg bg-slate-50 p-3 text-center text-sm text-slate-600">Complete all sections to submit</p>
          )}
          <p className="mt-4 text-xs text-slate-500">
            After submitting you pay by card; our team reviews your application within 1-2 business days.
          </p>
        </CardBody>
      </Card>
    </div>
  )
}

function ApprovedActions({ v }: { v: Verification }) {
  const [fetchCis, { isLoading: fetching }] = useFetchCisFormMutation()
  const [share, { isLoading: sharing }] = useShareCisFormMutation()
  const [shared, setShared] = useState<{ link: string; expires: string } | null>(null)

  async function downloadCis() {
    // Open the tab synchronously so popup blockers allow it, then point it at the file.
    const w = window.open('', '_blank')
    try {
      const r = await fetchCis(v.id).unwrap()
      if (w) w.location.href = r.url
      else window.open(r.url, '_blank')
    } catch {
      w?.close()
      toast({ title: 'CIS Form Not Available', description: 'The CIS form could not be found for this verification.', variant: 'destructive' })
    }
  }

  async function shareLink() {
    try {
      const r = await share(v.id).unwrap()
      const link = `${window.location.origin}${r.url}`
      const expires = formatDateTime(r.expiresAt)
      setShared({ link, expires })
      try {
        await navigator.clipboard.writeText(link)
        toast({ title: 'Link copied', description: `A temporary link to your CIS was copied to the clipboard. It expires ${expires}.` })
      } catch {
        toast({ title: 'Temporary link created', description: `${link} (expires ${expires})` })
      }
    } catch (e) {
      toast({ title: 'Error', description: serverMessage(e) ?? 'Failed to generate temporary link.', variant: 'destructive' })
    }
  }

  const revoked = Boolean(v.revokedAt)
  return (
    <Card>
      <CardHeader
        title="Certificate & Client Information Sheet"
        description="Download your documents or share them with a counterparty."
        icon={<ShieldCheck className="h-5 w-5" aria-hidden />}
      />
      <CardBody className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          {!revoked && (
            <a href={`/api/verifications/${v.id}/certificate`} download className={buttonClass('primary', 'md')}>
              <Award className="h-4 w-4" aria-hidden /> Download Certificate
            </a>
          )}
          <a href={`/v/${v.publicId}`} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'md')}>
            <ExternalLink className="h-4 w-4" aria-hidden /> Public certificate page
          </a>
        </div>
        <div className="rounded-lg border border-slate-200 p-4">
          <p className="text-sm font-semibold text-slate-900">Client Information Sheet (CIS)</p>
          {v.cisFormPath && !revoked ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <Button variant="outline" onClick={downloadCis} loading={fetching} icon={<Download className="h-4 w-4" aria-hidden />}>
                Download CIS Form
              </Button>
              <Button variant="outline" onClick={shareLink} loading={sharing} icon={<Link2 className="h-4 w-4" aria-hidden />}>
                Share Temporary Link
              </Button>
              {v.cisFormGeneratedAt && <span className="text-xs text-slate-500">Generated {formatDateTime(v.cisFormGeneratedAt)}</span>}
            </div>
          ) : revoked ? (
            <p className="mt-1 text-sm text-slate-600">The certificate was revoked, so the CIS can no longer be downloaded or shared.</p>
          ) : (
            <p className="mt-1 text-sm text-slate-600">
              Your Client Information Sheet is not yet available. Please check back later, or contact support if it has not been generated within 24 hours of
              approval.
            </p>
          )}
          {shared && (
            <p className="mt-3 break-all rounded-md bg-slate-50 p-2 text-xs text-slate-600" data-testid="share-link">
              Temporary link: <a href={shared.link} className="font-medium text-brand-700 hover:underline">{shared.link}</a> · expires {shared.expires}
            </p>
          )}
        </div>
      </CardBody>
    </Card>
  )
}

function ReadOnlyOverview({ v, onOpen }: OverviewProps) {
  const { company, reps, banking, trade, docs } = useSections(v.id)
  const [resubmit, { isLoading: resubmitting }] = useResubmitVerificationMutation()
  const c = company.data
  const b = banking.data
  const t = trade.data

  async function doResubmit() {
    try {
      await resubmit(v.id).unwrap()
      toast({ title: 'Verification Updated', description: 'Your verification is back in draft. Update it and submit again.' })
      onOpen('company')
    } catch (e) {
      toast({ title: 'Error', description: serverMessage(e) ?? 'Failed to resubmit verification. Please try again.', variant: 'destructive' })
    }
  }

  return (
    <div className="space-y-6">
      {v.status === 'submitted' && v.paymentStatus !== 'paid' && (
        <Banner
          tone="amber"
          icon={<CreditCard className="h-5 w-5" aria-hidden />}
          title="Payment required"
          action={<ButtonLink to={`/payment/${v.id}`} variant="accent">Make Payment</ButtonLink>}
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
      {v.status === 'approved' && v.revokedAt && (
        <Banner tone="red" icon={<Ban className="h-5 w-5" aria-hidden />} title="Certificate revoked">
          Revoked {formatDate(v.revokedAt)}
          {v.revocationReason ? `: ${v.revocationReason}` : ''}. Contact support if you believe this is a mistake.
        </Banner>
      )}
      {v.status === 'approved' && !v.revokedAt && (
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
            <Button variant="destructive" onClick={doResubmit} loading={resubmitting} icon={<RotateCcw className="h-4 w-4" aria-hidden />}>
              Update and Resubmit
            </Button>
          }
        >
          {v.rejectionReason ? <>Reason: {v.rejectionReason}</> : 'Please review your information and resubmit.'}
        </Banner>
      )}

      {v.status === 'approved' && <ApprovedActions v={v} />}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Company Information" icon={<Building2 className="h-5 w-5" aria-hidden />} />
          <CardBody>
            {c ? (
              <dl className="grid gap-4 sm:grid-cols-2">
                <Field label="Company Name">{c.companyName}</Field>
                <Field label="Registration Number">{c.registrationNumber}</Field>
                <Field label="Registered Address">{c.registeredAddress}</Field>
                <Field label="Country">{countryName(c.countryOfIncorporation)}</Field>
              </dl>
            ) : (
              <p className="text-sm text-slate-500">No company information.</p>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Banking Details" icon={<Landmark className="h-5 w-5" aria-hidden />} />
          <CardBody>
            {b ? (
              <dl className="grid gap-4 sm:grid-cols-2">
                <Field label="Bank Name">{b.bankName}</Field>
                <Field label="Account Holder">{b.accountName}</Field>
                <Field label="Account Number">{maskAccount(b.accountNumber)}</Field>
                <Field label="SWIFT/BIC">{b.swiftCode}</Field>
              </dl>
            ) : (
              <p className="text-sm text-slate-500">No banking information.</p>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Representatives" icon={<Users className="h-5 w-5" aria-hidden />} />
          <CardBody>
            {(reps.data ?? []).length > 0 ? (
              <ul className="divide-y divide-slate-100">
                {reps.data!.map((r) => (
                  <li key={r.id} className="py-3 first:pt-0 last:pb-0">
                    <p className="font-medium text-slate-900">{r.fullName}</p>
                    <p className="text-sm text-slate-600">{r.position}</p>
                    <p className="mt-1 text-sm text-slate-500">
                      {r.email} · {r.phoneNumber}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No representatives.</p>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Trade Information" icon={<Package className="h-5 w-5" aria-hidden />} />
          <CardBody>
            {t ? (
              <dl className="grid gap-4 sm:grid-cols-2">
                <Field label="Main Products">{parseProducts(t.productsTraded).join(', ')}</Field>
                <Field label="Other Products">{t.otherProducts}</Field>
                <Field label="Incoterms">{t.incoterms}</Field>
                <Field label="Target Price">{t.targetPrice}</Field>
              </dl>
            ) : (
              <p className="text-sm text-slate-500">No trade information.</p>
            )}
          </CardBody>
        </Card>
      </div>
      <Card>
        <CardHeader title="Documents" icon={<FileText className="h-5 w-5" aria-hidden />} />
        {(docs.data ?? []).length > 0 ? (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-100 text-sm">
              <thead className="bg-slate-50/70 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-6 py-3">Type</th>
                  <th scope="col" className="px-6 py-3">File</th>
                  <th scope="col" className="px-6 py-3">Uploaded</th>
                  <th scope="col" className="px-6 py-3 text-right">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {docs.data!.map((d) => (
                  <tr key={d.id}>
                    <td className="px-6 py-3 font-medium text-slate-900">{documentTypeLabel(d.type)}</td>
                    <td className="max-w-xs truncate px-6 py-3 text-slate-600">{d.originalFilename}</td>
                    <td className="px-6 py-3 text-slate-600">{formatDate(d.createdAt)}</td>
                    <td className="px-6 py-3 text-right">
                      <a href={d.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline">
                        View
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <CardBody className="text-sm text-slate-500">No documents.</CardBody>
        )}
      </Card>
    </div>
  )
}
