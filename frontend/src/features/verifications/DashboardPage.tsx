import { ArrowRight, CheckCircle2, Circle, Crown, BadgeCheck, Plus, FileClock, Award } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button, ButtonLink } from '../../components/ui/Button'
import { StatusBadge } from '../../components/ui/Badge'
import { Card, CardBody, CardHeader } from '../../components/ui/Card'
import { Progress } from '../../components/ui/Progress'
import { Skeleton } from '../../components/ui/Spinner'
import { PAGE_SIZE } from '../../lib/constants'
import { formatDate, greetingName } from '../../lib/format'
import { cardButton, checklist, tierLabel } from '../../lib/status'
import type { Tier, Verification } from '../../lib/types'
import { useGetCurrentUserQuery } from '../../app/api'
import { NewVerificationDialog } from './NewVerificationDialog'
import { useListVerificationsQuery } from './verificationApi'
import { paths } from '../../lib/paths'

export function TierCard({ tier, verification, loading }: { tier: Tier; verification: Verification | undefined; loading: boolean }) {
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
  const items = verification ? checklist(tier, progress) : checklist(tier, 0).map((i) => ({ ...i, done: false }))
  const button = verification ? cardButton(verification) : null
  return (
    <Card className="flex flex-col" data-testid={`tier-card-${tier}`}>
      <CardHeader
        as="h3"
        title={title}
        icon={<Icon className="h-5 w-5" aria-hidden />}
        description={tier === 'basic' ? '$49 · valid 12 months' : '$299 · KYC, AML and PEP checks'}
        action={<StatusBadge status={verification ? verification.status : null} />}
      />
      <CardBody className="flex flex-1 flex-col">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-slate-700">Progress</span>
          <span className="font-semibold text-slate-900">{progress}%</span>
        </div>
        <Progress value={progress} label={`${title} progress`} className="mt-2" />
        <ul className="mt-5 flex-1 space-y-2.5">
          {items.map((i) => (
            <li key={i.label} className="flex items-center gap-2.5 text-sm" data-done={i.done}>
              {i.done ? (
                <CheckCircle2 className="h-5 w-5 text-green-600" aria-label="Done" />
              ) : (
                <Circle className="h-5 w-5 text-slate-300" aria-label="Not done" />
              )}
              <span className={i.done ? 'text-slate-900' : 'text-slate-500'}>{i.label}</span>
            </li>
          ))}
        </ul>
        {button && (
          <ButtonLink to={button.to} className="mt-6 w-full" variant={button.label === 'Make Payment' ? 'accent' : 'primary'}>
            {button.label}
          </ButtonLink>
        )}
      </CardBody>
    </Card>
  )
}

function VerificationRow({ v }: { v: Verification }) {
  const b = cardButton(v)
  return (
    <li className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          Verification #{v.id} <StatusBadge status={v.status} />
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {tierLabel(v.tier)} · {v.publicId} · updated {formatDate(v.updatedAt)}
        </p>
      </div>
      <ButtonLink to={b.to} size="sm" variant="outline">
        {b.label} <ArrowRight className="h-4 w-4" aria-hidden />
      </ButtonLink>
    </li>
  )
}

export default function DashboardPage() {
  const { data: user } = useGetCurrentUserQuery()
  const [open, setOpen] = useState(false)
  // The status cards take the first verification of each tier, newest first.
  const all = useListVerificationsQuery({ page: 1, pageSize: 100, sort: 'updatedAt', order: 'desc' })
  const completed = useListVerificationsQuery({ page: 1, pageSize: PAGE_SIZE, sort: 'updatedAt', order: 'desc', status: 'approved' })
  const items = all.data?.items ?? []
  const basic = items.find((v) => v.tier === 'basic')
  const top = items.find((v) => v.tier === 'top')
  const inProgress = items.filter((v) => v.status === 'draft' || v.status === 'submitted')

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <section className="relative overflow-hidden rounded-2xl bg-brand-950 px-6 py-8 text-white shadow-sm sm:px-10">
        <div className="pointer-events-none absolute -right-16 -top-16 h-64 w-64 rounded-full bg-brand-600/40 blur-3xl" />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold">Welcome back, {user ? greetingName(user.email) : ''}</h1>
            <p className="mt-1 max-w-xl text-brand-100">
              Verify your company once and share a trusted certificate with every counterparty.
            </p>
          </div>
          <Button variant="accent" size="lg" onClick={() => setOpen(true)} icon={<Plus className="h-5 w-5" aria-hidden />}>
            Start New Verification
          </Button>
        </div>
      </section>

      <section aria-labelledby="status-heading">
        <h2 id="status-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Your Verification Status
        </h2>
        {all.isError ? (
          <Card className="p-6 text-sm text-red-700">Could not load your verifications. Refresh the page to try again.</Card>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <TierCard tier="basic" verification={basic} loading={all.isLoading} />
            <TierCard tier="top" verification={top} loading={all.isLoading} />
          </div>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="In Progress" icon={<FileClock className="h-5 w-5" aria-hidden />} description="Drafts and submitted applications" action={<Link to={paths.verifications} className="text-sm font-medium text-brand-700 hover:underline">View all</Link>} />
          {inProgress.length === 0 ? (
            <CardBody className="text-sm text-slate-500">{all.isLoading ? 'Loading…' : 'No verifications in progress.'}</CardBody>
          ) : (
            <ul className="divide-y divide-slate-100">
              {inProgress.slice(0, PAGE_SIZE).map((v) => (
                <VerificationRow key={v.id} v={v} />
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <CardHeader title="Completed Verifications" icon={<Award className="h-5 w-5" aria-hidden />} description="Approved verifications, newest first" />
          {(completed.data?.items.length ?? 0) === 0 ? (
            <CardBody className="text-sm text-slate-500">{completed.isLoading ? 'Loading…' : 'No completed verifications yet.'}</CardBody>
          ) : (
            <ul className="divide-y divide-slate-100">
              {completed.data!.items.map((v) => (
                <VerificationRow key={v.id} v={v} />
              ))}
            </ul>
          )}
        </Card>
      </div>

      <NewVerificationDialog open={open} onOpenChange={setOpen} />
    </div>
  )
}
