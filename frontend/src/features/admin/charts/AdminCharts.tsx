import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatUSD } from '@/lib/format'
import { sourceName } from '@/lib/screening'
import { ChartCard } from './ChartCard'
import type { Chart } from './chartsApi'

/** SERIES names each series for people, with the colour it is drawn in (each passes 3:1 on white). */
const SERIES: Record<string, { label: string; color: string }> = {
  submitted: { label: 'Submitted', color: '#2563eb' },
  approved: { label: 'Approved', color: '#15803d' },
  rejected: { label: 'Rejected', color: '#b91c1c' },
  median: { label: 'Median', color: '#2563eb' },
  p90: { label: '90th percentile', color: '#7c3aed' },
  decided: { label: 'Decisions', color: '#64748b' },
  verifications: { label: 'Verifications', color: '#7c3aed' },
  open: { label: 'Open', color: '#b45309' },
  confirmed_match: { label: 'Confirmed match', color: '#b91c1c' },
  false_positive: { label: 'False positive', color: '#15803d' },
  inconclusive: { label: 'Inconclusive', color: '#64748b' },
  basic: { label: 'Basic', color: '#2563eb' },
  top: { label: 'Top', color: '#7c3aed' },
  discounts: { label: 'Coupon discounts', color: '#b45309' },
}
const seriesLabel = (s: string) => SERIES[s]?.label ?? s

/** weekLabel names a week by its Monday, as "16 Nov". */
function weekLabel(monday: string): string {
  return new Date(`${monday}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
}
const weekOf = (monday: string) => `Week of ${weekLabel(monday)}`
const count = (n: number) => n.toLocaleString('en-US')
const hours = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`
const same = (s: string) => s
/** decisionTime writes an hour figure, or a dash for a week without decisions (not an instant one). */
const decisionTime = (n: number, series: string, row: Record<string, number>) => (series === 'decided' ? count(n) : row.decided ? hours(n) : '—')

/** points turns a chart's rows into the objects Recharts draws: one per row, a key per series. */
function points(chart: Chart, label: (l: string) => string = same) {
  return chart.rows.map((r) => Object.fromEntries([['label', label(r.label)], ...chart.series.map((s, i) => [s, r.values[i]])]))
}

const axis = { fontSize: 11, fill: '#475569' }

function Bars({ chart, label, stacked, format = count }: { chart: Chart; label?: (l: string) => string; stacked?: boolean; format?: (n: number) => string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={points(chart, label)} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={axis} minTickGap={8} />
        <YAxis tick={axis} width={56} allowDecimals={false} tickFormatter={format} />
        <Tooltip formatter={(v) => format(Number(v))} />
        {chart.series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {chart.series.map((s) => (
          <Bar key={s} dataKey={s} name={seriesLabel(s)} fill={SERIES[s]?.color} stackId={stacked ? 'all' : undefined} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}

function DecisionTimes({ chart }: { chart: Chart }) {
  // A week without decisions has no time to draw: a gap, not a zero.
  const data = points(chart, weekLabel).map((p) => (p.decided ? p : { label: p.label }))
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 12, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={axis} minTickGap={8} />
        <YAxis tick={axis} width={56} tickFormatter={hours} />
        <Tooltip formatter={(v) => hours(Number(v))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {chart.reference != null && (
          <ReferenceLine y={chart.reference} ifOverflow="extendDomain" stroke="#b91c1c" strokeDasharray="4 4" label={{ value: 'Promise: 2 days', fontSize: 11, fill: '#b91c1c', position: 'insideTopRight' }} />
        )}
        {['median', 'p90'].map((s) => (
          <Line key={s} dataKey={s} name={seriesLabel(s)} stroke={SERIES[s]?.color} strokeWidth={2} dot isAnimationActive={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}

/** AdminCharts are the dashboard's five charts; the module (and Recharts) loads only on the admin dashboard. */
export default function AdminCharts() {
  return (
    <section aria-label="Charts" className="grid gap-4 lg:grid-cols-2">
      <ChartCard name="decisions" title="Submitted and decided" description="Verifications submitted, approved and rejected per week"
        seriesLabel={seriesLabel} rowHeader="Week" rowLabel={weekOf} format={count}>
        {(c) => <Bars chart={c} label={weekLabel} />}
      </ChartCard>
      <ChartCard name="decision-time" title="Time to decision" description="Hours from payment to decision per week, against the 2-day promise"
        seriesLabel={seriesLabel} rowHeader="Week" rowLabel={weekOf} format={decisionTime}>
        {(c) => <DecisionTimes chart={c} />}
      </ChartCard>
      <ChartCard name="queue-age" title="The queue's age today" description="Verifications in review by days since payment"
        seriesLabel={seriesLabel} rowHeader="Waiting" rowLabel={same} format={count} ranged={false}>
        {(c) => <Bars chart={c} />}
      </ChartCard>
      <ChartCard name="screening-hits" title="Screening hits" description="Hits first found in the range, by list and outcome"
        seriesLabel={seriesLabel} rowHeader="List" rowLabel={sourceName} format={count}>
        {(c) => <Bars chart={c} label={sourceName} stacked />}
      </ChartCard>
      <ChartCard name="revenue" title="Revenue" description="Settled payments per week by tier, and what coupons took off"
        seriesLabel={seriesLabel} rowHeader="Week" rowLabel={weekOf} format={formatUSD}>
        {(c) => <Bars chart={c} label={weekLabel} format={formatUSD} />}
      </ChartCard>
    </section>
  )
}
