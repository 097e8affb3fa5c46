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

/**
 * checkDetail is a check's sentence without the label and result it opens with, which the page shows
 * just above it: "Sanctions screening: no match. UN of 27 Feb 2026. Screened …" reads "UN of 27 Feb
 * 2026. Screened …". A sentence of another shape is shown whole.
 */
export function checkDetail(k: Pick<CertificateCheck, 'label' | 'result' | 'text'>): string {
  for (const prefix of [`${k.label}: ${k.result}. `, `${k.label}: `]) {
    if (k.text.startsWith(prefix) && k.text.length > prefix.length) {
      const rest = k.text.slice(prefix.length)
      return rest.charAt(0).toUpperCase() + rest.slice(1)
    }
  }
  return k.text
}
