import * as DM from '@radix-ui/react-dropdown-menu'
import { Eye, FileCheck2, MoreHorizontal, Plus, Share2, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { StatusBadge } from '@/components/ui/Badge'
import { ChecksStatus } from './ChecksStatus'
import { Button, ButtonLink } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { DataTable, ListError, type Column } from '@/components/ui/DataTable'
import { PageHeader } from '@/components/ui/PageHeader'
import { Pager } from '@/components/ui/Pager'
import { Progress } from '@/components/ui/Progress'
import { Select } from '@/components/ui/Select'
import { Spinner } from '@/components/ui/Spinner'
import { Tooltip, TooltipProvider } from '@/components/ui/Tooltip'
import { mutate } from '@/components/ui/mutate'
import { LIST_POLLING_MS, PAGE_SIZE } from '@/lib/constants'
import { formatDate } from '@/lib/format'
import type { ListParams } from '@/lib/listQuery'
import { sortOptions, STATUS_OPTIONS, TIER_OPTIONS } from '@/lib/options'
import { paths } from '@/lib/paths'
import { displayName, displayStatus, rowActionHref, rowActionLabel, tierLabel } from '@/lib/status'
import type { Verification } from '@/lib/types'
import { usePagedList, usePageInRange, type Order, type PagedListConfig } from '@/lib/usePagedList'
import { usePageTitle } from '@/lib/usePageTitle'
import { NewVerificationDialog } from './NewVerificationDialog'
import { useDeleteVerificationMutation, useListVerificationsQuery } from './verificationApi'
import { useLandmarkContainer } from '@/components/ui/landmark'

type SortField = ListParams['sort']

function RowMenu({ v, onDelete }: { v: Verification; onDelete: (v: Verification) => void }) {
  const [menuTrigger, menuContainer] = useLandmarkContainer()
  return (
    <DM.Root modal={false}>
      <Tooltip content="More actions">
        <DM.Trigger asChild ref={menuTrigger}>
          <button type="button" className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100" aria-label={`More actions for ${displayName(v)} (${v.publicId})`}>
            <MoreHorizontal className="h-5 w-5" aria-hidden />
          </button>
        </DM.Trigger>
      </Tooltip>
      <DM.Portal container={menuContainer}>
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

const SORT_LABELS: Record<SortField, string> = { updatedAt: 'Updated', createdAt: 'Created', id: 'ID', status: 'Status', tier: 'Tier' }

/** SORT_OPTIONS offer every sort field and order on every screen width, where the table's headers are hidden or cut. */
export const SORT_OPTIONS = sortOptions(SORT_LABELS, ['updatedAt', 'createdAt'])

const SORT_FIELDS = Object.keys(SORT_LABELS) as SortField[]

/** LIST is the list's first view (spec 3): every status and tier, last updated first. */
const LIST: PagedListConfig<{ status: string; tier: string }, SortField> = {
  filters: { status: 'all', tier: 'all' },
  allowed: { status: STATUS_OPTIONS.map((o) => o.value), tier: TIER_OPTIONS.map((o) => o.value) },
  sorts: SORT_FIELDS,
  sort: 'updatedAt',
  order: 'desc',
}

function columns(onDelete: (v: Verification) => void): Column<Verification, SortField>[] {
  const date = 'whitespace-nowrap text-sm text-slate-600'
  return [
    {
      header: 'Company / Verification ID',
      sort: 'id',
      // Long names wrap (two lines at most) rather than widen the table past its card.
      cell: (v) => (
        <div className="min-w-[10rem] max-w-[18rem]">
          <Link to={paths.verification(v.id)} className="line-clamp-2 break-words text-sm font-semibold text-brand-800 hover:underline" title={displayName(v)}>
            {displayName(v)}
          </Link>
          <p className="font-mono text-xs [overflow-wrap:anywhere] text-slate-600">
            {v.publicId} · #{v.id}
          </p>
          {/* Under the name rather than in the Status column, which must stay narrow at 1280 px. */}
          <ChecksStatus v={v} className="mt-1" />
        </div>
      ),
    },
    { header: 'Tier', sort: 'tier', cellClassName: 'whitespace-nowrap text-sm text-slate-700', cell: (v) => tierLabel(v.tier) },
    { header: 'Status', sort: 'status', cellClassName: 'whitespace-nowrap', cell: (v) => <StatusBadge status={displayStatus(v)} /> },
    {
      header: 'Progress',
      cell: (v) => (
        <div className="flex w-28 items-center gap-2">
          <Progress value={v.progress} label={`Progress of ${displayName(v)}`} />
          <span className="w-9 text-right text-xs text-slate-600">{v.progress}%</span>
        </div>
      ),
    },
    { header: 'Created', sort: 'createdAt', className: 'hidden xl:table-cell', cellClassName: date, cell: (v) => formatDate(v.createdAt) },
    { header: 'Updated', sort: 'updatedAt', cellClassName: date, cell: (v) => formatDate(v.updatedAt) },
    {
      header: 'Actions',
      align: 'right',
      cellClassName: 'whitespace-nowrap',
      cell: (v) => (
        <div className="flex items-center justify-end gap-1">
          <ButtonLink to={rowActionHref(v)} size="sm" variant="outline">
            {rowActionLabel(displayStatus(v))}
          </ButtonLink>
          <RowMenu v={v} onDelete={onDelete} />
        </div>
      ),
    },
  ]
}

/** VerificationCard is a verification on a phone: the same status and actions as its row. */
function VerificationCard({ v, onDelete }: { v: Verification; onDelete: (v: Verification) => void }) {
  return (
    <>
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
        <div className="flex shrink-0 flex-col items-end gap-1">
          <StatusBadge status={displayStatus(v)} />
          <ChecksStatus v={v} />
        </div>
      </div>
      <div className="flex items-center gap-2">
        <Progress value={v.progress} label={`Progress of ${displayName(v)}`} />
        <span className="w-9 shrink-0 text-right text-xs text-slate-600">{v.progress}%</span>
      </div>
      <div className="flex items-center gap-2">
        <ButtonLink to={rowActionHref(v)} size="sm" variant="outline" className="flex-1">
          {rowActionLabel(displayStatus(v))}
        </ButtonLink>
        <RowMenu v={v} onDelete={onDelete} />
      </div>
    </>
  )
}

export default function VerificationsPage() {
  usePageTitle('Verifications')
  const list = usePagedList(LIST)
  const { page, sort, order, filters } = list
  const [newOpen, setNewOpen] = useState(false)
  const [toDelete, setToDelete] = useState<Verification | null>(null)
  const [del, { isLoading: deleting }] = useDeleteVerificationMutation()

  const { data, currentData, isLoading, isFetching, isError, error } = useListVerificationsQuery(
    { page, pageSize: PAGE_SIZE, sort, order, ...filters },
    { pollingInterval: LIST_POLLING_MS, skipPollingIfUnfocused: false },
  )
  usePageInRange(list, currentData?.total, PAGE_SIZE)

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
          <Card>
            <ListError title="Error Loading Verifications" error={error} onRetry={() => window.location.reload()} />
          </Card>
        ) : (
          <Card>
            <div className="flex flex-col gap-4 border-b border-slate-100 p-4 sm:flex-row sm:items-end">
              <Select id="filter-status" label="Status" value={filters.status} onValueChange={(v) => list.setFilters({ status: v })} options={STATUS_OPTIONS} />
              <Select id="filter-tier" label="Tier" value={filters.tier} onValueChange={(v) => list.setFilters({ tier: v })} options={TIER_OPTIONS} />
              <Select
                id="sort-by"
                label="Sort by"
                value={`${sort}:${order}`}
                onValueChange={(v) => {
                  const [f, o] = v.split(':') as [SortField, Order]
                  list.setSorting(f, o)
                }}
                options={SORT_OPTIONS}
              />
              <div className="flex-1" />
              {isFetching && !isLoading && <Spinner className="h-4 w-4" label="Refreshing" />}
            </div>

            <DataTable
              label="Verifications"
              rows={data?.items ?? []}
              rowKey={(v) => v.id}
              columns={columns(setToDelete)}
              sorting={{ sort, order, onSort: list.sortBy }}
              loading={isLoading}
              empty={{
                icon: <FileCheck2 className="mx-auto h-10 w-10 text-slate-400" aria-hidden />,
                title: 'No verifications found',
                text: filters.status !== 'all' || filters.tier !== 'all' ? 'Try another filter.' : 'Start your first verification to get certified.',
              }}
              card={(v) => <VerificationCard v={v} onDelete={setToDelete} />}
              testId={{ row: 'verification-row', card: 'verification-card' }}
              // Its columns need about 830 px: beside the sidebar, a window of 1200 px.
              tableFrom="75rem"
            />

            <Pager page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onPage={list.setPage} />
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
