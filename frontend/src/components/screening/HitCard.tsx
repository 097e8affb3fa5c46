import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { featureLabel, kindLabel, percent, signed, sourceName } from '../../lib/screening'
import type { ScreeningEntry, ScreeningFeature, ScreeningIdentifier } from '../../lib/types'
import { Badge } from '../ui/Badge'
import { InfoField } from '../ui/Banner'
import { Card } from '../ui/Card'
import { Progress } from '../ui/Progress'

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

/** Explanation lists why a hit scored as it did: each feature with its signed contribution and detail. */
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

/** HitLike is what every hit carries, whether from an ad-hoc check or a verification's screening run. */
export interface HitLike {
  score: number
  matchedName: string
  entry: ScreeningEntry
  explanation: ScreeningFeature[]
}

/**
 * HitCard shows one possible match: the listed entry (list and version, name, aliases, dates of birth,
 * countries, identifiers, programmes, remarks), the score, and why it matched. `badges` go beside the
 * list badges and `children` under the explanation (a reviewer's decisions).
 */
export function HitCard({ hit, versionLabel, badges, children }: { hit: HitLike; versionLabel?: string; badges?: ReactNode; children?: ReactNode }) {
  const e = hit.entry
  return (
    <Card className="overflow-hidden" data-testid="hit">
      <article aria-label={e.name}>
        <div className="flex flex-col gap-4 border-b border-slate-100 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
          <div className="min-w-0">
            <h3 className="break-words text-base font-semibold text-slate-900">{e.name}</h3>
            {hit.matchedName && hit.matchedName !== e.name && (
              <p className="mt-0.5 break-words text-sm text-slate-600">
                Matched on <span className="font-medium text-slate-800">{hit.matchedName}</span>
              </p>
            )}
            <div className="mt-2 flex flex-wrap gap-1.5">
              <Badge color="blue">
                {sourceName(e.source)}
                {versionLabel && ` · ${versionLabel}`}
              </Badge>
              <Badge>{kindLabel(e.kind)}</Badge>
              <Badge className="break-all font-mono">#{e.sourceId}</Badge>
              {badges}
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
        <dl className="grid gap-4 px-4 py-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
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
        <div className="border-t border-slate-100 bg-slate-50/60 px-4 py-3 sm:px-6">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Why it matched</h4>
          <Explanation features={hit.explanation} />
        </div>
        {children}
      </article>
    </Card>
  )
}
