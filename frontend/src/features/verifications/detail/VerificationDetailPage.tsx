import * as Tabs from '@radix-ui/react-tabs'
import { AlertCircle, AlertTriangle, ArrowLeft, CheckCircle2, ChevronRight, Clock, FilePen, SearchCheck, ShieldAlert, ShieldCheck, ShieldX, XCircle } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { StatusBadge } from '../../../components/ui/Badge'
import { Banner } from '../../../components/ui/Banner'
import { ButtonLink } from '../../../components/ui/Button'
import { RecordState } from '../../../components/ui/StateCard'
import { ScrollingTabList } from '../../../components/ui/ScrollingTabList'
import { Dialog } from '../../../components/ui/Dialog'
import { mutate } from '../../../components/ui/mutate'
import { cn } from '../../../lib/cn'
import { displayStatus, tierLabel } from '../../../lib/status'
import type { DisplayStatus, Verification } from '../../../lib/types'
import { usePageTitle } from '../../../lib/usePageTitle'
import { useGetCompanyInfoQuery, useGetVerificationQuery, useSubmitVerificationMutation } from '../verificationApi'
import { ChecksBadge } from './ChecksBadge'
import { Overview } from './overview/Overview'
import { STEPS, type Step } from './steps'
import { BankingStep } from './steps/BankingStep'
import { CompanyStep } from './steps/CompanyStep'
import { DocumentsStep } from './steps/DocumentsStep'
import { RepresentativesStep } from './steps/RepresentativesStep'
import { TradeStep } from './steps/TradeStep'
import { paths } from '../../../lib/paths'

type TabValue = 'overview' | Step

const TAB_LABELS: Record<TabValue, string> = {
  overview: 'Overview',
  company: 'Company Info',
  representatives: 'Representatives',
  banking: 'Banking Details',
  trade: 'Trade Info',
  documents: 'Documents',
}

const STATUS_ICON = {
  draft: FilePen,
  submitted: Clock,
  in_review: SearchCheck,
  approved: ShieldCheck,
  rejected: XCircle,
  revoked: ShieldX,
  expired: ShieldAlert,
} as const

/** STATUS_TINT colours the icon beside the title like the badge: only a certificate in force is green. */
const STATUS_TINT: Partial<Record<DisplayStatus, string>> = {
  approved: 'bg-green-100 text-green-700',
  rejected: 'bg-red-100 text-red-700',
  revoked: 'bg-red-100 text-red-700',
  expired: 'bg-amber-100 text-amber-800',
}

const BACK = (
  <ButtonLink to={paths.verifications} variant="outline" icon={<ArrowLeft className="h-4 w-4" aria-hidden />}>
    Back to Verifications
  </ButtonLink>
)

export default function VerificationDetailPage() {
  const params = useParams()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const query = useGetVerificationQuery(id, { skip: !valid })
  return (
    <RecordState valid={valid} query={query} action={BACK}>
      {(v) => <Detail v={v} />}
    </RecordState>
  )
}

