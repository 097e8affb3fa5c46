import { describe, expect, it } from 'vitest'
import { verification } from '../test/fixtures'
import { cardButton, checklist, rowActionHref, rowActionLabel, statusColor, statusLabel } from './status'

describe('cardButton (dashboard card rule)', () => {
  it.each([
    ['submitted', 'pending', 'Make Payment', '/payment/7'],
    ['submitted', 'failed', 'Make Payment', '/payment/7'],
    ['submitted', 'paid', 'View Verification', '/verification/7'],
    ['draft', 'pending', 'Continue Verification', '/verification/7'],
    ['in_review', 'paid', 'View Verification', '/verification/7'],
    ['approved', 'paid', 'View Verification', '/verification/7'],
    ['rejected', 'paid', 'View Verification', '/verification/7'],
  ] as const)('%s with payment %s shows %s', (status, paymentStatus, label, to) => {
    expect(cardButton(verification({ id: 7, status, paymentStatus }))).toEqual({ label, to })
  })
})

describe('checklist', () => {
  const done = (tier: 'basic' | 'top', p: number) => checklist(tier, p).map((i) => i.done)

  it('always ticks the first item and uses thresholds 40, 60, 100', () => {
    expect(done('basic', 0)).toEqual([true, false, false, false])
    expect(done('basic', 39)).toEqual([true, false, false, false])
    expect(done('basic', 40)).toEqual([true, true, false, false])
    expect(done('basic', 59)).toEqual([true, true, false, false])
    expect(done('basic', 60)).toEqual([true, true, true, false])
    expect(done('basic', 99)).toEqual([true, true, true, false])
    expect(done('basic', 100)).toEqual([true, true, true, true])
  })

  it('labels the tiers as the spec says', () => {
    expect(checklist('basic', 0).map((i) => i.label)).toEqual([
      'Company Information',
      'Representative Details',
      'Banking Information',
      'Document Uploads',
    ])
    expect(checklist('top', 60).map((i) => i.label)).toEqual([
      'Company Information',
      'KYC Requirements',
      'Enhanced Due Diligence',
      'Document Verification',
    ])
    expect(done('top', 60)).toEqual([true, true, true, false])
  })
})

describe('status badges', () => {
  it('maps the five statuses to grey, blue, purple, green, red', () => {
    expect(['draft', 'submitted', 'in_review', 'approved', 'rejected'].map(statusColor)).toEqual(['grey', 'blue', 'purple', 'green', 'red'])
  })

  it('labels statuses, a missing verification and unknown values', () => {
    expect(['draft', 'submitted', 'in_review', 'approved', 'rejected'].map(statusLabel)).toEqual([
      'In Progress',
      'Submitted',
      'In Review',
      'Approved',
      'Rejected',
    ])
    expect(statusLabel(null)).toBe('Not Started')
    expect(statusLabel('archived')).toBe('Unknown')
    expect(statusLabel('')).toBe('Unknown')
  })
})

describe('row actions', () => {
  it('follows the action table', () => {
    expect(
      Object.fromEntries(['draft', 'submitted', 'in_review', 'approved', 'rejected'].map((s) => [s, rowActionLabel(s)])),
    ).toEqual({
      draft: 'Continue',
      submitted: 'Complete Payment',
      in_review: 'View Status',
      approved: 'View Details',
      rejected: 'View Issues',
    })
  })

  it('sends unpaid submitted verifications to payment and everything else to the detail page', () => {
    expect(rowActionHref(verification({ id: 3, status: 'submitted', paymentStatus: 'pending' }))).toBe('/payment/3')
    expect(rowActionHref(verification({ id: 3, status: 'draft', paymentStatus: 'pending' }))).toBe('/verification/3')
    expect(rowActionHref(verification({ id: 3, status: 'approved', paymentStatus: 'paid' }))).toBe('/verification/3')
  })
})
