import * as DM from '@radix-ui/react-dropdown-menu'
import { AlertCircle, ArrowDown, ArrowUp, ArrowUpDown, Eye, FileCheck2, MoreHorizontal, Plus, Share2, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { StatusBadge } from '../../components/ui/Badge'
import { Button, ButtonLink } from '../../components/ui/Button'
import { Card } from '../../components/ui/Card'
import { ConfirmDialog } from '../../components/ui/ConfirmDialog'
import { PageHeader } from '../../components/ui/PageHeader'
import { Pager } from '../../components/ui/Pager'
import { Progress } from '../../components/ui/Progress'
import { Select } from '../../components/ui/Select'
import { Spinner } from '../../components/ui/Spinner'
import { Tooltip, TooltipProvider } from '../../components/ui/Tooltip'
import { mutate } from '../../components/ui/mutate'
import { LIST_POLLING_MS, PAGE_SIZE } from '../../lib/constants'
import { errorMessage } from '../../lib/errors'
import { cn } from '../../lib/cn'
import { formatDate } from '../../lib/format'
import { displayName, rowActionHref, rowActionLabel, tierLabel } from '../../lib/status'
import type { Verification } from '../../lib/types'
import { NewVerificationDialog } from './NewVerificationDialog'
import { useDeleteVerificationMutation, useListVerificationsQuery } from './verificationApi'
import type { ListParams } from '../../lib/listQuery'
import { paths } from '../../lib/paths'
import { usePageTitle } from '../../lib/usePageTitle'

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'draft', label: 'Draft' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'in_review', label: 'In Review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
]

const TIER_OPTIONS = [
  { value: 'all', label: 'All tiers' },
  { value: 'basic', label: 'Basic' },
  { value: 'top', label: 'Top Tier' },
]

type SortField = ListParams['sort']

function SortHeader({
  field,
  label,
  sort,
  order,
  onSort,
  className,
}: {
  field: SortField
  label: string
  sort: SortField
  order: 'asc' | 'desc'
  onSort: (f: SortField) => void
  className?: string
}) {
  const active = sort === field
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown
  return (
    <th
      scope="col"
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600', className)}
    >
      <button type="button" onClick={() => onSort(field)} className="inline-flex items-center gap-1 hover:text-slate-900">
        {label}
        <Icon className={active ? 'h-3.5 w-3.5 text-slate-900' : 'h-3.5 w-3.5 text-slate-400'} aria-hidden />
      </button>
    </th>
  )
}

function RowMenu({ v, onDelete }: { v: Verification; onDelete: (v: Verification) => void }) {
  return (
    <DM.Root>
      <Tooltip content="More actions">
        <DM.Trigger asChild>
          <button type="button" className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100" aria-label={`More actions for ${displayName(v)} (${v.publicId})`}>
            <MoreHorizontal className="h-5 w-5" aria-hidden />
          </button>
        </DM.Trigger>
      </Tooltip>
      <DM.Portal>
        <DM.Content align="end" sideOffset={4} className="z-50 w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <DM.Item asChild>
            <Link to={paths.verification(v.id)} className="flex items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">
              <Eye className="h-4 w-4" aria-hidden /> View
            </Link>
          </DM.Item>
          <DM.Item
            disabled={v.status !== 'approved'}
            onSelect={() => window.open(paths.publicCertificate(v.publicId), '_blank', 'noopener')}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-40 data-[highlighted]:bg-slate-100"
          >
            <Share2 className="h-4 w-4" aria-hidden /> Share
          </DM.Item>
          <DM.Separator className="my-1 h-px bg-slate-100" />
          <DM.Item
            disabled={!v.actions.delete}
            onSelect={() => onDelete(v)}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-red-600 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-40 data-[highlighted]:bg-red-50"
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </DM.Item>
        </DM.Content>
      </DM.Portal>
    </DM.Root>
  )
}

function Empty({ filtered }: { filtered: boolean }) {
  return (
    <>
      <FileCheck2 className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <p className="mt-3 text-sm font-medium text-slate-900">No verifications found</p>
      <p className="mt-1 text-sm text-slate-600">{filtered ? 'Try another filter.' : 'Start your first verification to get certified.'}</p>
    </>
  )
}

const SORT_LABELS: Record<SortField, string> = { updatedAt: 'Updated', createdAt: 'Created', id: 'ID', status: 'Status', tier: 'Tier' }

