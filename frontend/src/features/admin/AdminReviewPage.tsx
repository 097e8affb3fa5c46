import * as Tabs from '@radix-ui/react-tabs'
import { AlertTriangle, ArrowLeft, Award, Ban, CheckCircle2, Download, ExternalLink, FileCog, FileText, ShieldCheck, XCircle } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router'
import { Badge, StatusBadge } from '../../components/ui/Badge'
import { Banner, InfoField as Field } from '../../components/ui/Banner'
import { Button, ButtonLink, buttonClass } from '../../components/ui/Button'
import { StateCard as SharedStateCard } from '../../components/ui/StateCard'
import { Card, CardBody, CardHeader } from '../../components/ui/Card'
import { FullPageSpinner } from '../../components/ui/Spinner'
import { toast } from '../../components/ui/toast-store'
import { errorMessage, errorStatus, serverMessage } from '../../lib/errors'
import { formatDate, formatDateTime } from '../../lib/format'
import type { AdminVerification } from '../../lib/types'
import {
  useAdminBankingInfoQuery,
  useAdminCompanyInfoQuery,
  useAdminDocumentsQuery,
  useAdminEventsQuery,
  useAdminFetchCisMutation,
  useAdminGetVerificationQuery,
  useAdminRepresentativesQuery,
  useAdminTradeInfoQuery,
  useApproveVerificationMutation,
  useGenerateCisMutation,
  useRejectVerificationMutation,
  useRevokeVerificationMutation,
} from './adminApi'
import { AuditTrail } from './AuditTrail'
import { ReasonDialog } from './ReasonDialog'
import { BankingSection, CompanySection, DocumentsSection, PaymentSection, RepresentativesSection, TradeSection } from './ReviewSections'
import { rejectSchema, revokeSchema } from './schema'
import { apiLinks, paths } from '../../lib/paths'

// The review always shows the latest data: another admin or the applicant may have changed it.
const FRESH = { refetchOnMountOrArgChange: true } as const

function BackButton() {
  return (
    <ButtonLink to={paths.admin} variant="ghost" size="sm" className="-ml-2" icon={<ArrowLeft className="h-4 w-4" aria-hidden />}>
      Back
    </ButtonLink>
  )
}

function StateCard({ title, text }: { title: string; text: string }) {
  return <SharedStateCard title={title} text={text} action={<BackButton />} />
}

export default function AdminReviewPage() {
  const params = useParams()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const { data: v, isLoading, isError, error } = useAdminGetVerificationQuery(id, { skip: !valid, ...FRESH })
  if (!valid) return <StateCard title="Verification Not Found" text="There is no verification with this ID." />
  if (isLoading) return <FullPageSpinner />
  if (isError || !v) {
    return errorStatus(error) === 404 || !v ? (
      <StateCard title="Verification Not Found" text="There is no verification with this ID." />
    ) : (
      <StateCard title="Error Loading Verification" text={errorMessage(error)} />
    )
  }
  return <Review v={v} />
}

const TAB_CLASS =
  '-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800'

