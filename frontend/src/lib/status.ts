import { STATUS_LABELS, TIER_NAMES } from './options'
import { paths } from './paths'
import type { DisplayStatus, Tier, Verification } from './types'

/** displayStatus is the status screens show: a revoked or expired certificate reads as such, not as approved. */
export function displayStatus(v: Pick<Verification, 'status' | 'certificateStatus'>): DisplayStatus {
  if (v.status === 'approved' && v.certificateStatus && v.certificateStatus !== 'valid') return v.certificateStatus
  return v.status
}

/** statusLabel is the badge text; a missing verification reads 'Not Started', an unknown value 'Unknown'. */
export function statusLabel(status: string | null | undefined): string {
  if (status === null || status === undefined) return 'Not Started'
  return (STATUS_LABELS as Record<string, string>)[status] ?? 'Unknown'
}

export type BadgeColor = 'grey' | 'blue' | 'purple' | 'green' | 'red' | 'amber'

const STATUS_COLORS: Record<DisplayStatus, BadgeColor> = {
  draft: 'grey',
  submitted: 'blue',
  in_review: 'purple',
  approved: 'green',
  rejected: 'red',
  revoked: 'red',
  expired: 'amber',
}

/** statusColor is the badge colour; anything that is not a known status is grey and reads 'Unknown'. */
export function statusColor(status: string | null | undefined): BadgeColor {
  return (STATUS_COLORS as Record<string, BadgeColor>)[status ?? ''] ?? 'grey'
}

export const ROW_ACTION_LABELS: Record<DisplayStatus, string> = {
  draft: 'Continue',
  submitted: 'Complete Payment',
  in_review: 'View Status',
  approved: 'View Details',
  rejected: 'View Issues',
  revoked: 'View Details',
  expired: 'View Details',
}

export function rowActionLabel(status: string): string {
  return (ROW_ACTION_LABELS as Record<string, string>)[status] ?? 'View'
}

/** rowActionHref sends a verification the server wants paid for to payment, any other to its page. */
export function rowActionHref(v: Pick<Verification, 'id' | 'actions'>): string {
  return v.actions.pay ? paths.payment(v.id) : paths.verification(v.id)
}

export interface CardButton {
  label: 'Make Payment' | 'Continue Verification' | 'View Verification'
  to: string
}

/** cardButton is the dashboard card button rule of spec section 2. */
export function cardButton(v: Pick<Verification, 'id' | 'status' | 'actions'>): CardButton {
  if (v.actions.pay) return { label: 'Make Payment', to: paths.payment(v.id) }
  return {
    label: v.status === 'draft' ? 'Continue Verification' : 'View Verification',
    to: paths.verification(v.id),
  }
}

export const CHECKLIST_LABELS: Record<Tier, [string, string, string, string]> = {
  basic: ['Company Information', 'Representative Details', 'Banking Information', 'Document Uploads'],
  top: ['Company Information', 'KYC Requirements', 'Enhanced Due Diligence', 'Document Verification'],
}

export interface ChecklistItem {
  label: string
  done: boolean
}

/**
 * checklist is the dashboard card checklist: the first item is always ticked, then 40, 60 and 100
 * percent of progress tick the others.
 */
export function checklist(tier: Tier, progress: number): ChecklistItem[] {
  const [a, b, c, d] = CHECKLIST_LABELS[tier]
  return [
    { label: a, done: true },
    { label: b, done: progress >= 40 },
    { label: c, done: progress >= 60 },
    { label: d, done: progress >= 100 },
  ]
}

/** displayName names a verification by its company, or by its number until the company section is saved. */
export function displayName(v: Pick<Verification, 'id' | 'companyName'>): string {
  return v.companyName || `Verification #${v.id}`
}

/** tierLabel is the applicant screens' name of a tier ('Basic', 'Top Tier'); an unknown value reads as itself. */
export function tierLabel(tier: string): string {
  return (TIER_NAMES as Record<string, string>)[tier] ?? tier
}
