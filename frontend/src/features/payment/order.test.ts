import { describe, expect, it } from 'vitest'
import { orderLines, tierPriceCents, tierTitle } from './order'
import { formatCardNumber, formatExpiry } from './schema'

describe('order summary arithmetic', () => {
  it('prices the tiers in cents', () => {
    expect(tierPriceCents('basic')).toBe(4900)
    expect(tierPriceCents('top')).toBe(29900)
    expect(tierTitle('basic')).toBe('Basic Verification')
    expect(tierTitle('top')).toBe('Top Tier Verification')
  })

  it('has no discount and no strike-through without a coupon', () => {
    expect(orderLines(4900)).toEqual({ base: 4900, percent: 0, discountAmount: 0, total: 4900, strikeThrough: false, free: false })
  })

  it('strikes the original price through only for 0 < discount < 100', () => {
    expect(orderLines(4900, 1).strikeThrough).toBe(true)
    expect(orderLines(4900, 50).strikeThrough).toBe(true)
    expect(orderLines(4900, 99).strikeThrough).toBe(true)
    expect(orderLines(4900, 0).strikeThrough).toBe(false)
    expect(orderLines(4900, 100).strikeThrough).toBe(false)
  })

  it('rounds the discount half up like the server and never goes below zero', () => {
    expect(orderLines(4900, 50)).toMatchObject({ discountAmount: 2450, total: 2450 })
    expect(orderLines(29900, 15)).toMatchObject({ discountAmount: 4485, total: 25415 })
    expect(orderLines(4900, 33)).toMatchObject({ discountAmount: 1617, total: 3283 })
    expect(orderLines(4900, 100)).toMatchObject({ discountAmount: 4900, total: 0, free: true })
    expect(orderLines(4900, 150)).toMatchObject({ percent: 100, total: 0 })
  })

  it("takes the server's total when it has quoted one", () => {
    expect(orderLines(4900, 99, 50)).toMatchObject({ total: 50, discountAmount: 4850 })
  })
})

describe('card input formatting', () => {
  it('groups card numbers in fours and builds MM/YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4000-0000 0000 0002x')).toBe('4000 0000 0000 0002')
    expect(formatExpiry('1234')).toBe('12/34')
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('12/3')).toBe('12/3')
  })
})