function Review({ v }: { v: AdminVerification }) {
  const company = useAdminCompanyInfoQuery(v.id, FRESH)
  const reps = useAdminRepresentativesQuery(v.id, FRESH)
  const banking = useAdminBankingInfoQuery(v.id, FRESH)
  const trade = useAdminTradeInfoQuery(v.id, FRESH)
  const docs = useAdminDocumentsQuery(v.id, FRESH)
  const events = useAdminEventsQuery(v.id, FRESH)
  const [approve, { isLoading: approving }] = useApproveVerificationMutation()
  const [reject] = useRejectVerificationMutation()
  const [revoke] = useRevokeVerificationMutation()
  const [rejectOpen, setRejectOpen] = useState(false)
  const [revokeOpen, setRevokeOpen] = useState(false)

  const decidable = v.status === 'submitted' || v.status === 'in_review'

  async function doApprove() {
    try {
      await approve(v.id).unwrap()
      toast({ title: 'Verification Approved', description: `Verification #${v.id} has been approved and its certificate issued.` })
    } catch (e) {
      toast({ title: 'Approval Failed', description: errorMessage(e), variant: 'destructive' })
    }
  }

  async function doReject(reason: string) {
    try {
      await reject({ id: v.id, reason }).unwrap()
      toast({ title: 'Verification Rejected', description: `The applicant can see your reason and resubmit.` })
      setRejectOpen(false)
      return true
    } catch (e) {
      toast({ title: 'Rejection Failed', description: errorMessage(e), variant: 'destructive' })
      return false
    }
  }

  async function doRevoke(reason: string) {
    try {
      await revoke({ id: v.id, reason }).unwrap()
      toast({ title: 'Certificate Revoked', description: 'The public page now shows the certificate as revoked.' })
      setRevokeOpen(false)
      return true
    } catch (e) {
      toast({ title: 'Revocation Failed', description: errorMessage(e), variant: 'destructive' })
      return false
    }
  }

  const companyName = company.data?.companyName

  return (
    <div className="mx-auto max-w-7xl">
      <div className="mb-4">
        <BackButton />
      </div>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
            Review Verification #{v.id} <StatusBadge status={v.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-500">{companyName ?? 'Company not yet provided'}</p>
        </div>
        {decidable && (
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive-outline" onClick={() => setRejectOpen(true)} icon={<XCircle className="h-4 w-4" aria-hidden />}>
              Reject
            </Button>
            <Button variant="success" onClick={doApprove} loading={approving} icon={<CheckCircle2 className="h-4 w-4" aria-hidden />}>
              Approve
            </Button>
          </div>
        )}
      </div>

      <div className="mb-6 space-y-4">
        {decidable && (
          <Banner tone="yellow" icon={<AlertTriangle className="h-5 w-5" aria-hidden />} title="Review Required">
            {v.status === 'submitted'
              ? v.paymentStatus === 'paid'
                ? 'This verification was submitted and paid for. Check every section and document, then approve or reject it.'
                : 'This verification was submitted but is not paid for yet. Check every section and document, then approve or reject it.'
              : 'This verification is paid for and waiting for your decision. Check every section and document, then approve or reject it.'}
          </Banner>
        )}
        {v.status === 'rejected' && (
          <Banner tone="red" icon={<XCircle className="h-5 w-5" aria-hidden />} title="Rejected">
            {v.rejectionReason ? <>Reason: {v.rejectionReason}</> : 'No reason recorded.'}
          </Banner>
        )}
        {v.status === 'approved' && v.revokedAt && (
          <Banner tone="red" icon={<Ban className="h-5 w-5" aria-hidden />} title="Certificate revoked">
            Revoked {formatDateTime(v.revokedAt)}
            {v.revocationReason ? `: ${v.revocationReason}` : ''}
          </Banner>
        )}
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <Tabs.Root defaultValue="overview">
            <Tabs.List aria-label="Verification sections" className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200">
              <Tabs.Trigger value="overview" className={TAB_CLASS}>
                Overview
              </Tabs.Trigger>
              <Tabs.Trigger value="company" className={TAB_CLASS}>
                Company
              </Tabs.Trigger>
              <Tabs.Trigger value="representatives" className={TAB_CLASS}>
                Representatives
              </Tabs.Trigger>
              <Tabs.Trigger value="banking" className={TAB_CLASS}>
                Banking
              </Tabs.Trigger>
              <Tabs.Trigger value="documents" className={TAB_CLASS}>
                Documents
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="overview" className="space-y-6 focus:outline-none">
              <Card>
                <CardHeader title="Summary" icon={<FileText className="h-5 w-5" aria-hidden />} />
                <CardBody>
                  <dl className="grid gap-5 sm:grid-cols-3">
                    <Field label="Company">{company.data?.companyName}</Field>
                    <Field label="Representatives">{String(reps.data?.length ?? 0)}</Field>
                    <Field label="Documents">{String(docs.data?.length ?? 0)}</Field>
                    <Field label="Bank">{banking.data ? `${banking.data.bankName} · ${banking.data.currency}` : null}</Field>
                    <Field label="Progress">{`${v.progress}%`}</Field>
                    <Field label="Rejection Reason">{v.rejectionReason}</Field>
                  </dl>
                </CardBody>
              </Card>
              <TradeSection t={trade.data} loading={trade.isLoading} />
              <PaymentSection v={v} />
            </Tabs.Content>
            <Tabs.Content value="company" className="focus:outline-none">
              <CompanySection c={company.data} loading={company.isLoading} />
            </Tabs.Content>
            <Tabs.Content value="representatives" className="focus:outline-none">
              <RepresentativesSection reps={reps.data} loading={reps.isLoading} />
            </Tabs.Content>
            <Tabs.Content value="banking" className="focus:outline-none">
              <BankingSection b={banking.data} loading={banking.isLoading} />
            </Tabs.Content>
            <Tabs.Content value="documents" className="focus:outline-none">
              <DocumentsSection docs={docs.data} loading={docs.isLoading} />
            </Tabs.Content>
          </Tabs.Root>
        </div>

        <div className="space-y-6">
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
                  <Badge color={v.tier === 'top' ? 'purple' : 'grey'}>{v.tier === 'top' ? 'TOP' : 'Basic'}</Badge>
                </Field>
                <Field label="Status">
                  <StatusBadge status={v.status} />
                </Field>
                <Field label="Created">{formatDateTime(v.createdAt)}</Field>
                <Field label="Last Updated">{formatDateTime(v.updatedAt)}</Field>
              </dl>
            </CardBody>
          </Card>
          {v.status === 'approved' && <CertificateCard v={v} onRevoke={() => setRevokeOpen(true)} />}
          {v.status === 'approved' && <CisCard v={v} />}
          <AuditTrail events={events.data} loading={events.isLoading} />
        </div>
      </div>

      <ReasonDialog
        open={rejectOpen}
        onOpenChange={setRejectOpen}
        title="Reject Verification"
        description="The applicant sees this reason and can update and resubmit the application."
        label="Rejection Reason"
        confirmLabel="Reject Verification"
        schema={rejectSchema}
        onConfirm={doReject}
      />
      <ReasonDialog
        open={revokeOpen}
        onOpenChange={setRevokeOpen}
        title="Revoke Certificate"
        description="The public certificate page will show the certificate as revoked from now on. This cannot be undone."
        label="Revocation Reason"
        confirmLabel="Revoke Certificate"
        schema={revokeSchema}
        onConfirm={doRevoke}
      />
    </div>
  )
}

