import { CheckCircle2, RefreshCw, ServerCrash } from 'lucide-react'
import { Button } from '@/components/ui/Button'
import { Card, CardHeader } from '@/components/ui/Card'
import { DataTable, type Column } from '@/components/ui/DataTable'
import { PageHeader } from '@/components/ui/PageHeader'
import { Pager } from '@/components/ui/Pager'
import { cn } from '@/lib/cn'
import { PAGE_SIZE } from '@/lib/constants'
import { formatDateTime } from '@/lib/format'
import type { FailedJob } from '@/lib/types'
import { usePagedList, usePageInRange, type PagedListConfig } from '@/lib/usePagedList'
import { useFailedJobsQuery } from './jobsApi'

/** KIND_NAMES says what each kind of job does, for people. */
const KIND_NAMES: Record<string, string> = {
  send_email: 'E-mail',
  generate_cis: 'CIS generation',
  expiry_scan: 'Expiry reminders',
}

/** JOBS has neither filters nor a choice of order: last failed first. Its page is in the address. */
const JOBS: PagedListConfig<Record<never, string>> = { filters: {} }

// On a phone each job is a card on which every cell names its column (DataTable's default card).
const COLUMNS: Column<FailedJob>[] = [
  {
    header: 'Failed',
    cellClassName: 'align-top text-sm text-slate-700 md:whitespace-nowrap',
    cell: (j) => (
      <>
        {formatDateTime(j.failedAt, { zone: true })}
        <span className="block text-xs text-slate-500">queued {formatDateTime(j.createdAt, { zone: true })}</span>
      </>
    ),
  },
  {
    header: 'Job',
    cellClassName: 'align-top text-sm text-slate-700 md:whitespace-nowrap',
    cell: (j) => (
      <>
        <span className="block font-medium text-slate-900">{KIND_NAMES[j.kind] ?? j.kind}</span>
        <span className="block font-mono text-xs text-slate-500">
          #{j.id} {j.kind}
        </span>
      </>
    ),
  },
  {
    header: 'Attempts',
    align: 'right',
    cellClassName: 'align-top whitespace-nowrap text-sm text-slate-700',
    cell: (j) => (
      <span className="tabular-nums">
        {j.attempts} of {j.maxAttempts}
      </span>
    ),
  },
  {
    header: 'Details and last error',
    cellClassName: 'align-top',
    cell: (j) => (
      <>
        <span className="block break-all font-mono text-xs text-slate-600">{j.summary}</span>
        <span className="mt-1 block break-all font-mono text-xs text-red-700">{j.lastError}</span>
      </>
    ),
  },
]

/**
 * FailedJobsPage is /admin/jobs: the background jobs (e-mails, CIS generation, expiry reminders)
 * that failed after their last retry, last failed first. Administrators are also told of each by
 * e-mail and in the bell.
 */
export default function FailedJobsPage() {
  const list = usePagedList(JOBS)
  const { page, setPage } = list
  const jobs = useFailedJobsQuery({ page })
  usePageInRange(list, jobs.currentData?.total, PAGE_SIZE)
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
        <DataTable
          label="Failed jobs"
          rows={jobs.data?.items ?? []}
          rowKey={(j) => j.id}
          columns={COLUMNS}
          loading={jobs.isLoading}
          error={jobs.isError ? { title: 'Error Loading Failed Jobs', error: jobs.error, onRetry: () => void jobs.refetch() } : undefined}
          empty={{
            icon: <CheckCircle2 className="mx-auto h-10 w-10 text-green-500" aria-hidden />,
            title: 'No failed jobs',
            text: 'Every background job has completed or is still being retried.',
          }}
          testId={{ row: 'failed-job' }}
        />
        {total > PAGE_SIZE && <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />}
      </Card>
    </div>
  )
}
