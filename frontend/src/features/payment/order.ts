import type { Tier } from '../../lib/types'
import { PRICES } from '../../lib/constants'

/** tierPriceCents is the list price of a tier in cents (the server prices every payment itself). */
export function tierPriceCents(tier: Tier): number {
  return PRICES[tier] * 100
}

/** UPGRADE_CENTS is the Basic-to-Top difference the server charges once Basic was paid. */
export const UPGRADE_CENTS = (PRICES.top - PRICES.basic) * 100

export interface OrderSummaryLines {
  /** The price before any coupon, in cents. */
  base: number
  /** The coupon's discount in percent (0 without a coupon). */
  percent: number
  /** The amount the coupon takes off, in cents. */
  discountAmount: number
  /** What is charged, in cents. */
  total: number
  /** Whether the original price is shown struck through: only for a partial discount. */
  strikeThrough: boolean
  /** Whether nothing is left to pay (a 100% coupon). */
  free: boolean
}

/**
 * orderLines computes the order summary. `total` is the server's amount when it has quoted one;
 * otherwise the discount is rounded half up as the server does.
 */
export function orderLines(base: number, percent = 0, total?: number): OrderSummaryLines {
  const p = Math.max(0, Math.min(100, Math.round(percent)))
  const t = total ?? Math.max(0, base - Math.floor((base * p + 50) / 100))
  return {
    base,
    percent: p,
    discountAmount: base - t,
    total: t,
    strikeThrough: p > 0 && p < 100,
    free: t === 0,
  }
}

export function tierTitle(tier: Tier): string {
  return tier === 'top' ? 'Top Tier Verification' : 'Basic Verification'
}