function CertificateCard({ v, onRevoke }: { v: AdminVerification; onRevoke: () => void }) {
  const st = v.certificateStatus
  return (
    <Card>
      <CardHeader title="Certificate" icon={<Award className="h-5 w-5" aria-hidden />} />
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-2 gap-4">
          <Field label="Status">
            <Badge color={st === 'valid' ? 'green' : st === 'revoked' ? 'red' : 'grey'}>{st === 'valid' ? 'Valid' : st === 'revoked' ? 'Revoked' : 'Expired'}</Badge>
          </Field>
          <Field label="Valid Until">{formatDate(v.expiresAt)}</Field>
          <Field label="Approved">{formatDate(v.approvedAt)}</Field>
        </dl>
        <div className="flex flex-wrap gap-2">
          <a href={apiLinks.adminCertificate(v.id)} download className={buttonClass('outline', 'sm')}>
            <Download className="h-4 w-4" aria-hidden /> Certificate
          </a>
          <a href={paths.publicCertificate(v.publicId)} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'sm')}>
            <ExternalLink className="h-4 w-4" aria-hidden /> Public page
          </a>
          {!v.revokedAt && (
            <Button variant="destructive-outline" size="sm" onClick={onRevoke} icon={<Ban className="h-4 w-4" aria-hidden />}>
              Revoke
            </Button>
          )}
        </div>
      </CardBody>
    </Card>
  )
}

function CisCard({ v }: { v: AdminVerification }) {
  const [generate, { isLoading: generating }] = useGenerateCisMutation()
  const [fetchCis, { isLoading: fetching }] = useAdminFetchCisMutation()

  async function doGenerate() {
    try {
      await generate(v.id).unwrap()
      toast({ title: 'CIS Form Generated', description: 'The applicant can now download and share it.' })
    } catch (e) {
      toast({ title: 'CIS Form Generation Failed', description: serverMessage(e) ?? 'There was an error generating the CIS form. Please try again.', variant: 'destructive' })
    }
  }

  async function doDownload() {
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

  const has = Boolean(v.cisFormPath)
  return (
    <Card>
      <CardHeader title="Client Information Sheet" icon={<FileCog className="h-5 w-5" aria-hidden />} />
      <CardBody className="space-y-3">
        <p className="text-sm text-slate-600">
          {has && v.cisFormGeneratedAt ? `Generated ${formatDateTime(v.cisFormGeneratedAt)}` : 'No CIS form has been generated yet. Applicants expect it within 24 hours of approval.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {has ? (
            <>
              <Button size="sm" onClick={doDownload} loading={fetching} icon={<Download className="h-4 w-4" aria-hidden />}>
                Download CIS Form
              </Button>
              {!v.revokedAt && (
                <Button size="sm" variant="outline" onClick={doGenerate} loading={generating}>
                  Regenerate
                </Button>
              )}
            </>
          ) : (
            <Button size="sm" onClick={doGenerate} loading={generating} disabled={Boolean(v.revokedAt)} icon={<ShieldCheck className="h-4 w-4" aria-hidden />}>
              Generate CIS Form
            </Button>
          )}
        </div>
      </CardBody>
    </Card>
  )
}
