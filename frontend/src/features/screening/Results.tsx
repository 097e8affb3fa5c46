import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import { HitCard } from '../../components/screening/HitCard'
import { Card } from '../../components/ui/Card'
import { sourceName, versionDate } from '../../lib/screening'
import type { ScreeningResult, ScreeningSearch } from '../../lib/types'

/** Results shows a check's hits, best first, or that nothing reached the threshold, and which threshold it used. */
export function Results({ query, result }: { query: ScreeningSearch; result: ScreeningResult }) {
  const byId = new Map(result.listVersions.map((v) => [v.id, v]))
  const threshold = result.threshold.toFixed(2)
  const lowered = query.minScore !== undefined
  const searched = result.listVersions.map((v) => `${sourceName(v.source)} (${versionDate(v)})`).join(', ')
  return (
    <section aria-labelledby="results-heading" className="space-y-4">
      <div>
        <h2 id="results-heading" className="text-lg font-semibold text-slate-900">
          {result.hits.length === 0 ? 'No match' : `${result.hits.length} ${result.hits.length === 1 ? 'hit' : 'hits'}`} for “{query.name}”
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">{searched ? `Searched ${searched}.` : 'No list is loaded: nothing was searched.'}</p>
        <p className="mt-0.5 text-sm text-slate-500">
          Threshold used: {threshold}
          {lowered ? ' (your minimum score)' : ' (the default)'}
        </p>
      </div>
      {result.hits.length === 0 ? (
        <Card className="flex items-start gap-3 p-6">
          {result.listVersions.length === 0 ? (
            <AlertTriangle className="h-6 w-6 shrink-0 text-amber-500" aria-hidden />
          ) : (
            <CheckCircle2 className="h-6 w-6 shrink-0 text-green-600" aria-hidden />
          )}
          <div>
            <p className="font-medium text-slate-900">{lowered ? `No match from a score of ${threshold}` : 'No match at the default threshold'}</p>
            <p className="mt-1 text-sm text-slate-600">
              {result.listVersions.length === 0
                ? 'There is no list to check against yet: import one first.'
                : 'No entry on the lists in force scored high enough to count as a hit.'}
            </p>
          </div>
        </Card>
      ) : (
        result.hits.map((h) => <HitCard key={`${h.entry.source}-${h.entry.sourceId}`} hit={h} versionLabel={versionDate(byId.get(h.entry.listVersion))} />)
      )}
    </section>
  )
}
