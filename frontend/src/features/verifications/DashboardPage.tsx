import { AlertTriangle, ArrowRight, Award, BadgeCheck, CheckCircle2, Circle, Crown, FileClock, Plus, SearchCheck } from 'lucide-react'
import { useDeferredValue, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { StatusBadge } from '../../components/ui/Badge'
import { ChecksStatus } from './ChecksStatus'
import { Button, ButtonLink } from '../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../components/ui/Card'
import { Pager } from '../../components/ui/Pager'
import { Progress } from '../../components/ui/Progress'
import { Skeleton } from '../../components/ui/Spinner'
import { PAGE_SIZE } from '../../lib/constants'
import { formatDate, greetingName } from '../../lib/format'
import { paths } from '../../lib/paths'
import { cardButton, checklist, displayName, displayStatus, tierLabel } from '../../lib/status'
import type { Tier, Verification } from '../../lib/types'
import { usePageTitle } from '../../lib/usePageTitle'
import { useGetCurrentUserQuery } from '../../app/api'
import { featured, needsAction, upgradeCandidate, validCertificate } from './dashboard'
import { NewVerificationDialog } from './NewVerificationDialog'
import { UpgradeOffer } from './UpgradeOffer'
import { LIST_STATUS, listQuery, tierQuery } from './dashboardQueries'
import { useListVerificationsQuery } from './verificationApi'

export function TierCard({
  tier,
  verification,
  loading,
  offer,
}: {
  tier: Tier
  verification: Verification | undefined
  /** loading shows the card's skeleton while the verifications are read. */
  loading?: boolean
  /** offer is shown under the checklist (the Top card's upgrade offer). */
  offer?: ReactNode
}) {
  const title = tier === 'basic' ? 'Basic Tier' : 'Top Tier'
  const Icon = tier === 'basic' ? BadgeCheck : Crown
  if (loading) {
    return (
      <Card className="p-6" aria-busy="true" aria-label={`${title} loading`}>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="mt-4 h-2 w-full" />
        <div className="mt-6 space-y-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-4 w-48" />
          ))}
        </div>
      </Card>
    )
  }
  const progress = verification?.progress ?? 0
  // The spec's checklist rule: Company Information is always ticked, the others follow the progress.
  const items = checklist(tier, progress)
  const button = verification ? cardButton(verification) : null
  return (
    <Card className="flex flex-col" data-testid={`tier-card-${tier}`}>
      <CardHeader
        as="h3"
        title={title}
        icon={<Icon className="h-5 w-5" aria-hidden />}
        description={tier === 'basic' ? '$49 · valid 12 months' : '$299 · KYC, AML and PEP checks'}
        action={<StatusBadge status={verification ? displayStatus(verification) : null} />}
      />
      <CardBody className="flex flex-1 flex-col">
        {verification && (
          <p className="mb-4 min-w-0 text-sm" data-testid="tier-card-subject">
            <span className="block truncate font-medium text-slate-900">{displayName(verification)}</span>
            <ChecksStatus v={verification} className="my-1" />
            <span className="text-slate-600">
              #{verification.id}
              {validCertificate(verification) && verification.expiresAt ? ` · valid until ${formatDate(verification.expiresAt)}` : ''}
              {needsAction(verification) ? (verification.status === 'rejected' ? ' · needs your changes' : ' · payment due') : ''}
            </span>
          </p>
        )}
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-slate-700">Progress</span>
          <span className="font-semibold text-slate-900">{progress}%</span>
        </div>
        <Progress value={progress} label={`${title} progress`} className="mt-2" />
        <ul className="mt-5 flex-1 space-y-2.5">
          {items.map((i) => (
            <li key={i.label} className="flex items-center gap-2.5 text-sm" data-done={i.done}>
              {i.done ? (
                <CheckCircle2 className="h-5 w-5 text-green-700" aria-label="Done" />
              ) : (
                <Circle className="h-5 w-5 text-slate-500" aria-label="Not done" />
              )}
              <span className={i.done ? 'text-slate-900' : 'text-slate-600'}>{i.label}</span>
            </li>
          ))}
        </ul>
        {button && (
          <ButtonLink to={button.to} className="mt-6 w-full" variant={button.label === 'Make Payment' ? 'accent' : 'primary'}>
            {button.label}
          </ButtonLink>
        )}
        {offer && <div className="mt-6">{offer}</div>}
      </CardBody>
    </Card>
  )
}

function VerificationRow({ v }: { v: Verification }) {
  const b = cardButton(v)
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6" data-testid="dashboard-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
          <span className="min-w-0 break-words">{displayName(v)}</span> <StatusBadge status={displayStatus(v)} /> <ChecksStatus v={v} />
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          #{v.id} · {tierLabel(v.tier)} · updated {formatDate(v.updatedAt)}
          {v.status === 'rejected' && v.rejectionReason ? ` · ${v.rejectionReason}` : ''}
        </p>
      </div>
      <ButtonLink to={b.to} size="sm" variant={needsAction(v) ? 'primary' : 'outline'} className="self-start sm:self-auto">
        {b.label} <ArrowRight className="h-4 w-4" aria-hidden />
      </ButtonLink>
    </li>
  )
}

