import { Download, History } from 'lucide-react'
import { useState } from 'react'
import { inputClass } from '@/components/form/fields'
import { buttonClass } from '@/components/ui/Button'
import { Card, CardBody, CardHeader } from '@/components/ui/Card'
import { apiLinks } from '@/lib/paths'

/** MAX_DAYS is the longest range the server exports (application.MaxAuditRangeDays). */
export const MAX_DAYS = 366

const DAY_MS = 24 * 60 * 60 * 1000
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** rangeProblem says what is wrong with a range of UTC days, or nothing. */
export function rangeProblem(from: string, to: string): string | undefined {
  if (!from || !to) return 'Choose both days.'
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1
  if (Number.isNaN(days)) return 'Enter days as YYYY-MM-DD.'
  if (days < 1) return 'The last day must not be before the first.'
  if (days > MAX_DAYS) return `A range covers at most ${MAX_DAYS} days.`
  return undefined
}

/** AuditRangeExport downloads every audit event of a range of days as CSV; the export is itself audited. */
export function AuditRangeExport({ today = new Date() }: { today?: Date }) {
  const [from, setFrom] = useState(() => isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))))
  const [to, setTo] = useState(() => isoDay(today))
  const problem = rangeProblem(from, to)
  return (
    <Card>
      <CardHeader
        title="Audit log export"
        description={`Every audit event of the chosen days (UTC, at most ${MAX_DAYS}) as CSV. The export is recorded in the audit log.`}
        icon={<History className="h-5 w-5" aria-hidden />}
      />
      <CardBody>
        <div className="flex flex-wrap items-end gap-4">
          <label className="text-sm font-medium text-slate-700">
            From
            <input type="date" className={`${inputClass} mt-1`} value={from} onChange={(e) => setFrom(e.target.value)} aria-invalid={!!problem} aria-describedby="audit-range-problem" />
          </label>
          <label className="text-sm font-medium text-slate-700">
            To
            <input type="date" className={`${inputClass} mt-1`} value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={!!problem} aria-describedby="audit-range-problem" />
          </label>
          {problem ? (
            <span role="link" aria-disabled="true" className={buttonClass('outline', 'md', 'cursor-not-allowed opacity-50')}>
              <Download className="h-4 w-4" aria-hidden /> Export audit log (CSV)
            </span>
          ) : (
            <a href={apiLinks.auditRange(from, to)} download className={buttonClass('outline', 'md')}>
              <Download className="h-4 w-4" aria-hidden /> Export audit log (CSV)
            </a>
          )}
        </div>
        <p id="audit-range-problem" className="mt-2 min-h-5 text-sm text-red-700" aria-live="polite">
          {problem}
        </p>
      </CardBody>
    </Card>
  )
}
