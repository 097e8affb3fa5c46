import { Table } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Card } from '@/components/ui/Card'
import { Skeleton } from '@/components/ui/Spinner'
import { cn } from '@/lib/cn'
import { CHART_WEEKS, useAdminChartQuery, type Chart, type ChartName, type ChartWeeks } from './chartsApi'

/** TableWords say how a chart's table names its series and rows and writes its values. */
interface TableWords {
  seriesLabel: (series: string) => string
  /** rowHeader heads the table's first column: what a row is (a week, a list, a day of waiting). */
  rowHeader: string
  rowLabel: (label: string) => string
  /** format writes a value of the table; row holds the row's values by series. */
  format: (value: number, series: string, row: Record<string, number>) => string
}

/** ChartCard is one chart with its range selector and, for screen readers or on request, its numbers as a table. */
export function ChartCard({
  name,
  title,
  description,
  ranged = true,
  children,
  ...words
}: TableWords & {
  name: ChartName
  title: string
  description: string
  /** ranged is false for a chart of today (the queue's age): it has no range to choose. */
  ranged?: boolean
  children: (chart: Chart) => ReactNode
}) {
  const [weeks, setWeeks] = useState<ChartWeeks>(12)
  const [showTable, setShowTable] = useState(false)
  const { data, isLoading, isError } = useAdminChartQuery({ name, weeks })
  const id = `chart-${name}`
  return (
    <Card className="flex min-w-0 flex-col" data-testid={id}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
        {ranged && (
          <div role="group" aria-label={`Range of ${title}`} className="inline-flex shrink-0 rounded-lg border border-slate-200 p-0.5">
            {CHART_WEEKS.map((w) => (
              <button
                key={w}
                type="button"
                aria-pressed={weeks === w}
                onClick={() => setWeeks(w)}
                className={cn(
                  'rounded-md px-2.5 py-1 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  weeks === w ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                {w} wk
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="p-4">
        {isLoading ? (
          <Skeleton className="h-56 w-full" />
        ) : isError || !data ? (
          <p className="text-sm text-red-700">This chart could not be loaded.</p>
        ) : (
          <>
            {/* The picture is for sighted readers; the table below says the same to everyone else (and to the keyboard). */}
            <div className="h-56 w-full" aria-hidden>
              {children(data)}
            </div>
            <button
              type="button"
              aria-expanded={showTable}
              aria-controls={`${id}-table`}
              onClick={() => setShowTable(!showTable)}
              className="mt-2 inline-flex items-center gap-1.5 rounded text-xs font-medium text-brand-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Table className="h-3.5 w-3.5" aria-hidden />
              {showTable ? 'Hide table' : 'Show table'}
            </button>
            <ChartTable id={`${id}-table`} chart={data} title={title} hidden={!showTable} {...words} />
          </>
        )}
      </div>
    </Card>
  )
}

function ChartTable({
  id,
  chart,
  title,
  hidden,
  seriesLabel,
  rowHeader,
  rowLabel,
  format,
}: TableWords & {
  id: string
  chart: Chart
  title: string
  hidden: boolean
}) {
  return (
    // Shown, a long range scrolls inside its card: the keyboard can reach it to scroll.
    <div
      id={id}
      className={cn(hidden ? 'sr-only' : 'mt-2 max-h-64 overflow-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500')}
      {...(hidden ? {} : { tabIndex: 0, role: 'region', 'aria-label': `${title}: table` })}
    >
      <table className="w-full text-left text-xs">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pr-2 font-medium">
              {rowHeader}
            </th>
            {chart.series.map((s) => (
              <th key={s} scope="col" className="py-1 pr-2 text-right font-medium">
                {seriesLabel(s)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.length === 0 && (
            <tr>
              <td colSpan={chart.series.length + 1} className="py-1 text-slate-600">
                Nothing in this range.
              </td>
            </tr>
          )}
          {chart.rows.map((r) => {
            const row = Object.fromEntries(chart.series.map((s, i) => [s, r.values[i]]))
            return (
              <tr key={r.label} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-2 font-normal text-slate-700">
                  {rowLabel(r.label)}
                </th>
                {r.values.map((v, i) => (
                  <td key={chart.series[i]} className="py-1 pr-2 text-right tabular-nums text-slate-900">
                    {format(v, chart.series[i], row)}
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
