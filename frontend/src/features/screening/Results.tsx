import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import { Badge } from '../../components/ui/Badge'
import { InfoField } from '../../components/ui/Banner'
import { Card } from '../../components/ui/Card'
import { Progress } from '../../components/ui/Progress'
import { cn } from '../../lib/cn'
import { formatDate } from '../../lib/format'
import type { ListVersion, ScreeningFeature, ScreeningHit, ScreeningIdentifier, ScreeningResult, ScreeningSearch } from '../../lib/types'
import { featureLabel, kindLabel, percent, signed, sourceName } from './sources'

/** versionDate is a list version's publisher's date, or its import date when the file carries none. */
function versionDate(v: ListVersion | undefined) {
  if (!v) return undefined
  return v.published ? formatDate(v.published) : `imported ${formatDate(v.importedAt)}`
}

function identifierText(id: ScreeningIdentifier) {
  const what = id.label || id.type.replaceAll('_', ' ')
  return `${what}: ${id.value}${id.country ? ` (${id.country})` : ''}`
}

function List({ items }: { items: string[] }) {
  if (items.length === 0) return null
  return (
    <ul className="space-y-0.5">
      {items.map((s, i) => (
        <li key={`${i}-${s}`}>{s}</li>
      ))}
    </ul>
  )
}

function Explanation({ features }: { features: ScreeningFeature[] }) {
  // On a phone the detail goes under its feature and contribution.
  return (
    <table className="block min-w-full text-sm md:table" aria-label="Explanation">
      <thead className="hidden md:table-header-group">
        <tr className="text-left text-xs font-medium uppercase tracking-wide text-slate-500">
          <th scope="col" className="py-2 pr-4">Feature</th>
          <th scope="col" className="py-2 pr-4 text-right">Contribution</th>
          <th scope="col" className="py-2">Detail</th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-100 md:table-row-group">
        {features.map((f, i) => (
          <tr key={`${f.feature}-${i}`} data-testid="explanation-row" className="grid grid-cols-[1fr_auto] gap-x-4 py-2 align-top md:table-row md:py-0">
            <td className="block font-medium text-slate-800 md:table-cell md:whitespace-nowrap md:py-2 md:pr-4">{featureLabel(f.feature)}</td>
            <td
              className={cn(
                'block text-right font-mono tabular-nums md:table-cell md:whitespace-nowrap md:py-2 md:pr-4',
                f.score > 0 ? 'text-green-700' : f.score < 0 ? 'text-red-700' : 'text-slate-500',
              )}
            >
              {signed(f.score)}
            </td>
            <td className="col-span-2 mt-0.5 block text-slate-600 md:table-cell md:py-2">{f.detail || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function HitCard({ hit, version }: { hit: ScreeningHit; version?: ListVersion }) {
  const e = hit.entry
  const date = versionDate(version)
  return (
    <Card className="overflow-hidden" data-testid="hit">
      <article aria-label={e.name}>
        <div className="flex flex-col gap-4 border-b border-slate-100 px-6 py-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h3 className="break-words text-base font-semibold text-slate-900">{e.name}</h3>
            {hit.matchedName && hit.matchedName !== e.name && (
              <p className="mt-0.5 text-sm text-slate-600">
                Matched on <span className="font-medium text-slate-800">{hit.matchedName}</span>
              </p>
            )}
            <div className="mt-2 flex flex-wrap gap-1.5">
              <Badge color="blue">
                {sourceName(e.source)}
                {date && ` · ${date}`}
              </Badge>
              <Badge>{kindLabel(e.kind)}</Badge>
              <Badge className="font-mono">#{e.sourceId}</Badge>
            </div>
          </div>
          <div className="w-full shrink-0 sm:w-44">
            <div className="flex items-baseline justify-between sm:justify-end sm:gap-2">
              <span className="text-xs font-medium uppercase tracking-wide text-slate-500">Score</span>
              <span className="text-2xl font-bold tabular-nums text-slate-900">{percent(hit.score)}</span>
            </div>
            <Progress value={hit.score * 100} label={`Score ${percent(hit.score)}`} className="mt-1.5" />
          </div>
        </div>
        <dl className="grid gap-4 px-6 py-4 sm:grid-cols-2 lg:grid-cols-3">
          <InfoField label="Aliases">{e.aliases.length > 0 && <List items={e.aliases} />}</InfoField>
          <InfoField label="Dates of birth">{e.datesOfBirth.join(', ')}</InfoField>
          <InfoField label="Countries">{e.countries.join(', ')}</InfoField>
          <InfoField label="Identifiers">{e.identifiers.length > 0 && <List items={e.identifiers.map(identifierText)} />}</InfoField>
          <InfoField label="Programmes">{e.programs.join(', ')}</InfoField>
          {e.topics.length > 0 && <InfoField label="Topics">{e.topics.join(', ')}</InfoField>}
          <InfoField label="Remarks" className="sm:col-span-2 lg:col-span-3">
            {e.remarks}
          </InfoField>
        </dl>
        <div className="border-t border-slate-100 bg-slate-50/60 px-6 py-3">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Why it matched</h4>
          <Explanation features={hit.explanation} />
        </div>
      </article>
    </Card>
  )
}

/** Results shows a check's hits, best first, or that nothing reached the default threshold. */
export function Results({ query, result }: { query: ScreeningSearch; result: ScreeningResult }) {
  const byId = new Map(result.listVersions.map((v) => [v.id, v]))
  const searched = result.listVersions.map((v) => `${sourceName(v.source)} (${versionDate(v)})`).join(', ')
  return (
    <section aria-labelledby="results-heading" className="space-y-4">
      <div>
        <h2 id="results-heading" className="text-lg font-semibold text-slate-900">
          {result.hits.length === 0 ? 'No match' : `${result.hits.length} ${result.hits.length === 1 ? 'hit' : 'hits'}`} for “{query.name}”
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">{searched ? `Searched ${searched}.` : 'No list is loaded: nothing was searched.'}</p>
      </div>
      {result.hits.length === 0 ? (
        <Card className="flex items-start gap-3 p-6">
          {result.listVersions.length === 0 ? (
            <AlertTriangle className="h-6 w-6 shrink-0 text-amber-500" aria-hidden />
          ) : (
            <CheckCircle2 className="h-6 w-6 shrink-0 text-green-600" aria-hidden />
          )}
          <div>
            <p className="font-medium text-slate-900">No match at the default threshold</p>
            <p className="mt-1 text-sm text-slate-600">
              {result.listVersions.length === 0
                ? 'There is no list to check against yet: import one first.'
                : 'No entry on the lists in force scored high enough to count as a hit.'}
            </p>
          </div>
        </Card>
      ) : (
        result.hits.map((h) => <HitCard key={`${h.entry.source}-${h.entry.sourceId}`} hit={h} version={byId.get(h.entry.listVersion)} />)
      )}
    </section>
  )
}