/** SORT_OPTIONS offer every sort field and order on every screen width, where the table's headers are hidden or cut. */
export const SORT_OPTIONS = (Object.keys(SORT_LABELS) as SortField[]).flatMap((f) =>
  (['desc', 'asc'] as const).map((o) => {
    const dated = f === 'updatedAt' || f === 'createdAt'
    const way = dated ? (o === 'desc' ? 'newest first' : 'oldest first') : o === 'desc' ? 'descending' : 'ascending'
    return { value: `${f}:${o}`, label: `${SORT_LABELS[f]}, ${way}` }
  }),
)

export default function VerificationsPage() {
  usePageTitle('Verifications')
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState('all')
  const [tier, setTier] = useState('all')
  const [sort, setSort] = useState<SortField>('updatedAt')
  const [order, setOrder] = useState<'asc' | 'desc'>('desc')
  const [newOpen, setNewOpen] = useState(false)
  const [toDelete, setToDelete] = useState<Verification | null>(null)
  const [del, { isLoading: deleting }] = useDeleteVerificationMutation()

  const { data, isLoading, isFetching, isError, error } = useListVerificationsQuery(
    { page, pageSize: PAGE_SIZE, sort, order, status, tier },
    { pollingInterval: LIST_POLLING_MS, skipPollingIfUnfocused: false },
  )

  function onSort(f: SortField) {
    if (f === sort) setOrder(order === 'asc' ? 'desc' : 'asc')
    else {
      setSort(f)
      setOrder('desc')
    }
    setPage(1)
  }

  async function confirmDelete() {
    if (!toDelete) return
    const r = await mutate(del(toDelete.id), { done: { title: 'Verification deleted' }, failed: 'Error', fallback: 'Failed to delete verification. Please try again.' })
    if (r.ok) setToDelete(null)
  }

  return (
    <TooltipProvider>
      <div className="mx-auto max-w-7xl">
        <PageHeader
          title="Verifications"
          subtitle="Manage and track all your verification applications"
          actions={
            <Button onClick={() => setNewOpen(true)} icon={<Plus className="h-4 w-4" aria-hidden />}>
              New Verification
            </Button>
          }
        />

        {isError ? (
          <Card className="p-10 text-center">
            <AlertCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden />
            <h2 className="mt-3 text-lg font-semibold text-slate-900">Error Loading Verifications</h2>
            <p className="mt-1 text-sm text-slate-600">{errorMessage(error)}</p>
            <Button className="mt-5" variant="outline" onClick={() => window.location.reload()}>
              Try Again
            </Button>
          </Card>
        ) : (
          <Card>
            <div className="flex flex-col gap-4 border-b border-slate-100 p-4 sm:flex-row sm:items-end">
              <Select
                id="filter-status"
                label="Status"
                value={status}
                onValueChange={(v) => {
                  setStatus(v)
                  setPage(1)
                }}
                options={STATUS_OPTIONS}
              />
              <Select
                id="filter-tier"
                label="Tier"
                value={tier}
                onValueChange={(v) => {
                  setTier(v)
                  setPage(1)
                }}
                options={TIER_OPTIONS}
              />
              <Select
                id="sort-by"
                label="Sort by"
                value={`${sort}:${order}`}
                onValueChange={(v) => {
                  const [f, o] = v.split(':') as [SortField, 'asc' | 'desc']
                  setSort(f)
                  setOrder(o)
                  setPage(1)
                }}
                options={SORT_OPTIONS}
              />
              <div className="flex-1" />
              {isFetching && !isLoading && <Spinner className="h-4 w-4" label="Refreshing" />}
            </div>

            {/* Wide screens get the table; phones get one card per verification with the same status and actions. */}
            <div className="hidden overflow-x-auto md:block">
              <table className="min-w-full divide-y divide-slate-100">
                <thead className="bg-slate-50/70">
                  <tr>
                    <SortHeader field="id" label="Company / Verification ID" sort={sort} order={order} onSort={onSort} />
                    <SortHeader field="tier" label="Tier" sort={sort} order={order} onSort={onSort} />
                    <SortHeader field="status" label="Status" sort={sort} order={order} onSort={onSort} />
                    <th scope="col" className="px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                      Progress
                    </th>
                    <SortHeader field="createdAt" label="Created" sort={sort} order={order} onSort={onSort} className="hidden xl:table-cell" />
                    <SortHeader field="updatedAt" label="Updated" sort={sort} order={order} onSort={onSort} />
                    <th scope="col" className="px-4 py-3 text-right text-xs font-semibold uppercase tracking-wide text-slate-600">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {isLoading ? (
                    <tr>
                      <td colSpan={7} className="py-16 text-center">
                        <Spinner />
                      </td>
                    </tr>
                  ) : data && data.items.length > 0 ? (
                    data.items.map((v) => (
                      <tr key={v.id} className="hover:bg-slate-50/60" data-testid="verification-row">
                        <td className="max-w-[18rem] px-4 py-3">
                          <Link to={paths.verification(v.id)} className="block truncate text-sm font-semibold text-brand-800 hover:underline">
                            {displayName(v)}
                          </Link>
                          <p className="truncate font-mono text-xs text-slate-600" title={v.publicId}>
                            {v.publicId} · #{v.id}
                          </p>
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 text-sm text-slate-700">{tierLabel(v.tier)}</td>
                        <td className="whitespace-nowrap px-4 py-3">
                          <StatusBadge status={v.status} />
                        </td>
                        <td className="px-4 py-3">
                          <div className="flex w-28 items-center gap-2">
                            <Progress value={v.progress} label={`Progress of ${displayName(v)}`} />
                            <span className="w-9 text-right text-xs text-slate-600">{v.progress}%</span>
                          </div>
                        </td>
                        <td className="hidden whitespace-nowrap px-4 py-3 text-sm text-slate-600 xl:table-cell">{formatDate(v.createdAt)}</td>
                        <td className="whitespace-nowrap px-4 py-3 text-sm text-slate-600">{formatDate(v.updatedAt)}</td>
                        <td className="whitespace-nowrap px-4 py-3">
                          <div className="flex items-center justify-end gap-1">
                            <ButtonLink to={rowActionHref(v)} size="sm" variant="outline">
                              {rowActionLabel(v.status)}
                            </ButtonLink>
                            <RowMenu v={v} onDelete={setToDelete} />
                          </div>
                        </td>
                      </tr>
                    ))
                  ) : (
                    <tr>
                      <td colSpan={7} className="px-4 py-16 text-center">
                        <Empty filtered={status !== 'all' || tier !== 'all'} />
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
            <div className="md:hidden">
              {isLoading ? (
                <div className="py-16 text-center">
                  <Spinner />
                </div>
              ) : data && data.items.length > 0 ? (
                <ul className="divide-y divide-slate-100" aria-label="Verifications">
                  {data.items.map((v) => (
                    <li key={v.id} className="space-y-3 px-4 py-4" data-testid="verification-card">
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <Link to={paths.verification(v.id)} className="block break-words text-sm font-semibold text-brand-800 hover:underline">
                            {displayName(v)}
                          </Link>
                          <p className="mt-0.5 text-xs text-slate-600">
                            #{v.id} · {tierLabel(v.tier)} · updated {formatDate(v.updatedAt)}
                          </p>
                          <p className="truncate font-mono text-xs text-slate-600">{v.publicId}</p>
                        </div>
                        <StatusBadge status={v.status} />
                      </div>
                      <div className="flex items-center gap-2">
                        <Progress value={v.progress} label={`Progress of ${displayName(v)}`} />
                        <span className="w-9 shrink-0 text-right text-xs text-slate-600">{v.progress}%</span>
                      </div>
                      <div className="flex items-center gap-2">
                        <ButtonLink to={rowActionHref(v)} size="sm" variant="outline" className="flex-1">
                          {rowActionLabel(v.status)}
                        </ButtonLink>
                        <RowMenu v={v} onDelete={setToDelete} />
                      </div>
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="px-4 py-16 text-center">
                  <Empty filtered={status !== 'all' || tier !== 'all'} />
                </div>
              )}
            </div>

            <Pager page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onPage={setPage} />
          </Card>
        )}

        <NewVerificationDialog open={newOpen} onOpenChange={setNewOpen} />
        <ConfirmDialog
          item={toDelete}
          onClose={() => setToDelete(null)}
          title="Delete verification?"
          description={(v) => `Verification ${v.publicId} and everything uploaded for it will be removed. This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={confirmDelete}
          busy={deleting}
        />
      </div>
    </TooltipProvider>
  )
}
