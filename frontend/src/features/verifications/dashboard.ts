import { PRICES } from '../../lib/constants'
import type { Verification } from '../../lib/types'

type Item = Pick<Verification, 'id' | 'status' | 'actions' | 'revokedAt' | 'expiresAt'>

/** needsAction tells whether the applicant must do something: pay, or correct and resubmit a rejection. */
export function needsAction(v: Pick<Verification, 'status' | 'actions'>): boolean {
  return v.actions.pay || v.status === 'rejected'
}

/** validCertificate tells whether an approved verification's certificate is in force at `now`. */
export function validCertificate(v: Pick<Verification, 'status' | 'revokedAt' | 'expiresAt'>, now: Date = new Date()): boolean {
  return v.status === 'approved' && !v.revokedAt && (!v.expiresAt || new Date(v.expiresAt).getTime() > now.getTime())
}

/**
 * rank orders what a tier card shows: a valid certificate first, then what needs the applicant
 * (rejected, unpaid), then what is with the reviewers, then a draft; an expired or revoked
 * certificate last. Lower is more important.
 */
function rank(v: Item, now: Date): number {
  if (validCertificate(v, now)) return 0
  if (needsAction(v)) return 1
  if (v.status === 'in_review' || v.status === 'submitted') return 2
  if (v.status === 'draft') return 3
  return 4
}

/**
 * featured picks the verification a tier card shows from that tier's verifications (newest update
 * first): the most important by rank, the newest of equals. Undefined when there is none.
 */
export function featured<T extends Item>(items: T[], now: Date = new Date()): T | undefined {
  let best: T | undefined
  for (const v of items) {
    if (!best || rank(v, now) < rank(best, now)) best = v
  }
  return best
}

/** upgradeCandidate is the Basic verification the Top card offers to upgrade: the featured one if the server allows it, else the newest that can. */
export function upgradeCandidate<T extends Item>(basic: T | undefined, basics: T[]): T | undefined {
  if (basic?.actions.upgrade) return basic
  return basics.find((v) => v.actions.upgrade)
}

/** UpgradePrice is what upgrading costs now: the difference after payment, the Top price before. */
export interface UpgradePrice {
  /** What the applicant pays for the upgrade, in cents. */
  amount: number
  /** Whether it is paid now (the Basic fee was paid) or with the verification's own payment. */
  payNow: boolean
}

/**
 * upgradePrice follows the server's rule: a paid Basic verification pays the difference between the
 * list prices ($250, whatever a coupon took off the Basic fee), an unpaid one simply costs the Top price.
 */
export function upgradePrice(v: Pick<Verification, 'paymentStatus'>): UpgradePrice {
  if (v.paymentStatus === 'paid') return { amount: (PRICES.top - PRICES.basic) * 100, payNow: true }
  return { amount: PRICES.top * 100, payNow: false }
}