function Detail({ v }: { v: Verification }) {
  const [search, setSearch] = useSearchParams()
  const isDraft = v.status === 'draft'
  const requested = (search.get('tab') ?? 'overview') as TabValue
  const tab: TabValue = requested in TAB_LABELS && (requested === 'overview' || isDraft) ? requested : 'overview'
  const [submittedOpen, setSubmittedOpen] = useState(false)
  // A resubmission after a rejection is already paid for and goes straight back to review.
  const [needsPayment, setNeedsPayment] = useState(true)
  const [submit, { isLoading: submitting }] = useSubmitVerificationMutation()
  const companyName = useGetCompanyInfoQuery(v.id).data?.companyName
  usePageTitle(companyName ? `${companyName} · Verification #${v.id}` : `Verification #${v.id}`)

  function go(t: TabValue) {
    const next = new URLSearchParams(search)
    if (t === 'overview') next.delete('tab')
    else next.set('tab', t)
    setSearch(next)
    window.scrollTo({ top: 0 })
  }

  const stepNav = (s: Step) => {
    const i = STEPS.indexOf(s)
    return {
      next: () => go(i + 1 < STEPS.length ? STEPS[i + 1] : 'overview'),
      previous: i > 0 ? () => go(STEPS[i - 1]) : undefined,
    }
  }

  async function doSubmit() {
    const r = await mutate(submit(v.id), { failed: 'Error', fallback: 'Failed to submit verification. Please try again.' })
    if (!r.ok) return
    setNeedsPayment(r.data.actions.pay)
    go('overview')
    setSubmittedOpen(true)
  }

  const shown = displayStatus(v)
  const Icon = STATUS_ICON[shown] ?? AlertCircle

  return (
    <div className="mx-auto min-w-0 max-w-6xl">
      <nav aria-label="Breadcrumb" className="mb-4">
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
          <li>
            <Link to={paths.dashboard} className="hover:text-slate-900">
              Home
            </Link>
          </li>
          <li className="flex items-center gap-1.5">
            <ChevronRight className="h-4 w-4" aria-hidden />
            <Link to={paths.verifications} className="hover:text-slate-900">
              Verifications
            </Link>
          </li>
          <li className="flex items-center gap-1.5 font-medium text-slate-800">
            <ChevronRight className="h-4 w-4" aria-hidden />
            <span aria-current="page">Verification #{v.id}</span>
          </li>
        </ol>
      </nav>

      <div className="mb-6 flex min-w-0 items-start gap-4">
        <div
          className={cn(
            'flex h-12 w-12 shrink-0 items-center justify-center rounded-xl',
            STATUS_TINT[shown] ?? 'bg-brand-50 text-brand-700',
          )}
          data-status={shown}
        >
          <Icon className="h-6 w-6" aria-hidden />
        </div>
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-2xl font-bold text-slate-900">
            <span className="min-w-0 break-words">{companyName || `Verification #${v.id}`}</span> <StatusBadge status={shown} />
          </h1>
          <p className="mt-0.5 text-sm text-slate-600">
            {companyName && <>Verification #{v.id} · </>}
            <span className="font-medium text-slate-700">{tierLabel(v.tier)}</span> · ID <span className="break-all font-mono">{v.publicId}</span>
            {v.screening && <ChecksBadge v={v} className="ml-2 align-middle" />}
          </p>
        </div>
      </div>

      {isDraft && v.rejectionReason && (
        // Reopened after a rejection: the reason stays in view on every step until the resubmission.
        <Banner tone="amber" icon={<AlertTriangle className="h-5 w-5" aria-hidden />} title="Changes requested by our reviewer" className="mb-6">
          Reason: {v.rejectionReason} Make the changes, then submit the verification again.
        </Banner>
      )}

      <Tabs.Root value={tab} onValueChange={(t) => go(t as TabValue)}>
        <ScrollingTabList label="Verification sections" active={tab} className="mb-6">
          {(Object.keys(TAB_LABELS) as TabValue[]).map((t) => {
            const disabled = t !== 'overview' && !isDraft
            return (
              <Tabs.Trigger
                key={t}
                value={t}
                disabled={disabled}
                className="-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-slate-500 hover:text-slate-800 disabled:cursor-not-allowed disabled:opacity-40 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
              >
                {TAB_LABELS[t]}
              </Tabs.Trigger>
            )
          })}
        </ScrollingTabList>

        <Tabs.Content value="overview">
          <Overview v={v} onOpen={(s) => go(s)} onSubmit={doSubmit} submitting={submitting} />
        </Tabs.Content>
        {isDraft && (
          <>
            <Tabs.Content value="company">
              <CompanyStep id={v.id} {...stepNav('company')} />
            </Tabs.Content>
            <Tabs.Content value="representatives">
              <RepresentativesStep id={v.id} {...stepNav('representatives')} />
            </Tabs.Content>
            <Tabs.Content value="banking">
              <BankingStep id={v.id} {...stepNav('banking')} />
            </Tabs.Content>
            <Tabs.Content value="trade">
              <TradeStep id={v.id} {...stepNav('trade')} />
            </Tabs.Content>
            <Tabs.Content value="documents">
              <DocumentsStep id={v.id} previous={stepNav('documents').previous} onSubmit={doSubmit} submitting={submitting} />
            </Tabs.Content>
          </>
        )}
      </Tabs.Root>

      <Dialog
        open={submittedOpen}
        onOpenChange={setSubmittedOpen}
        title={
          <span className="flex items-center gap-2">
            <CheckCircle2 className="h-6 w-6 text-green-600" aria-hidden /> Verification Submitted!
          </span>
        }
        description={
          !needsPayment
            ? 'Your updated application is back with our compliance team. Your payment was already received; reviews take 1-2 business days.'
            : 'Your application is complete. Pay for your verification to send it to our compliance team; reviews take 1-2 business days.'
        }
        footer={
          <>
            <ButtonLink to={paths.verifications} variant="outline">
              Return to Dashboard
            </ButtonLink>
            {needsPayment && <ButtonLink to={paths.payment(v.id)}>Proceed to Payment</ButtonLink>}
          </>
        }
      />
    </div>
  )
}
