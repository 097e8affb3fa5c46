import type { CertificateCheck, CertificateStatus, PublicCertificate, Tier } from '../../lib/types'

/** The tier description texts of spec section 2. */
const TIER_DESCRIPTIONS: Record<Tier, string> = {
  basic: 'Includes TTT Certificate and Client Information Sheet (CIS)',
  top: 'Includes TTT Certificate, CIS, KYC, AML and PEP Checks',
}

// The Top description names the screening checks; sanctions screening is what the spec calls AML.
const TOP_CHECKS: [CertificateCheck['kind'], string][] = [
  ['kyc', 'KYC'],
  ['sanctions', 'AML'],
  ['pep', 'PEP'],
]

/**
 * tierDescription is the spec's tier text, except that a Top certificate never names a check that did
 * not run: with all three it reads as the spec says, otherwise it names only those that ran.
 */
export function tierDescription(c: Pick<PublicCertificate, 'tier' | 'checks'>): string {
  if (c.tier === 'basic') return TIER_DESCRIPTIONS.basic
  const ran = TOP_CHECKS.filter(([kind]) => c.checks.some((k) => k.kind === kind)).map(([, name]) => name)
  if (ran.length === TOP_CHECKS.length) return TIER_DESCRIPTIONS.top
  if (ran.length === 0) return 'Includes TTT Certificate and CIS'
  const names = ran.length === 1 ? ran[0] : `${ran.slice(0, -1).join(', ')} and ${ran[ran.length - 1]}`
  return `Includes TTT Certificate, CIS, ${names} ${ran.length === 1 ? 'Check' : 'Checks'}`
}

export function tierName(tier: Tier): string {
  return tier === 'top' ? 'Top Tier Verification' : 'Basic Verification'
}

export type PageState = 'loading' | 'not-found' | 'not-available' | 'error' | CertificateStatus

/** pageState picks what the public page shows from the lookup's outcome. */
export function pageState(r: { isLoading: boolean; status?: number | string; certificateStatus?: CertificateStatus }): PageState {
  if (r.isLoading) return 'loading'
  if (r.status === 404) return 'not-found'
  if (r.status === 403) return 'not-available'
  if (r.status !== undefined) return 'error'
  return r.certificateStatus ?? 'error'
}

const MONTHS: Record<string, string> = {
  Jan: 'January', Feb: 'February', Mar: 'March', Apr: 'April', May: 'May', Jun: 'June',
  Jul: 'July', Aug: 'August', Sep: 'September', Oct: 'October', Nov: 'November', Dec: 'December',
}

/** longDates writes a sentence's dates as certificates print them ('3 Nov 2026') the public page's way ('November 03, 2026'). */
function longDates(s: string): string {
  return s.replace(/\b(\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4})\b/g, (_, d: string, m: string, y: string) => `${MONTHS[m]} ${d.padStart(2, '0')}, ${y}`)
}

/**
 * checkDetail is a check's sentence as the public page shows it, below the label, result and date:
 * without the label and result it opens with, without the date it ran ("Screened 23 Nov 2026",
 * already beside the label) and, for the review, without what the tier includes (the tier block says
 * so), with its remaining dates in the page's one format. "Sanctions screening: no match. UN of 27 Feb
 * 2026. Screened 23 Nov 2026, monitored daily" reads "UN of February 27, 2026. Monitored daily".
 */
export function checkDetail(k: Pick<CertificateCheck, 'kind' | 'label' | 'result' | 'text' | 'date'>): string {
  let rest = k.text
  for (const prefix of [`${k.label}: ${k.result}. `, `${k.label}: `]) {
    if (rest.startsWith(prefix) && rest.length > prefix.length) {
      rest = rest.slice(prefix.length)
      break
    }
  }
  if (k.kind === 'verification') rest = rest.replace(` ${TIER_DESCRIPTIONS.basic}`, '')
  if (k.date) {
    rest = rest.replace(/(^|\. )(?:Screened|Checked) \d{1,2} [A-Z][a-z]{2} \d{4}(, monitored daily)?$/, (_, lead: string, monitored?: string) =>
      monitored ? `${lead}Monitored daily` : lead && '.',
    )
  }
  rest = longDates(rest)
  return rest.charAt(0).toUpperCase() + rest.slice(1)
}
