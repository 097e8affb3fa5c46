import { AlertTriangle, Ban, CheckCircle2, Clock, Copy, FileSearch, Fingerprint, SearchX, ShieldCheck, ShieldQuestion } from 'lucide-react'
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { InfoField as Field } from '../../components/ui/Banner'
import { Button } from '../../components/ui/Button'
import { Card } from '../../components/ui/Card'
import { Dialog } from '../../components/ui/Dialog'
import { Spinner } from '../../components/ui/Spinner'
import { toast } from '../../components/ui/toast-store'
import { cn } from '../../lib/cn'
import { countryName, documentLabel } from '../../lib/constants'
import { errorMessage, errorStatus } from '../../lib/errors'
import { formatLongDate } from '../../lib/format'
import type { PublicCertificate } from '../../lib/types'
import { CertificateSearch } from './CertificateSearch'
import { FollowCertificate } from './FollowCertificate'
import { CheckList } from './CheckList'
import { PublicShell } from './PublicShell'
import { pageState, tierDescription, tierName } from './certificate'
import { useGetPublicCertificateQuery, useGetPublicDocumentsQuery } from './publicApi'
import { paths } from '../../lib/paths'

function Message({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <Card className="p-8 text-center sm:p-12">
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">{icon}</div>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{text}</p>
      {children}
    </Card>
  )
}

export default function PublicVerificationPage() {
  const { publicId = '' } = useParams()
  // The certificate status is live: always ask the server again.
  const q = useGetPublicCertificateQuery(publicId, { refetchOnMountOrArgChange: true })
  // Deferred: the certificate renders as a background update, in slices, instead of one long task.
  const state = useDeferredValue(
    pageState({ isLoading: q.isLoading, status: q.isError ? (errorStatus(q.error) ?? 'error') : undefined, certificateStatus: q.data?.certificateStatus }),
    'loading',
  )

  useEffect(() => {
    const prev = document.title
    document.title = q.data ? `${q.data.companyName} · TTT Verify certificate` : 'Certificate check · TTT Verify'
    return () => {
      document.title = prev
    }
  }, [q.data])

  return (
    <PublicShell label="Certificate check">
      {state === 'loading' ? (
        // As tall as the screen, so the footer does not show and then jump away when the certificate arrives.
        <div className="flex min-h-screen justify-center py-24">
          <Spinner className="h-8 w-8" />
        </div>
      ) : state === 'not-found' ? (
        <Message
          icon={<SearchX className="h-7 w-7" aria-hidden />}
          title="Verification Not Found"
          text="No verification exists with this ID. Check the link, or ask the company for its certificate."
        >
          <CertificateSearch />
        </Message>
      ) : state === 'not-available' ? (
        <Message
          icon={<ShieldQuestion className="h-7 w-7" aria-hidden />}
          title="Verification Not Available"
          text="This verification has not been approved, so there is no certificate to show. Do not treat this company as verified."
        />
      ) : state === 'error' || !q.data ? (
        <Message icon={<AlertTriangle className="h-7 w-7" aria-hidden />} title="Error Loading Verification" text={errorMessage(q.error)} />
      ) : (
        <Certificate c={q.data} />
      )}
    </PublicShell>
  )
}

const STATUS_STYLE = {
  valid: { band: 'bg-gradient-to-br from-green-600 to-emerald-700', pill: 'bg-white text-green-700', icon: ShieldCheck, label: 'Valid' },
  expired: { band: 'bg-gradient-to-br from-amber-500 to-amber-600', pill: 'bg-white text-amber-700', icon: Clock, label: 'Expired' },
  revoked: { band: 'bg-gradient-to-br from-red-600 to-red-700', pill: 'bg-white text-red-700', icon: Ban, label: 'Revoked' },
} as const

function statusLine(c: PublicCertificate): string {
  switch (c.certificateStatus) {
    case 'valid':
      return `Valid until ${formatLongDate(c.expiresAt)}`
    case 'expired':
      return `This certificate expired on ${formatLongDate(c.expiresAt)}. It no longer attests that the company is verified.`
    case 'revoked':
      return `This certificate was revoked on ${formatLongDate(c.revokedAt)}. Do not rely on it.`
  }
}