/** ListCard is one of the dashboard's lists, read from the server by status and paged like every list. */
function ListCard({
  title,
  description,
  icon,
  status,
  empty,
  action,
}: {
  title: string
  description: string
  icon: ReactNode
  status: string
  empty: string
  action?: ReactNode
}) {
  const [page, setPage] = useState(1)
  const q = useListVerificationsQuery(listQuery(status, page))
  const items = q.data?.items ?? []
  return (
    <Card className="flex flex-col">
      <CardHeader title={title} icon={icon} description={description} action={action} />
      {q.isError ? (
        <CardBody className="text-sm text-red-700">Could not load this list. Refresh the page to try again.</CardBody>
      ) : items.length === 0 ? (
        <CardBody className="flex-1 text-sm text-slate-600">{q.isLoading ? 'Loading…' : empty}</CardBody>
      ) : (
        <ul className="flex-1 divide-y divide-slate-100" aria-label={title}>
          {items.map((v) => (
            <VerificationRow key={v.id} v={v} />
          ))}
        </ul>
      )}
      {(q.data?.total ?? 0) > PAGE_SIZE && <Pager page={page} pageSize={PAGE_SIZE} total={q.data?.total ?? 0} onPage={setPage} />}
    </Card>
  )
}

export default function DashboardPage() {
  usePageTitle('Dashboard')
  const { data: user } = useGetCurrentUserQuery()
  const [open, setOpen] = useState(false)
  const basics = useListVerificationsQuery(tierQuery('basic'))
  const tops = useListVerificationsQuery(tierQuery('top'))
  const basicItems = basics.data?.items ?? []
  const topItems = tops.data?.items ?? []
  const basic = featured(basicItems)
  const top = featured(topItems)
  const candidate = top ? undefined : upgradeCandidate(basic, basicItems)
  // What waits for the applicant comes first on the page.
  const attention = [...basicItems, ...topItems].filter(needsAction).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
  // The lists' first pages are asked for here, beside the tier cards', so that the page appears once,
  // whole: sections that arrived one by one would push what the user is reading down the screen.
  const lists = [
    useListVerificationsQuery(listQuery(LIST_STATUS.inProgress, 1)),
    useListVerificationsQuery(listQuery(LIST_STATUS.inReview, 1)),
    useListVerificationsQuery(listQuery(LIST_STATUS.completed, 1)),
  ]
  // Deferred: the whole page renders as a background update, in slices, instead of one long task.
  const loading = useDeferredValue([basics, tops, ...lists].some((q) => q.isLoading), true)

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <section className="relative overflow-hidden rounded-2xl bg-brand-950 px-6 py-8 text-white shadow-sm sm:px-10">
        <div className="pointer-events-none absolute -right-16 -top-16 h-64 w-64 rounded-full bg-brand-600/40 blur-3xl" />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-bold">Welcome back, {user ? greetingName(user.email) : ''}</h1>
            <p className="mt-1 max-w-xl text-brand-100">Verify your company once and share a trusted certificate with every counterparty.</p>
          </div>
          <Button variant="accent" size="lg" onClick={() => setOpen(true)} icon={<Plus className="h-5 w-5" aria-hidden />}>
            Start New Verification
          </Button>
        </div>
      </section>

      {loading ? (
        // Until every section has its data: a placeholder as tall as the screen, so that the footer
        // does not show and then jump away.
        <section aria-labelledby="status-heading" aria-busy="true" className="min-h-screen">
          <h2 id="status-heading" className="mb-4 text-lg font-semibold text-slate-900">
            Your Verification Status
          </h2>
          <div className="grid gap-6 md:grid-cols-2">
            <TierCard tier="basic" verification={undefined} loading />
            <TierCard tier="top" verification={undefined} loading />
          </div>
        </section>
      ) : (
        <div className="space-y-8">
        {attention.length > 0 && (
          <section aria-labelledby="attention-heading">
            <Card className="border-amber-300">
              <CardHeader
                title={<span id="attention-heading">Needs your action</span>}
                icon={<AlertTriangle className="h-5 w-5 text-amber-700" aria-hidden />}
                description="Payments due and rejected applications to correct"
              />
              <ul className="divide-y divide-slate-100">
                {attention.map((v) => (
                  <VerificationRow key={v.id} v={v} />
                ))}
              </ul>
            </Card>
          </section>
        )}

        <section aria-labelledby="status-heading">
          <h2 id="status-heading" className="mb-4 text-lg font-semibold text-slate-900">
            Your Verification Status
          </h2>
          {basics.isError || tops.isError ? (
            <Card className="p-6 text-sm text-red-700">Could not load your verifications. Refresh the page to try again.</Card>
          ) : (
            <div className="grid gap-6 md:grid-cols-2">
              <TierCard tier="basic" verification={basic} />
              <TierCard
                tier="top"
                verification={top}
                offer={candidate && <UpgradeOffer v={candidate} title={`Upgrade ${displayName(candidate)} to Top`} />}
              />
            </div>
          )}
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <ListCard
            title="In Progress"
            description="Drafts and submitted applications"
            icon={<FileClock className="h-5 w-5" aria-hidden />}
            status={LIST_STATUS.inProgress}
            empty="No verifications in progress."
            action={
              <Link to={paths.verifications} className="text-sm font-medium text-brand-700 hover:underline">
                View all
              </Link>
            }
          />
          <ListCard
            title="In Review"
            description="Paid applications our compliance team is reviewing"
            icon={<SearchCheck className="h-5 w-5" aria-hidden />}
            status={LIST_STATUS.inReview}
            empty="Nothing is in review."
          />
        </div>
        <ListCard
          title="Completed Verifications"
          description="Approved verifications, newest first"
          icon={<Award className="h-5 w-5" aria-hidden />}
          status={LIST_STATUS.completed}
          empty="No completed verifications yet."
        />
        </div>
      )}

      <NewVerificationDialog open={open} onOpenChange={setOpen} />
    </div>
  )
}
