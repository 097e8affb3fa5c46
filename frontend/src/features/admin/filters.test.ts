import { describe, expect, it } from 'vitest'
import { pagerText } from '../../lib/format'
import { adminListQuery, CLEARED_FILTERS, DEFAULT_FILTERS, filterParams, idProblem, isFiltered } from './filters'

describe('admin filters', () => {
  it('opens on In Review and all tiers', () => {
    expect(DEFAULT_FILTERS).toEqual({ status: 'in_review', tier: 'all', email: '', company: '', publicId: '', id: '', screening: 'all', claim: 'all', secondReview: 'all' })
    expect(adminListQuery({ filters: DEFAULT_FILTERS, page: 1 })).toBe('status=in_review&page=1&pageSize=10&sort=createdAt&order=desc')
  })

  it('leaves out All, blanks and a DB ID that is not a positive number', () => {
    expect(filterParams(CLEARED_FILTERS).toString()).toBe('')
    expect(filterParams({ ...CLEARED_FILTERS, id: 'abc' }).toString()).toBe('')
    expect(filterParams({ ...CLEARED_FILTERS, id: '0' }).toString()).toBe('')
    expect(idProblem('abc')).toBe('Enter a number')
    expect(idProblem('')).toBeNull()
    expect(idProblem(' 42 ')).toBeNull()
  })

  it('passes every filter, trimmed, and drops the status for the stats call', () => {
    const f = { status: 'approved', tier: 'top', email: ' jane@acme.test ', company: ' hrb-555 ', publicId: ' pub-1 ', id: ' 42 ', screening: 'attention' as const, claim: 'mine' as const, secondReview: 'awaiting' as const }
    expect(filterParams(f).toString()).toBe('status=approved&tier=top&email=jane%40acme.test&company=hrb-555&publicId=pub-1&id=42&screening=attention&claim=mine&secondReview=awaiting')
    expect(filterParams(f, false).toString()).toBe('tier=top&email=jane%40acme.test&company=hrb-555&publicId=pub-1&id=42&screening=attention&claim=mine&secondReview=awaiting')
    expect(adminListQuery({ filters: f, page: 3 })).toContain('page=3&pageSize=10')
  })

  it('knows when anything is filtered', () => {
    expect(isFiltered(CLEARED_FILTERS)).toBe(false)
    expect(isFiltered(DEFAULT_FILTERS)).toBe(true)
    expect(isFiltered({ ...CLEARED_FILTERS, email: '  ' })).toBe(false)
    expect(isFiltered({ ...CLEARED_FILTERS, tier: 'basic' })).toBe(true)
    expect(isFiltered({ ...CLEARED_FILTERS, screening: 'attention' })).toBe(true)
  })
})

describe('pager text', () => {
  it("reads 'Showing x-y of n'", () => {
    expect(pagerText(1, 10, 0)).toBe('Showing 0-0 of 0')
    expect(pagerText(1, 10, 7)).toBe('Showing 1-7 of 7')
    expect(pagerText(1, 10, 10)).toBe('Showing 1-10 of 10')
    expect(pagerText(2, 10, 23)).toBe('Showing 11-20 of 23')
    expect(pagerText(3, 10, 23)).toBe('Showing 21-23 of 23')
  })
})
