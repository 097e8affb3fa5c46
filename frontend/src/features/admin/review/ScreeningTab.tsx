import { Radar, RefreshCw } from 'lucide-react'
import { Badge } from '../../../components/ui/Badge'
import { InfoField as Field } from '../../../components/ui/Banner'
import { Button } from '../../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../../components/ui/Card'
import { Spinner } from '../../../components/ui/Spinner'
import { errorMessage } from '../../../lib/errors'
import { formatDateTime } from '../../../lib/format'
import { sourceName, versionDate } from '../../../lib/screening'
import type { VerificationScreening } from '../../../lib/types'
import { IdentifierFindings } from './IdentifierFindings'
import { PepAcknowledgement } from './PepAcknowledgement'
import { RUN_STATUS, RUN_TRIGGER } from './screeningLabels'
import { ScreeningSubject, subjectLabels } from './ScreeningSubject'
import type { ScreeningQuery } from './useScreening'

function RunCard({ s }: { s: VerificationScreening }) {
  const st = RUN_STATUS[s.status]
  const run = s.run
  return (
    <Card>
      <CardHeader title="Screening run" icon={<Radar className="h-5 w-5" aria-hidden />} action={<Badge color={st.color}>{st.label}</Badge>} />
      <CardBody className="space-y-4">
        {run?.finishedAt && (s.status === 'pending' || s.status === 'running' || s.status === 'failed') && (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
            {s.status === 'failed' ? 'The latest screening attempt failed and is retried automatically.' : 'A new screening run is under way.'} Below are the
            results of the last finished run.
          </p>
        )}
        {run && (
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Field label="Started">{formatDateTime(run.startedAt, { zone: true })}</Field>
            <Field label="Finished">{run.finishedAt ? formatDateTime(run.finishedAt, { zone: true }) : 'Not yet'}</Field>
            <Field label="Trigger">{RUN_TRIGGER[run.trigger]}</Field>
            <Field label="Engine version">
              <span className="break-all font-mono text-xs">{run.engineVersion}</span>
            </Field>
            <Field label="Lists used" className="sm:col-span-2 lg:col-span-4">
              {run.lists.length > 0 && (
                <ul className="flex flex-wrap gap-1.5" aria-label="Lists used">
                  {run.lists.map((l) => (
                    <li key={l.id}>
                      <Badge color="blue">
                        {sourceName(l.source)} · {versionDate(l)} · {l.entryCount.toLocaleString('en-US')} entries
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Field>
          </dl>
        )}
        {s.subjects.length === 0 && (
          <p className="text-sm text-slate-600">
            {s.status === 'failed'
              ? 'The screening run failed before it recorded any result. It is retried automatically.'
              : 'The checks are queued and run in the background. Results appear here as soon as they are done.'}
          </p>
        )}
      </CardBody>
    </Card>
  )
}

/**
 * ScreeningTab is the reviewer's view of a Top verification's checks: the run (lists and versions used,
 * engine version), the PEP acknowledgement when PEP screening could not run, and every screened party
 * with its checks and the hits to decide.
 */
export function ScreeningTab({ verificationId, query }: { verificationId: number; query: ScreeningQuery }) {
  if (query.isLoading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    )
  }
  if (query.isError || !query.data) {
    return (
      <Card className="px-6 py-10 text-center">
        <p className="text-sm font-medium text-slate-900">Error Loading Screening</p>
        <p className="mt-1 text-sm text-slate-600">{errorMessage(query.error)}</p>
        <Button className="mt-4" variant="outline" onClick={() => void query.refetch()} icon={<RefreshCw className="h-4 w-4" aria-hidden />}>
          Try Again
        </Button>
      </Card>
    )
  }
  const s = query.data
  const labels = subjectLabels(s.subjects)
  return (
    <div className="space-y-6">
      <RunCard s={s} />
      <PepAcknowledgement verificationId={verificationId} screening={s} />
      <IdentifierFindings verificationId={verificationId} checks={s.identifiers} />
      {s.subjects.map((subject, i) => (
        <ScreeningSubject key={subject.id} verificationId={verificationId} s={subject} label={labels[i]} />
      ))}
    </div>
  )
}
