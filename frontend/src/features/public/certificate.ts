import type { CertificateStatus, Tier } from '../../lib/types'

/** The tier description texts of spec section 2. */
export const TIER_DESCRIPTIONS: Record<Tier, string> = {
  basic: 'Includes TTT Certificate and Client Information Sheet (CIS)',
  top: 'Includes TTT Certificate, CIS, KYC, AML and PEP Checks',
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
