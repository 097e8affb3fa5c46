import { Eye, FilterX, Inbox, RefreshCw, Search, Trash2 } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { useGetCurrentUserQuery } from '@/app/api'
import { inputClass } from '@/components/form/fields'
import { StatusBadge } from '@/components/ui/Badge'
import { Button, ButtonLink } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { DataTable, type Column } from '@/components/ui/DataTable'
import { PageHeader } from '@/components/ui/PageHeader'
import { Pager } from '@/components/ui/Pager'
import { Select } from '@/components/ui/Select'
import { Skeleton } from '@/components/ui/Spinner'
import { mutate } from '@/components/ui/mutate'
import { Tooltip, TooltipProvider } from '@/components/ui/Tooltip'
import { cn } from '@/lib/cn'
import { PAGE_SIZE } from '@/lib/constants'
import { formatDate } from '@/lib/format'
import { ADMIN_STATUS_OPTIONS, ADMIN_TIER_OPTIONS, DISPLAY_STATUSES, sortOptions, STATUS_NAMES } from '@/lib/options'
import { paths } from '@/lib/paths'
import { administers } from '@/lib/roles'
import { displayStatus } from '@/lib/status'
import type { AdminVerification, StatusCounts } from '@/lib/types'
import { usePagedList, usePageInRange, type Order } from '@/lib/usePagedList'
import { usePageTitle } from '@/lib/usePageTitle'
import { AuditRangeExport } from './AuditRangeExport'
import { useAdminDeleteVerificationMutation, useAdminListVerificationsQuery, useAdminStatsQuery } from './adminApi'
import { ADMIN_LIST, ADMIN_POLLING_MS, CLAIM_OPTIONS, CLEARED_FILTERS, SECOND_REVIEW_OPTIONS, idProblem, isFiltered, queueOrder, type AdminFilters, type AdminSort } from './filters'
import { ClaimBadge } from './ReviewClaim'
import { SecondReviewBadge } from './SecondReview'
import { OverdueCount, WaitingTime } from './ReviewClock'
import { ScreeningAttentionFilter, ScreeningBadge } from './ScreeningAttention'
import { TierBadge } from './TierBadge'
import { useTypedFilters } from './useTypedFilters'

// The charts bring Recharts, which only this page needs: a chunk of its own, loaded after the queue.
const AdminCharts = lazy(() => import('./charts/AdminCharts'))

const TONES: Record<(typeof DISPLAY_STATUSES)[number], string> = {
  draft: 'border-t-slate-400',
  submitted: 'border-t-blue-500',
  in_review: 'border-t-purple-500',
  approved: 'border-t-green-500',
  rejected: 'border-t-red-500',
  revoked: 'border-t-red-800',
  expired: 'border-t-amber-500',
}
const COUNT_CARDS = DISPLAY_STATUSES.map((key) => ({ key, label: STATUS_NAMES[key], tone: TONES[key] }))

function CountCards({ counts, loading, active, onPick }: { counts?: StatusCounts; loading: boolean; active: string; onPick: (s: string) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" aria-label="Verification counts">
      {COUNT_CARDS.map((c) => (
        <button
          key={c.key}
          type="button"
          onClick={() => onPick(c.key)}
          aria-pressed={active === c.key}
          data-testid={`count-${c.key}`}
          className={cn(
            'rounded-xl border border-t-4 border-slate-200 bg-white p-4 text-left shadow-sm transition hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
            c.tone,
            active === c.key && 'ring-2 ring-brand-500/40',
          )}
        >
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{c.label}</p>
          {loading ? <Skeleton className="mt-2 h-8 w-12" /> : <p className="mt-1 text-3xl font-bold text-slate-900">{counts?.[c.key] ?? 0}</p>}
        </button>
      ))}
    </div>
  )
}

