import { AlertTriangle, CheckCircle2, Clock, XCircle } from 'lucide-react'
import { Badge } from '../../components/ui/Badge'
import { Card, CardHeader } from '../../components/ui/Card'
import { Spinner } from '../../components/ui/Spinner'
import { cn } from '../../lib/cn'
import { errorMessage } from '../../lib/errors'
import { formatDateTime, formatRelative } from '../../lib/format'
import { sourceName, sourceTitle } from '../../lib/screening'
import type { ListFreshness, ListsFreshness } from '../../lib/types'
import { Cell, cellClass, rowClass } from './ListsCard'
import { useScreeningFreshnessQuery } from './screeningApi'

/** duration writes a number of seconds in the largest unit that fits: '24 hours', '90 minutes', '40 seconds'. */
export function duration(seconds: number): string {
  const [n, unit] = seconds >= 3600 ? [seconds / 3600, 'hour'] : seconds >= 60 ? [seconds / 60, 'minute'] : [seconds, 'second']
  const shown = Number.isInteger(n) ? String(n) : n.toFixed(1)
  return `${shown} ${unit}${shown === '1' ? '' : 's'}`
}

function schedule(f: ListsFreshness): string {
  const stale = `A list not updated for ${duration(f.staleAfterSeconds)} is out of date`
  return f.intervalSeconds > 0
    ? `Each list is fetched every ${duration(f.intervalSeconds)} by a scheduled job. ${stale}, and the administrators are told.`
    : `The scheduled refresh is off (SCREENING_FETCH_INTERVAL=0): lists change only when fetched or imported by hand. ${stale}.`
}

function State({ list }: { list: ListFreshness }) {
  if (list.stale)
    return (
      <Badge color="red">
        <AlertTriangle className="mr-1 h-3.5 w-3.5" aria-hidden />
        Out of date
      </Badge>
    )
  return <Badge color="green">Up to date</Badge>
}

function When({ iso, by }: { iso: string; by?: string }) {
  return (
    <>
      <span className="block">{formatDateTime(iso, { zone: true })}</span>
      <span className="block text-xs text-slate-500">
        {formatRelative(iso)}
        {by && ` · by ${by}`}
      </span>
    </>
  )
}

function LastAttempt({ list }: { list: ListFreshness }) {
  const a = list.lastAttempt
  if (!a) return <span className="text-slate-500">Never fetched (imported by hand)</span>
  return (
    <>
      <When iso={a.finishedAt} by={a.by} />
      {a.ok ? (
        <span className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-green-700">
          <CheckCircle2 className="h-3.5 w-3.5" aria-hidden />
          Succeeded
        </span>
      ) : (
        <span className="mt-1 flex items-start gap-1 text-xs text-red-700">
          <XCircle className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
          <span>
            <span className="font-medium">Failed:</span> {a.error}
          </span>
        </span>
      )}
    </>
  )
}

function FreshnessTable({ lists }: { lists: ListFreshness[] }) {
  return (
    <table className="block min-w-full md:table" aria-label="List updates">
      <thead className="hidden bg-slate-50/70 md:table-header-group">
        <tr className="whitespace-nowrap text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <th scope="col" className="px-4 py-3">List</th>
          <th scope="col" className="px-4 py-3">State</th>
          <th scope="col" className="px-4 py-3">Last successful fetch</th>
          <th scope="col" className="px-4 py-3">Last attempt</th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-100 md:table-row-group">
        {lists.map((l) => (
          <tr key={l.source} className={cn(rowClass, 'align-top')} data-testid="freshness-row">
            <td className={cn(cellClass, 'md:min-w-48')}>
              <span className="block font-medium text-slate-900 md:whitespace-nowrap">{sourceName(l.source)}</span>
              <span className="block text-xs text-slate-500">{sourceTitle(l.source)}</span>
              {!l.scheduled && <span className="block text-xs text-slate-500">Not refreshed by the schedule</span>}
            </td>
            <Cell label="State">
              <State list={l} />
            </Cell>
            <Cell label="Last successful fetch">
              {l.lastSuccessAt ? <When iso={l.lastSuccessAt} /> : <span className="text-slate-500">Never</span>}
            </Cell>
            {/* The reason of a failure wraps: it is a sentence, sometimes long. */}
            <td className={cn(cellClass, 'col-span-2 md:min-w-72 md:max-w-md')}>
              <span className="block text-xs font-medium uppercase tracking-wide text-slate-500 md:hidden">Last attempt</span>
              <LastAttempt list={l} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** FreshnessCard shows, for each list, its last successful fetch and its last attempt with the reason it failed. */
export function FreshnessCard() {
  const q = useScreeningFreshnessQuery()
  return (
    <Card>
      <CardHeader
        title="List updates"
        description={q.data ? schedule(q.data) : 'When each list was last fetched, and how the last attempt went'}
        icon={<Clock className="h-5 w-5" aria-hidden />}
      />
      {q.isLoading ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : q.isError ? (
        <p className="px-6 py-8 text-center text-sm text-slate-600">{errorMessage(q.error)}</p>
      ) : (q.data?.lists.length ?? 0) === 0 ? (
        <p className="px-6 py-8 text-center text-sm text-slate-500">No list has been imported or fetched yet.</p>
      ) : (
        <FreshnessTable lists={q.data?.lists ?? []} />
      )}
    </Card>
  )
}
