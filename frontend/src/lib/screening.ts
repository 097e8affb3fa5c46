import { formatDate } from './format'
import type { ListVersion, ScreeningEntry, ScreeningFeature } from './types'

/** SOURCES names each list source the importer knows, short (tables, badges) and in full (tooltips). */
const SOURCES: Record<string, { name: string; full: string }> = {
  ofac_sdn: { name: 'OFAC SDN', full: 'OFAC Specially Designated Nationals' },
  ofac_consolidated: { name: 'OFAC consolidated', full: 'OFAC consolidated non-SDN lists' },
  un: { name: 'UN', full: 'UN Security Council consolidated list' },
  eu: { name: 'EU', full: 'EU Financial Sanctions Files, consolidated list' },
  uk: { name: 'UK', full: 'UK Sanctions List (FCDO)' },
  us_csl: { name: 'US CSL', full: 'US Consolidated Screening List (trade.gov)' },
  ftm: { name: 'FollowTheMoney', full: 'FollowTheMoney entities (licensed data)' },
  pep_csv: { name: 'PEP CSV', full: 'PEP list, plain CSV' },
  pep_wikidata: { name: 'Wikidata PEP', full: 'Politically exposed persons from Wikidata (CC0)' },
}

/** sourceName is a list source as people call it; an unknown source shows its code. */
export function sourceName(source: string): string {
  return SOURCES[source]?.name ?? source
}

export function sourceTitle(source: string): string {
  return SOURCES[source]?.full ?? source
}

const KINDS: Record<ScreeningEntry['kind'], string> = {
  person: 'Person',
  organisation: 'Organisation',
  vessel: 'Vessel',
  aircraft: 'Aircraft',
  unknown: 'Unknown kind',
}

export function kindLabel(kind: ScreeningEntry['kind']): string {
  return KINDS[kind] ?? kind
}

const FEATURES: Record<string, string> = {
  name: 'Name',
  date_of_birth: 'Date of birth',
  country: 'Country',
  identifier: 'Identifier',
  legal_form: 'Legal form',
}

export function featureLabel(f: ScreeningFeature['feature']): string {
  return FEATURES[f] ?? f.replaceAll('_', ' ')
}

/** signed writes a score contribution with its sign: +0.92, −0.10, 0.00. */
export function signed(n: number): string {
  const abs = Math.abs(n).toFixed(2)
  if (Number(abs) === 0) return abs
  return n > 0 ? `+${abs}` : `\u2212${abs}`
}

/** percent writes a 0-1 score as a whole percentage. */
export function percent(score: number): string {
  return `${Math.round(Math.max(0, Math.min(1, score)) * 100)}%`
}

/** versionDate is a list version's publisher's date, or its import date when the file carries none. */
export function versionDate(v: Pick<ListVersion, 'published' | 'importedAt'> | undefined): string | undefined {
  if (!v) return undefined
  return v.published ? formatDate(v.published) : `imported ${formatDate(v.importedAt)}`
}
