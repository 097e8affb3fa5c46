import { AlarmClock } from 'lucide-react'
import { Badge } from '../../components/ui/Badge'
import { Skeleton } from '../../components/ui/Spinner'
import { cn } from '../../lib/cn'
import { formatDateTime } from '../../lib/format'
import type { AdminVerification } from '../../lib/types'

/** PROMISE is the business days the product promises a review takes; a longer wait is overdue. */
export const PROMISE_DAYS = 2

/**
 * WaitingTime is a verification's wait in review, in business days since it entered review after
 * payment (a started business day counts as one). An overdue one says so in words and in red.
 */
export function WaitingTime({ waiting }: { waiting: AdminVerification['waiting'] }) {
  if (!waiting) return <span className="text-sm text-slate-500">—</span>
  const days = waiting.businessDays
  return (
    <span className="flex flex-wrap items-center gap-1.5" data-testid="waiting">
      <span
        className={cn('whitespace-nowrap text-sm tabular-nums', waiting.overdue ? 'font-semibold text-red-700' : 'text-slate-700')}
        title={`In review since ${formatDateTime(waiting.since, { zone: true })}`}
      >
        {days} business day{days === 1 ? '' : 's'}
      </span>
      {waiting.overdue && <OverdueBadge />}
    </span>
  )
}

/** OverdueBadge marks a verification that has waited longer than the promise. */
export function OverdueBadge() {
  return (
    <Badge color="red" className="gap-1">
      <AlarmClock className="h-3.5 w-3.5" aria-hidden />
      <span>
        Overdue<span className="sr-only"> (over {PROMISE_DAYS} business days)</span>
      </span>
    </Badge>
  )
}

/**
 * OverdueCount is the dashboard's count of verifications in review past the promise; choosing it
 * shows the In Review queue, oldest first.
 */
export function OverdueCount({ count, loading, onShow }: { count?: number; loading: boolean; onShow: () => void }) {
  const late = (count ?? 0) > 0
  return (
    <button
      type="button"
      onClick={onShow}
      data-testid="count-overdue"
      className={cn(
        'flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border px-4 py-3 text-left shadow-sm transition hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        late ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-800',
      )}
    >
      <span className="flex items-center gap-2 text-sm font-medium">
        <AlarmClock className="h-5 w-5 shrink-0" aria-hidden />
        Overdue reviews (over {PROMISE_DAYS} business days)
        {loading ? <Skeleton className="h-6 w-8" /> : <span className="text-2xl font-bold tabular-nums">{count ?? 0}</span>}
      </span>
      <span className={cn('text-xs font-medium', late ? 'text-red-800' : 'text-slate-600')}>Show In Review, oldest first</span>
    </button>
  )
}