function TextFilter({ id, label, value, onChange, placeholder, error }: { id: string; label: string; value: string; onChange: (v: string) => void; placeholder: string; error?: string | null }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium uppercase tracking-wide text-slate-600">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(inputClass, 'h-9 py-1.5 pl-8')}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

function DeleteButton({ v, onDelete }: { v: AdminVerification; onDelete: (v: AdminVerification) => void }) {
  if (!v.actions.delete) return null
  return (
    <Tooltip content="Delete">
      <button
        type="button"
        onClick={() => onDelete(v)}
        className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700"
        aria-label={`Delete verification ${v.id}`}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
    </Tooltip>
  )
}

function columns(onDelete: (v: AdminVerification) => void, inReview: boolean): Column<AdminVerification, AdminSort>[] {
  const nowrap = 'whitespace-nowrap'
  // Only verifications in review wait: the In Review queue has a column for it (the business days
  // since payment), the other lists keep their width for long names.
  const waiting: Column<AdminVerification, AdminSort>[] = inReview
    ? [{ header: 'Waiting', sort: 'reviewSince', cell: (v) => <WaitingTime waiting={v.waiting} /> }]
    : []
  return [
    { header: 'DB ID', sort: 'id', cellClassName: 'whitespace-nowrap text-sm font-medium text-slate-900', cell: (v) => v.id },
    {
      header: 'Public ID',
      sort: 'publicId',
      cell: (v) => (
        <Link to={paths.adminReview(v.id)} className="block min-w-[7rem] font-mono text-xs [overflow-wrap:anywhere] text-brand-800 hover:underline">
          {v.publicId}
        </Link>
      ),
    },
    {
      // The company names the row; the account's e-mail is secondary.
      header: 'User',
      // Long names and e-mails wrap (two lines of name at most) rather than widen the table past its card.
      sort: 'company',
      cell: (v) => (
        <div className="min-w-[10rem] max-w-[18rem]">
          <span className="line-clamp-2 break-words text-sm font-semibold text-slate-900" title={v.companyName}>
            {v.companyName || 'Company not yet provided'}
          </span>
          <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">{v.userEmail}</span>
        </div>
      ),
    },
    { header: 'Tier', sort: 'tier', cellClassName: nowrap, cell: (v) => <TierBadge tier={v.tier} /> },
    {
      header: 'Status',
      sort: 'status',
      // Beside the Waiting column a badge would break inside ("In / Review"); the User column gives way instead.
      cellClassName: inReview ? nowrap : undefined,
      cell: (v) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <StatusBadge status={displayStatus(v)} />
          {v.screening?.attention && <ScreeningBadge />}
          {v.claim && <ClaimBadge claim={v.claim} />}
          {v.firstApproval?.awaiting && <SecondReviewBadge />}
        </span>
      ),
    },
    ...waiting,
    { header: 'Date', sort: 'createdAt', cellClassName: 'whitespace-nowrap text-sm text-slate-600', cell: (v) => formatDate(v.createdAt) },
    {
      header: 'Actions',
      align: 'right',
      cellClassName: nowrap,
      cell: (v) => (
        <div className="flex items-center justify-end gap-1">
          <ReviewLink v={v} />
          <DeleteButton v={v} onDelete={onDelete} />
        </div>
      ),
    },
  ]
}

function ReviewLink({ v }: { v: AdminVerification }) {
  return (
    <ButtonLink to={paths.adminReview(v.id)} size="sm" variant="outline" icon={<Eye className="h-4 w-4" aria-hidden />}>
      Review
    </ButtonLink>
  )
}

/** AdminCard is a verification of the queue on a phone, status and Review in reach. */
function AdminCard({ v, onDelete }: { v: AdminVerification; onDelete: (v: AdminVerification) => void }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words text-sm font-semibold text-slate-900">{v.companyName || 'Company not yet provided'}</p>
          <p className="truncate text-xs text-slate-600">{v.userEmail}</p>
          <p className="truncate font-mono text-xs text-slate-600">
            #{v.id} · {v.publicId}
          </p>
        </div>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <StatusBadge status={displayStatus(v)} />
          {v.screening?.attention && <ScreeningBadge />}
          {v.claim && <ClaimBadge claim={v.claim} />}
          {v.firstApproval?.awaiting && <SecondReviewBadge />}
        </span>
      </div>
      {v.waiting && (
        <div className="flex items-center gap-2 text-xs text-slate-600">
          Waiting <WaitingTime waiting={v.waiting} />
        </div>
      )}
      <div className="flex items-center gap-2">
        <TierBadge tier={v.tier} />
        <span className="text-xs text-slate-600">{formatDate(v.createdAt)}</span>
        <span className="flex-1" />
        <ReviewLink v={v} />
        <DeleteButton v={v} onDelete={onDelete} />
      </div>
    </>
  )
}

