import { AlertCircle, ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import type { Key, ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { errorMessage } from '@/lib/errors'
import { useCardLayout } from '@/lib/useCardLayout'
import type { Order } from '@/lib/usePagedList'
import { Button } from './Button'
import { Spinner } from './Spinner'

/** Column is one column of a DataTable. */
export interface Column<T, S extends string = never> {
  /** header heads the column, and labels the cell on a phone card drawn from the columns. */
  header: string
  cell: (row: T) => ReactNode
  /** sort is the field a click on the header sorts by; a column without one cannot be sorted. */
  sort?: S
  /** align 'right' puts the header and the cells on the right (numbers, actions). */
  align?: 'right'
  /** className goes on the header and on every cell (hiding the column on narrower screens). */
  className?: string
  /** cellClassName goes on the cells only. */
  cellClassName?: string
}

/** Sorting is the list's current sort and what a header click does. */
export interface Sorting<S extends string> {
  sort: S
  order: Order
  onSort: (field: S) => void
}

/** ListError is a list's load failure: its title, the server's message and Try Again. */
export function ListError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="p-10 text-center">
      <AlertCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{errorMessage(error)}</p>
      <Button className="mt-5" variant="outline" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  )
}

/** Empty is what a list says when it has no rows: an icon, a line and a hint. */
export interface Empty {
  icon: ReactNode
  title: string
  text: string
}

function SortHeader<S extends string>({ label, field, sorting, className }: { label: string; field: S; sorting: Sorting<S>; className?: string }) {
  const active = sorting.sort === field
  const Icon = !active ? ArrowUpDown : sorting.order === 'asc' ? ArrowUp : ArrowDown
  return (
    <th scope="col" aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button type="button" onClick={() => sorting.onSort(field)} className="inline-flex items-center gap-1 hover:text-slate-900">
        {label}
        <Icon className={active ? 'h-3.5 w-3.5 text-slate-900' : 'h-3.5 w-3.5 text-slate-400'} aria-hidden />
      </button>
    </th>
  )
}

/** ColumnsCard is a phone's card for a row when the list draws none of its own: each cell under its column's name. */
function ColumnsCard<T, S extends string>({ row, columns }: { row: T; columns: Column<T, S>[] }) {
  return (
    <dl className="grid grid-cols-1 gap-y-2 text-sm text-slate-700">
      {columns.map((c) => (
        <div key={c.header}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{c.header}</dt>
          <dd>{c.cell(row)}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * DataTable is a server-paged list: a table with sortable headers on screens from 768 px (or
 * `tableFrom`), one card per row below (`card`, or each cell under its column's name), and in place of either a spinner
 * while the first page loads, the error with Try Again, or the empty state. The pager stays with
 * the page, which knows the total.
 */
export function DataTable<T, S extends string = never>({
  label,
  rows,
  rowKey,
  columns,
  sorting,
  loading = false,
  error,
  empty,
  card,
  testId,
  tableFrom,
}: {
  /** label names the table and the list of cards for assistive technology. */
  label: string
  rows: readonly T[]
  rowKey: (row: T) => Key
  columns: Column<T, S>[]
  sorting?: Sorting<S>
  loading?: boolean
  /** error, when set, is shown instead of the rows. */
  error?: { title: string; error: unknown; onRetry: () => void }
  empty: Empty
  card?: (row: T) => ReactNode
  /** testId marks each row, and each card (`card`, else the row's). */
  testId?: { row: string; card?: string }
  /** tableFrom is the screen width (a CSS length) from which the list is a table; cards below (768 px unless given). */
  tableFrom?: string
}) {
  const cards = useCardLayout(tableFrom)
  if (error) return <ListError {...error} />
  if (loading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    )
  }
  if (rows.length === 0) {
    return (
      <div className="px-4 py-16 text-center">
        {empty.icon}
        <p className="mt-3 text-sm font-medium text-slate-900">{empty.title}</p>
        <p className="mt-1 text-sm text-slate-600">{empty.text}</p>
      </div>
    )
  }
  if (cards) {
    return (
      <ul className="divide-y divide-slate-100" aria-label={label}>
        {rows.map((r) => (
          <li key={rowKey(r)} className="space-y-3 px-4 py-4" data-testid={testId?.card ?? testId?.row}>
            {card ? card(r) : <ColumnsCard row={r} columns={columns} />}
          </li>
        ))}
      </ul>
    )
  }
  const head = (c: Column<T, S>) =>
    cn('whitespace-nowrap px-3 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600', c.align === 'right' ? 'text-right' : 'text-left', c.className)
  return (
    // The table takes its card's width and its columns wrap to fit it; sideways scrolling is the last resort.
    <div className="overflow-x-auto">
      <table className="w-full divide-y divide-slate-100" aria-label={label}>
        <thead className="bg-slate-50/70">
          <tr>
            {columns.map((c) =>
              c.sort !== undefined && sorting ? (
                <SortHeader key={c.header} label={c.header} field={c.sort} sorting={sorting} className={head(c)} />
              ) : (
                <th key={c.header} scope="col" className={head(c)}>
                  {c.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={rowKey(r)} className="hover:bg-slate-50/60" data-testid={testId?.row}>
              {columns.map((c) => (
                <td key={c.header} className={cn('px-3 py-3', c.align === 'right' && 'text-right', c.className, c.cellClassName)}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