/** Certificate is the public record of an approved verification with its live status. */
export function Certificate({ c }: { c: PublicCertificate }) {
  const s = STATUS_STYLE[c.certificateStatus]
  const Icon = s.icon
  const [reportOpen, setReportOpen] = useState(false)
  const valid = c.certificateStatus === 'valid'

  async function copyFingerprint() {
    try {
      await navigator.clipboard.writeText(c.fingerprint)
      toast({ title: 'Fingerprint copied' })
    } catch {
      toast({ title: 'Copy failed', description: 'Select the fingerprint and copy it by hand.', variant: 'destructive' })
    }
  }

  return (
    <article
      className={cn('overflow-hidden rounded-2xl bg-white shadow-lg ring-1', valid ? 'ring-slate-200' : c.certificateStatus === 'revoked' ? 'ring-2 ring-red-300' : 'ring-2 ring-amber-300')} data-certificate-status={c.certificateStatus}>
      <div className={cn('px-6 py-8 text-white sm:px-10', s.band)} role="status" aria-label={`Certificate status: ${s.label}`}>
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <div className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-white/15 ring-4 ring-white/25">
            <Icon className="h-9 w-9" aria-hidden />
          </div>
          <div className="min-w-0">
            <span className={cn('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider', s.pill)}>
              {valid ? <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> : <AlertTriangle className="h-3.5 w-3.5" aria-hidden />}
              {s.label}
            </span>
            <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{valid ? 'Verified Trading Partner' : c.certificateStatus === 'revoked' ? 'Verification Revoked' : 'Verification Expired'}</h1>
            <p className="mt-1 break-words text-lg font-medium text-white/95">{c.companyName}</p>
            <p className="mt-2 text-sm text-white/90">{statusLine(c)}</p>
          </div>
        </div>
      </div>

      <div className="space-y-8 px-6 py-8 sm:px-10">
        <dl className="grid gap-5 sm:grid-cols-2">
          <Field label="Company Name">{c.companyName}</Field>
          <Field label="Registration Number">{c.registrationNumber}</Field>
          <Field label="Country">{countryName(c.country)}</Field>
          <Field label="Email">{c.email}</Field>
          <Field label="Registered Address" className="sm:col-span-2">
            {c.registeredAddress}
          </Field>
        </dl>

        <div className="rounded-xl border border-slate-200 bg-slate-50 p-5">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Verification Tier</p>
              <p className="mt-1 font-semibold text-slate-900">{tierName(c.tier)}</p>
              <p className="mt-0.5 text-sm text-slate-600">{tierDescription(c)}</p>
            </div>
            {c.tier === 'top' && (
              <Button variant="outline" onClick={() => setReportOpen(true)} icon={<FileSearch className="h-4 w-4" aria-hidden />}>
                Full Report
              </Button>
            )}
          </div>
          {c.checks.length > 0 && <CheckList checks={c.checks} muted={!valid} className="mt-4 border-t border-slate-200 pt-4" />}
        </div>

        <dl className="grid gap-5 sm:grid-cols-3">
          <Field label="Verification Date">{formatLongDate(c.verifiedAt)}</Field>
          {c.certificateStatus === 'revoked' ? (
            <Field label="Revoked On">{formatLongDate(c.revokedAt)}</Field>
          ) : (
            <Field label={c.certificateStatus === 'expired' ? 'Expired On' : 'Valid Until'}>{formatLongDate(c.expiresAt)}</Field>
          )}
          <Field label="Certificate ID">
            <span className="break-all font-mono text-xs">{c.certificateId}</span>
          </Field>
        </dl>

        <div className="rounded-xl border border-slate-200 p-5">
          <div className="flex items-start justify-between gap-3">
            <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <Fingerprint className="h-5 w-5 shrink-0 text-brand-700" aria-hidden /> Certificate fingerprint
            </p>
            <Button variant="ghost" size="sm" onClick={copyFingerprint} icon={<Copy className="h-4 w-4" aria-hidden />} aria-label="Copy fingerprint">
              Copy
            </Button>
          </div>
          <p className="mt-2 break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed text-slate-800" data-testid="fingerprint">
            {c.fingerprint}
          </p>
          <p className="mt-2 text-xs text-slate-500">
            The SHA-256 fingerprint printed at the foot of a genuine certificate PDF is exactly this value. If the PDF you were given shows another one, it
            does not match this record.
          </p>
        </div>

        <FollowCertificate publicId={c.publicId} />

        <p className="border-t border-slate-100 pt-5 text-xs text-slate-500">
          This page is served live by TTT Verify and always shows the certificate&apos;s current status. Checked {formatLongDate(new Date().toISOString())}.
          Holding a PDF of this certificate or its CIS?{' '}
          <Link to={paths.verifyDocument} className="font-medium text-brand-700 hover:underline">
            Verify a document
          </Link>
          .
        </p>
      </div>

      {c.tier === 'top' && <FullReport open={reportOpen} onOpenChange={setReportOpen} c={c} />}
    </article>
  )
}

function FullReport({ open, onOpenChange, c }: { open: boolean; onOpenChange: (o: boolean) => void; c: PublicCertificate }) {
  const docs = useGetPublicDocumentsQuery(c.publicId, { skip: !open })
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Full Report" description={`${c.companyName} · ${tierName(c.tier)}`}>
      <div className="space-y-5 text-sm">
        <div>
          <p className="font-semibold text-slate-900">Checks performed</p>
          <CheckList checks={c.checks} muted={c.certificateStatus !== 'valid'} className="mt-2" />
        </div>
        <div>
          <p className="font-semibold text-slate-900">Documents reviewed</p>
          {docs.isLoading ? (
            <Spinner className="mt-2 h-5 w-5" />
          ) : (docs.data ?? []).length === 0 ? (
            <p className="mt-2 text-slate-500">No documents listed.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {docs.data!.map((d, i) => (
                <li key={`${d.type}-${i}`} className="flex justify-between gap-3 px-3 py-2">
                  <span className="text-slate-800">{documentLabel(d)}</span>
                  <span className="text-slate-500">{formatLongDate(d.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  )
}
