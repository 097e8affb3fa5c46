import type { DisplayStatus, Tier, VerificationStatus } from './types'

/**
 * options names the statuses and tiers once, for filters, count cards and badges. The screens
 * word them differently on purpose, each as the spec does: the applicant's list says 'All statuses'
 * and 'Top Tier' (spec 3), the admin queue 'All' and 'TOP' and lists waiting work first (spec 9),
 * and a status badge reads a draft as 'In Progress' (spec 2). An approved verification whose
 * certificate was revoked or has expired shows as Revoked or Expired, never as Approved.
 */

/** STATUSES are the statuses in the order of the life cycle. */
export const STATUSES = ['draft', 'submitted', 'in_review', 'approved', 'rejected'] as const satisfies readonly VerificationStatus[]

/** DISPLAY_STATUSES add the certificate's two ends after approval to the life cycle's statuses. */
export const DISPLAY_STATUSES = [...STATUSES, 'revoked', 'expired'] as const satisfies readonly DisplayStatus[]

/** STATUS_NAMES name each status in filters and count cards. */
export const STATUS_NAMES: Record<DisplayStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In Review',
  approved: 'Approved',
  rejected: 'Rejected',
  revoked: 'Revoked',
  expired: 'Expired',
}

/** STATUS_LABELS are the badges' texts. */
export const STATUS_LABELS: Record<DisplayStatus, string> = { ...STATUS_NAMES, draft: 'In Progress' }

/** TIER_NAMES are the applicant screens' names of the tiers; ADMIN_TIER_NAMES the admin screens'. */
export const TIER_NAMES: Record<Tier, string> = { basic: 'Basic', top: 'Top Tier' }
export const ADMIN_TIER_NAMES: Record<Tier, string> = { basic: 'Basic', top: 'TOP' }

/** FilterOption is one choice of a list filter; 'all' filters nothing. */
export interface FilterOption {
  value: string
  label: string
}

function filterOptions<K extends string>(all: string, names: Record<K, string>, order: readonly K[]): readonly FilterOption[] {
  return [{ value: 'all', label: all }, ...order.map((k) => ({ value: k, label: names[k] }))]
}

/** The verifications list's filters. */
export const STATUS_OPTIONS = filterOptions('All statuses', STATUS_NAMES, DISPLAY_STATUSES)
export const TIER_OPTIONS = filterOptions('All tiers', TIER_NAMES, ['basic', 'top'])

/** The admin queue's filters: what waits for a reviewer first, drafts last. */
export const ADMIN_STATUS_OPTIONS = filterOptions('All', STATUS_NAMES, ['submitted', 'in_review', 'approved', 'rejected', 'revoked', 'expired', 'draft'])
export const ADMIN_TIER_OPTIONS = filterOptions('All', ADMIN_TIER_NAMES, ['basic', 'top'])

/**
 * sortOptions offer every sort field in both orders, for a "Sort by" select where a list's headers
 * are hidden or cut (phones). Dates read newest or oldest first; other fields descending or ascending.
 */
export function sortOptions<S extends string>(labels: Record<S, string>, dated: readonly S[]): { value: string; label: string }[] {
  return (Object.keys(labels) as S[]).flatMap((f) =>
    (['desc', 'asc'] as const).map((o) => {
      const way = dated.includes(f) ? (o === 'desc' ? 'newest first' : 'oldest first') : o === 'desc' ? 'descending' : 'ascending'
      return { value: `${f}:${o}`, label: `${labels[f]}, ${way}` }
    }),
  )
}
