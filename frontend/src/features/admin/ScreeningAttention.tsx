import { ShieldAlert } from 'lucide-react'
import { Badge } from '../../components/ui/Badge'
import { Skeleton } from '../../components/ui/Spinner'
import { cn } from '../../lib/cn'

/**
 * ScreeningAttentionFilter is the queue's "Screening needs attention" count, a button that shows only
 * those verifications (undecided or confirmed hits, unacknowledged PEP, jurisdiction or KYC flags).
 */
export function ScreeningAttentionFilter({ count, loading, active, onToggle }: { count?: number; loading: boolean; active: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={active}
      data-testid="count-screening"
      className={cn(
        'flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-left shadow-sm transition hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        active && 'ring-2 ring-amber-500/60',
      )}
    >
      <span className="flex items-center gap-2 text-sm font-medium text-amber-900">
        <ShieldAlert className="h-5 w-5 shrink-0" aria-hidden />
        Screening needs attention
        {loading ? <Skeleton className="h-6 w-8" /> : <span className="text-2xl font-bold tabular-nums">{count ?? 0}</span>}
      </span>
      <span className="text-xs font-medium text-amber-800">{active ? 'Showing only these · show all' : 'Show only these'}</span>
    </button>
  )
}

/** ScreeningBadge marks a queue row whose screening needs a reviewer. */
export function ScreeningBadge() {
  return (
    <Badge color="amber" className="gap-1">
      <ShieldAlert className="h-3.5 w-3.5" aria-hidden />
      <span>
        Screening<span className="sr-only"> needs attention</span>
      </span>
    </Badge>
  )
}
