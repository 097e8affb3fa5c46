import * as Tabs from '@radix-ui/react-tabs'
import { FileText } from 'lucide-react'
import { BankingView, CompanyView, DocumentsView, OwnersView, RepresentativesView, TradeView } from '../../../components/sections'
import { InfoField as Field } from '../../../components/ui/Banner'
import { Card, CardBody, CardHeader } from '../../../components/ui/Card'
import { ScrollingTabList } from '../../../components/ui/ScrollingTabList'
import type { AdminVerification } from '../../../lib/types'
import { DocumentFlags, flaggedCount } from './DocumentFlags'
import { PaymentSection } from './PaymentSection'
import { ScreeningTab } from './ScreeningTab'
import type { ReviewSections } from './useReviewSections'
import type { ScreeningQuery } from './useScreening'

const TAB_CLASS =
  '-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800'

const TABS = [
  ['overview', 'Overview'],
  ['screening', 'Screening'],
  ['company', 'Company'],
  ['representatives', 'Representatives'],
  ['banking', 'Banking'],
  ['documents', 'Documents'],
] as const

export type ReviewTab = (typeof TABS)[number][0]

/**
 * ReviewTabs shows every section in full: a summary with trade and payment, the screening of a Top
 * verification, then one tab a section.
 */
export function ReviewTabs({
  v,
  sections,
  screening,
  tab,
  onTab,
}: {
  v: AdminVerification
  sections: ReviewSections
  screening: ScreeningQuery
  tab: ReviewTab
  onTab: (t: ReviewTab) => void
}) {
  const attention = screening.data?.attention ?? false
  const { company, reps, ownership, banking, trade, docs } = sections
  const top = v.tier === 'top'
  const o = ownership.data
  const sectionTabs = [
    ['company', <CompanyView data={company.data} loading={company.isLoading} detailed />],
    [
      'representatives',
      // A Top verification's beneficial owners are people to review beside its representatives.
      <div className="space-y-6">
        <RepresentativesView data={reps.data} loading={reps.isLoading} detailed />
        {top && <OwnersView data={o} loading={ownership.isLoading} detailed />}
      </div>,
    ],
    ['banking', <BankingView data={banking.data} loading={banking.isLoading} detailed />],
    ['documents', <DocumentsView data={docs.data} loading={docs.isLoading} detailed extra={(d) => <DocumentFlags doc={d} />} />],
  ] as const
  return (
    <Tabs.Root value={tab} onValueChange={(t) => onTab(t as ReviewTab)}>
      <ScrollingTabList label="Verification sections" active={tab} className="mb-6">
        {TABS.filter(([value]) => value !== 'screening' || v.tier === 'top').map(([value, label]) => (
          <Tabs.Trigger key={value} value={value} className={TAB_CLASS}>
            {label}
            {value === 'screening' && attention && (
              <>
                {' '}
                <span className="ml-1 inline-block h-2 w-2 rounded-full bg-amber-500 align-middle" aria-hidden />
                <span className="sr-only">needs attention</span>
              </>
            )}
          </Tabs.Trigger>
        ))}
      </ScrollingTabList>
      <Tabs.Content value="overview" className="space-y-6">
        <Card>
          <CardHeader title="Summary" icon={<FileText className="h-5 w-5" aria-hidden />} />
          <CardBody>
            <dl className="grid gap-5 sm:grid-cols-3">
              <Field label="Company">{company.data?.companyName}</Field>
              <Field label="Representatives">{String(reps.data?.length ?? 0)}</Field>
              {top && (
                <Field label="Beneficial Owners">
                  {o ? (o.owners.length > 0 ? String(o.owners.length) : o.declaration ? 'None reach the threshold (declared)' : 'Not given') : null}
                </Field>
              )}
              <Field label="Documents">
                {`${docs.data?.length ?? 0}${flaggedCount(docs.data) ? ` · ${flaggedCount(docs.data)} flagged` : ''}`}
              </Field>
              <Field label="Bank">{banking.data ? `${banking.data.bankName} · ${banking.data.currency}` : null}</Field>
              <Field label="Progress">{`${v.progress}%`}</Field>
              <Field label="Rejection Reason">{v.rejectionReason}</Field>
            </dl>
          </CardBody>
        </Card>
        <TradeView data={trade.data} loading={trade.isLoading} detailed />
        <PaymentSection v={v} />
      </Tabs.Content>
      {v.tier === 'top' && (
        <Tabs.Content value="screening" className="focus:outline-none">
          <ScreeningTab verificationId={v.id} query={screening} />
        </Tabs.Content>
      )}
      {sectionTabs.map(([value, view]) => (
        <Tabs.Content key={value} value={value}>
          {view}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}