const SORT_LABELS: Record<AdminSort, string> = {
  reviewSince: 'Waiting since',
  createdAt: 'Date',
  id: 'DB ID',
  publicId: 'Public ID',
  company: 'Company',
  tier: 'Tier',
  status: 'Status',
}
/** SORT_OPTIONS sort the queue on a phone, where the cards have no column headers to click. */
const SORT_OPTIONS = sortOptions(SORT_LABELS, ['createdAt', 'reviewSince'])

type TextKey = 'email' | 'company' | 'publicId' | 'id'
const textOf = ({ email, company, publicId, id }: AdminFilters): Pick<AdminFilters, TextKey> => ({ email, company, publicId, id })

export default function AdminDashboardPage() {
  const admin = administers(useGetCurrentUserQuery().data)
  usePageTitle('Admin Dashboard')
  const queue = usePagedList(ADMIN_LIST)
  const { page, filters } = queue
  const { sort, order } = queueOrder(filters.status, queue.sort, queue.order)
  const inReview = filters.status === 'in_review'
  // The text filters show each key at once and reach the address, and the server, once typing pauses.
  const [typed, setTyped] = useTypedFilters(textOf(filters), (t) => queue.setFilters(t, { replace: true }))
  const shown = { ...filters, ...typed }
  const [toDelete, setToDelete] = useState<AdminVerification | null>(null)
  const [del, { isLoading: deleting }] = useAdminDeleteVerificationMutation()
  const badId = idProblem(typed.id)
  const poll = { pollingInterval: ADMIN_POLLING_MS, skipPollingIfUnfocused: false, refetchOnMountOrArgChange: true }
  const list = useAdminListVerificationsQuery({ filters, page, sort, order }, poll)
  const stats = useAdminStatsQuery(filters, poll)
  usePageInRange(queue, list.currentData?.total, PAGE_SIZE)

  async function confirmDelete() {
    if (!toDelete) return
    const r = await mutate(del(toDelete.id), { done: { title: 'Verification deleted' }, failed: { title: 'Error', description: 'Failed to delete verification. Please try again.' } })
    if (r.ok) setToDelete(null)
  }

  return (
    <TooltipProvider>
      <div className="mx-auto max-w-7xl space-y-6">
        <PageHeader
          title="Admin Dashboard"
          subtitle="Review, approve and manage all verification applications"
          actions={
            <Button
              variant="outline"
              onClick={() => {
                void list.refetch()
                void stats.refetch()
              }}
              icon={<RefreshCw className={cn('h-4 w-4', list.isFetching && 'animate-spin')} aria-hidden />}
            >
              Refresh
            </Button>
          }
        />

        <CountCards counts={stats.data} loading={stats.isLoading} active={filters.status} onPick={(s) => queue.setFilters({ status: s })} />
        <OverdueCount
          count={stats.data?.overdue}
          loading={stats.isLoading}
          onShow={() => queue.setFilters({ status: 'in_review' })}
        />
        <ScreeningAttentionFilter
          count={stats.data?.screeningAttention}
          loading={stats.isLoading}
          active={filters.screening === 'attention'}
          // The count spans every status, so showing those verifications shows them in every status.
          onToggle={() => queue.setFilters(filters.screening === 'attention' ? { screening: 'all' } : { screening: 'attention', status: 'all' })}
        />

        <Suspense fallback={null}>
          <AdminCharts />
        </Suspense>

        <Card>
          <div className="grid gap-4 border-b border-slate-100 p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
            <Select id="admin-status" label="Status" value={filters.status} onValueChange={(v) => queue.setFilters({ status: v })} options={ADMIN_STATUS_OPTIONS} />
            <Select id="admin-tier" label="Tier" value={filters.tier} onValueChange={(v) => queue.setFilters({ tier: v })} options={ADMIN_TIER_OPTIONS} />
            <Select
              id="admin-claim"
              label="Reviewer"
              value={filters.claim}
              onValueChange={(v) => queue.setFilters({ claim: v as AdminFilters['claim'] })}
              options={CLAIM_OPTIONS}
            />
            <Select
              id="admin-second-review"
              label="Second review"
              value={filters.secondReview}
              onValueChange={(v) => queue.setFilters({ secondReview: v as AdminFilters['secondReview'] })}
              options={SECOND_REVIEW_OPTIONS}
            />
            <TextFilter id="admin-email" label="User Email" value={typed.email} onChange={(v) => setTyped({ ...typed, email: v })} placeholder="Search e-mail" />
            <TextFilter
              id="admin-company"
              label="Company"
              value={typed.company}
              onChange={(v) => setTyped({ ...typed, company: v })}
              placeholder="Name or reg. no."
            />
            <TextFilter id="admin-public-id" label="Public ID" value={typed.publicId} onChange={(v) => setTyped({ ...typed, publicId: v })} placeholder="Public ID" />
            <TextFilter id="admin-db-id" label="DB ID" value={typed.id} onChange={(v) => setTyped({ ...typed, id: v })} placeholder="e.g. 42" error={badId} />
            <Select
              id="admin-sort"
              label="Sort by"
              // Shown while the list is cards (below tableFrom), which have no headers.
              className={inReview ? 'min-[84rem]:hidden' : 'min-[75rem]:hidden'}
              value={`${sort}:${order}`}
              onValueChange={(v) => {
                const [f, o] = v.split(':') as [AdminSort, Order]
                queue.setSorting(f, o)
              }}
              options={inReview ? SORT_OPTIONS : SORT_OPTIONS.filter((o) => !o.value.startsWith('reviewSince'))}
            />
            <Button
              variant="ghost"
              onClick={() => {
                setTyped(textOf(CLEARED_FILTERS))
                queue.setFilters(CLEARED_FILTERS)
              }}
              disabled={!isFiltered(shown)}
              icon={<FilterX className="h-4 w-4" aria-hidden />}
            >
              Clear All Filters
            </Button>
          </div>

          <DataTable
            label="Verifications"
            rows={list.data?.items ?? []}
            rowKey={(v) => v.id}
            columns={columns(setToDelete, inReview)}
            // Headers turn the order they show around, which may be the fallback of queueOrder.
            sorting={{ sort, order, onSort: (f) => queue.setSorting(f, f === sort && order === 'desc' ? 'asc' : 'desc') }}
            loading={list.isLoading}
            error={list.isError ? { title: 'Error Loading Verifications', error: list.error, onRetry: () => void list.refetch() } : undefined}
            empty={{
              icon: <Inbox className="mx-auto h-10 w-10 text-slate-300" aria-hidden />,
              title: 'No verifications found',
              text: isFiltered(filters) ? 'No verification matches these filters.' : 'Nothing has been submitted yet.',
            }}
            card={(v) => <AdminCard v={v} onDelete={setToDelete} />}
            testId={{ row: 'admin-row', card: 'admin-card' }}
            // Its seven columns need about 840 px: beside the sidebar, a window of 1200 px; the In Review
            // queue's Waiting column needs 1344 px (long company names included).
            tableFrom={inReview ? '84rem' : '75rem'}
          />
          <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={queue.setPage} />
        </Card>

        {admin && <AuditRangeExport />}

        <ConfirmDialog
          item={toDelete}
          onClose={() => setToDelete(null)}
          title="Delete verification?"
          description={(v) => `Verification #${v.id} (${[v.companyName, v.publicId].filter(Boolean).join(', ')}) of ${v.userEmail} will be deleted. It disappears from every list.`}
          confirmLabel="Delete"
          onConfirm={confirmDelete}
          busy={deleting}
        />
      </div>
    </TooltipProvider>
  )
}
