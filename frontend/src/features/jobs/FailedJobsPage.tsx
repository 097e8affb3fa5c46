import { CheckCircle2, RefreshCw, ServerCrash } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '../../components/ui/Button'
import { Card, CardHeader } from '../../components/ui/Card'
import { PageHeader } from '../../components/ui/PageHeader'
import { Pager } from '../../components/ui/Pager'
import { Spinner } from '../../components/ui/Spinner'
import { cn } from '../../lib/cn'
import { PAGE_SIZE } from '../../lib/constants'
import { errorMessage } from '../../lib/errors'
import { formatDateTime } from '../../lib/format'
import type { FailedJob } from '../../lib/types'
import { useFailedJobsQuery } from './jobsApi'

/** KIND_NAMES says what each kind of job does, for people. */
const KIND_NAMES: Record<string, string> = {
  send_email: 'E-mail',
  generate_cis: 'CIS generation',
  expiry_scan: 'Expiry reminders',
}

// On a phone each row is a small card: the header row is hidden and every cell names its column.
const rowClass = 'grid grid-cols-1 gap-y-2 px-4 py-3 text-sm text-slate-700 md:table-row md:p-0'
const cellClass = 'block md:table-cell md:px-4 md:py-3 md:align-top'

function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={cn(cellClass, className)}>
      <span className="block text-xs font-medium uppercase tracking-wide text-slate-500 md:hidden">{label}</span>
      {children}
    </td>
  )
}

function JobRow({ j }: { j: FailedJob }) {
  return (
    <tr className={rowClass} data-testid="failed-job">
      <Cell label="Failed" className="md:whitespace-nowrap">
        {formatDateTime(j.failedAt)}
        <span className="block text-xs text-slate-500">queued {formatDateTime(j.createdAt)}</span>
      </Cell>
      <Cell label="Job" className="md:whitespace-nowrap">
        <span className="block font-medium text-slate-900">{KIND_NAMES[j.kind] ?? j.kind}</span>
        <span className="block font-mono text-xs text-slate-500">
          #{j.id} {j.kind}
        </span>
      </Cell>
      <Cell label="Attempts" className="md:whitespace-nowrap md:text-right">
        <span className="tabular-nums">
          {j.attempts} of {j.maxAttempts}
        </span>
      </Cell>
      <Cell label="Details">
        <span className="block break-all font-mono text-xs text-slate-600">{j.summary}</span>
        <span className="mt-1 block break-all font-mono text-xs text-red-700">{j.lastError}</span>
      </Cell>
    </tr>
  )
}

function JobsTable({ jobs }: { jobs: FailedJob[] }) {
  return (
    // relative: the screen-reader-only header must not widen the page on a phone.
    <div className="relative overflow-x-auto">
      <table className="block min-w-full md:table">
        <thead className="hidden bg-slate-50/70 md:table-header-group">
          <tr className="whitespace-nowrap text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <th scope="col" className="px-4 py-3">Failed</th>
            <th scope="col" className="px-4 py-3">Job</th>
            <th scope="col" className="px-4 py-3 text-right">Attempts</th>
            <th scope="col" className="px-4 py-3">Details and last error</th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {jobs.map((j) => (
            <JobRow key={j.id} j={j} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * FailedJobsPage is /admin/jobs: the background jobs (e-mails, CIS generation, expiry reminders)
 * that failed after their last retry, last failed first. Administrators are also told of each by
 * e-mail and in the bell.
 */
export default function FailedJobsPage() {
  const [page, setPage] = useState(1)
  const jobs = useFailedJobsQuery({ page })
  const items = jobs.data?.items ?? []
  const total = jobs.data?.total ?? 0
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Failed Jobs" subtitle="Background jobs that failed after their last retry, most recent first" />
      <Card>
        <CardHeader
          title="Given up"
          description="Each was retried with growing delays before it was given up. Fix the cause, then redo the work by hand (for a CIS: Regenerate on the review page)."
          icon={<ServerCrash className="h-5 w-5" aria-hidden />}
          action={
            <Button
              variant="outline"
              size="sm"
              onClick={() => void jobs.refetch()}
              icon={<RefreshCw className={cn('h-4 w-4', jobs.isFetching && 'animate-spin')} aria-hidden />}
            >
              Refresh
            </Button>
          }
        />
        {jobs.isLoading ? (
          <div className="flex justify-center py-12">
            <Spinner />
          </div>
        ) : jobs.isError ? (
          <div className="px-6 py-10 text-center">
            <p className="text-sm font-medium text-slate-900">Error Loading Failed Jobs</p>
            <p className="mt-1 text-sm text-slate-600">{errorMessage(jobs.error)}</p>
            <Button className="mt-4" variant="outline" onClick={() => void jobs.refetch()}>
              Try Again
            </Button>
          </div>
        ) : total === 0 ? (
          <div className="px-6 py-10 text-center">
            <CheckCircle2 className="mx-auto h-10 w-10 text-green-500" aria-hidden />
            <p className="mt-3 text-sm font-medium text-slate-900">No failed jobs</p>
            <p className="mt-1 text-sm text-slate-500">Every background job has completed or is still being retried.</p>
          </div>
        ) : (
          <>
            <JobsTable jobs={items} />
            {total > PAGE_SIZE && <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />}
          </>
        )}
      </Card>
    </div>
  )
}
