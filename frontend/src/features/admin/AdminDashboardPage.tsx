import { AlertCircle, Eye, FilterX, Inbox, RefreshCw, Search, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { inputClass } from '../../components/form/fields'
import { Badge, StatusBadge } from '../../components/ui/Badge'
import { Button, ButtonLink } from '../../components/ui/Button'
import { Card } from '../../components/ui/Card'
import { ConfirmDialog } from '../../components/ui/ConfirmDialog'
import { PageHeader } from '../../components/ui/PageHeader'
import { Pager } from '../../components/ui/Pager'
import { Select } from '../../components/ui/Select'
import { Skeleton, Spinner } from '../../components/ui/Spinner'
import { mutate } from '../../components/ui/mutate'
import { Tooltip, TooltipProvider } from '../../components/ui/Tooltip'
import { cn } from '../../lib/cn'
import { PAGE_SIZE } from '../../lib/constants'
import { errorMessage } from '../../lib/errors'
import { formatDate } from '../../lib/format'
import type { AdminVerification, StatusCounts } from '../../lib/types'
import { useAdminDeleteVerificationMutation, useAdminListVerificationsQuery, useAdminStatsQuery } from './adminApi'
import {
  ADMIN_POLLING_MS,
  ADMIN_STATUS_OPTIONS,
  ADMIN_TIER_OPTIONS,
  CLEARED_FILTERS,
  DEFAULT_FILTERS,
  idProblem,
  isFiltered,
  type AdminFilters,
} from './filters'
import { paths } from '../../lib/paths'
import { usePageTitle } from '../../lib/usePageTitle'
import { ScreeningAttentionFilter, ScreeningBadge } from './ScreeningAttention'
import { TierBadge } from './TierBadge'

const COUNT_CARDS: { key: keyof Omit<StatusCounts, 'total'>; label: string; tone: string }[] = [
  { key: 'draft', label: 'Draft', tone: 'border-t-slate-400' },
  { key: 'submitted', label: 'Submitted', tone: 'border-t-blue-500' },
  { key: 'in_review', label: 'In Review', tone: 'border-t-purple-500' },
  { key: 'approved', label: 'Approved', tone: 'border-t-green-500' },
  { key: 'rejected', label: 'Rejected', tone: 'border-t-red-500' },
]

function CountCards({ counts, loading, active, onPick }: { counts?: StatusCounts; loading: boolean; active: string; onPick: (s: string) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Verification counts">
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

/** useDebounced returns value once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return v
}

function CertificateFlag({ v }: { v: AdminVerification }) {
  if (!v.certificateStatus || v.certificateStatus === 'valid') return null
  return <Badge color={v.certificateStatus === 'revoked' ? 'red' : 'grey'}>{v.certificateStatus === 'revoked' ? 'Revoked' : 'Expired'}</Badge>
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

/** AdminTable is the queue on wide screens; AdminCards is the same queue on a phone, status and Review in reach. */
export function AdminTable({ items, onDelete }: { items: AdminVerification[]; onDelete: (v: AdminVerification) => void }) {
  return (
    <table className="min-w-full divide-y divide-slate-100">
      <thead className="bg-slate-50/70">
        <tr className="whitespace-nowrap text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <th scope="col" className="px-4 py-3">DB ID</th>
          <th scope="col" className="px-4 py-3">Public ID</th>
          <th scope="col" className="px-4 py-3">User</th>
          <th scope="col" className="px-4 py-3">Tier</th>
          <th scope="col" className="px-4 py-3">Status</th>
          <th scope="col" className="px-4 py-3">Date</th>
          <th scope="col" className="px-4 py-3 text-right">Actions</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.map((v) => (
          <tr key={v.id} className="hover:bg-slate-50/60" data-testid="admin-row">
            <td className="whitespace-nowrap px-4 py-3 text-sm font-medium text-slate-900">{v.id}</td>
            <td className="whitespace-nowrap px-4 py-3">
              <Link to={paths.adminReview(v.id)} className="font-mono text-xs text-brand-800 hover:underline">
                {v.publicId}
              </Link>
            </td>
            {/* The company names the row; the account's e-mail is secondary. */}
            <td className="max-w-[18rem] px-4 py-3">
              <span className="block truncate text-sm font-semibold text-slate-900" title={v.companyName}>
                {v.companyName || 'Company not yet provided'}
              </span>
              <span className="block truncate text-xs text-slate-600" title={v.userEmail}>
                {v.userEmail}
              </span>
            </td>
            <td className="whitespace-nowrap px-4 py-3">
              <TierBadge tier={v.tier} />
            </td>
            <td className="whitespace-nowrap px-4 py-3">
              <span className="inline-flex items-center gap-1.5">
                <StatusBadge status={v.status} />
                <CertificateFlag v={v} />
                {v.screening?.attention && <ScreeningBadge />}
              </span>
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-sm text-slate-600">{formatDate(v.createdAt)}</td>
            <td className="whitespace-nowrap px-4 py-3">
              <div className="flex items-center justify-end gap-1">
                <ButtonLink to={paths.adminReview(v.id)} size="sm" variant="outline" icon={<Eye className="h-4 w-4" aria-hidden />}>
                  Review
                </ButtonLink>
                <DeleteButton v={v} onDelete={onDelete} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function AdminCards({ items, onDelete }: { items: AdminVerification[]; onDelete: (v: AdminVerification) => void }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Verifications">
      {items.map((v) => (
        <li key={v.id} className="space-y-3 px-4 py-4" data-testid="admin-card">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="break-words text-sm font-semibold text-slate-900">{v.companyName || 'Company not yet provided'}</p>
              <p className="truncate text-xs text-slate-600">{v.userEmail}</p>
              <p className="truncate font-mono text-xs text-slate-600">
                #{v.id} · {v.publicId}
              </p>
            </div>
            <span className="flex shrink-0 flex-col items-end gap-1">
              <StatusBadge status={v.status} />
              <CertificateFlag v={v} />
              {v.screening?.attention && <ScreeningBadge />}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <TierBadge tier={v.tier} />
            <span className="text-xs text-slate-600">{formatDate(v.createdAt)}</span>
            <span className="flex-1" />
            <ButtonLink to={paths.adminReview(v.id)} size="sm" variant="outline" icon={<Eye className="h-4 w-4" aria-hidden />}>
              Review
            </ButtonLink>
            <DeleteButton v={v} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  )
}

export default function AdminDashboardPage() {
  usePageTitle('Admin Dashboard')
  const [filters, setFilters] = useState<AdminFilters>(DEFAULT_FILTERS)
  const [page, setPage] = useState(1)
  const [toDelete, setToDelete] = useState<AdminVerification | null>(null)
  const [del, { isLoading: deleting }] = useAdminDeleteVerificationMutation()
  // Typing in the text filters waits a moment before asking the server.
  const applied = useDebounced(filters, 300)
  const badId = idProblem(filters.id)
  const poll = { pollingInterval: ADMIN_POLLING_MS, skipPollingIfUnfocused: false, refetchOnMountOrArgChange: true }
  const list = useAdminListVerificationsQuery({ filters: applied, page }, poll)
  const stats = useAdminStatsQuery(applied, poll)

  function set<K extends keyof AdminFilters>(k: K, v: AdminFilters[K]) {
    setFilters((f) => ({ ...f, [k]: v }))
    setPage(1)
  }

  async function confirmDelete() {
    if (!toDelete) return
    const r = await mutate(del(toDelete.id), { done: { title: 'Verification deleted' }, failed: { title: 'Error', description: 'Failed to delete verification. Please try again.' } })
    if (r.ok) setToDelete(null)
  }

  const items = list.data?.items ?? []
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

        <CountCards counts={stats.data} loading={stats.isLoading} active={filters.status} onPick={(s) => set('status', s)} />
        <ScreeningAttentionFilter
          count={stats.data?.screeningAttention}
          loading={stats.isLoading}
          active={filters.screening === 'attention'}
          // The count spans every status, so showing those verifications shows them in every status.
          onToggle={() => {
            setFilters((f) => (f.screening === 'attention' ? { ...f, screening: 'all' } : { ...f, screening: 'attention', status: 'all' }))
            setPage(1)
          }}
        />

        <Card>
          <div className="grid gap-4 border-b border-slate-100 p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end">
            <Select id="admin-status" label="Status" value={filters.status} onValueChange={(v) => set('status', v)} options={ADMIN_STATUS_OPTIONS} />
            <Select id="admin-tier" label="Tier" value={filters.tier} onValueChange={(v) => set('tier', v)} options={ADMIN_TIER_OPTIONS} />
            <TextFilter id="admin-email" label="User Email" value={filters.email} onChange={(v) => set('email', v)} placeholder="Search e-mail" />
            <TextFilter id="admin-public-id" label="Public ID" value={filters.publicId} onChange={(v) => set('publicId', v)} placeholder="Public ID" />
            <TextFilter id="admin-db-id" label="DB ID" value={filters.id} onChange={(v) => set('id', v)} placeholder="e.g. 42" error={badId} />
            <Button
              variant="ghost"
              onClick={() => {
                setFilters(CLEARED_FILTERS)
                setPage(1)
              }}
              disabled={!isFiltered(filters)}
              icon={<FilterX className="h-4 w-4" aria-hidden />}
            >
              Clear All Filters
            </Button>
          </div>

          {list.isError ? (
            <div className="p-10 text-center">
              <AlertCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden />
              <h2 className="mt-3 text-lg font-semibold text-slate-900">Error Loading Verifications</h2>
              <p className="mt-1 text-sm text-slate-600">{errorMessage(list.error)}</p>
              <Button className="mt-5" variant="outline" onClick={() => void list.refetch()}>
                Try Again
              </Button>
            </div>
          ) : list.isLoading ? (
            <div className="flex justify-center py-16">
              <Spinner />
            </div>
          ) : items.length === 0 ? (
            <div className="px-4 py-16 text-center">
              <Inbox className="mx-auto h-10 w-10 text-slate-300" aria-hidden />
              <p className="mt-3 text-sm font-medium text-slate-900">No verifications found</p>
              <p className="mt-1 text-sm text-slate-500">{isFiltered(applied) ? 'No verification matches these filters.' : 'Nothing has been submitted yet.'}</p>
            </div>
          ) : (
            <>
              <div className="hidden overflow-x-auto md:block">
                <AdminTable items={items} onDelete={setToDelete} />
              </div>
              <div className="md:hidden">
                <AdminCards items={items} onDelete={setToDelete} />
              </div>
            </>
          )}
          <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
        </Card>

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
