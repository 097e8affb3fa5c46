import { describe, expect, it } from 'vitest'
import { greetingName, maskAccount, parseProducts } from './format'

describe('format helpers', () => {
  it('greets with the part before the at-sign', () => {
    expect(greetingName('jane.doe@acme.com')).toBe('jane.doe')
  })

  it('masks account numbers to the last 4 digits', () => {
    expect(maskAccount('GB29 NWBK 6016 1331 9268 19')).toBe('•••• 6819')
    expect(maskAccount('123')).toBe('123')
  })

  it('parses products as JSON arrays, comma lists or plain text', () => {
    expect(parseProducts('["Copper","Zinc"]')).toEqual(['Copper', 'Zinc'])
    expect(parseProducts('Copper, Zinc ,')).toEqual(['Copper', 'Zinc'])
    expect(parseProducts('Sugar')).toEqual(['Sugar'])
    expect(parseProducts('')).toEqual([])
  })
})

describe('long dates, sizes and pages', () => {
  it("formats the public page's dates as 'month dd, yyyy' or N/A", async () => {
    const { formatLongDate } = await import('./format')
    expect(formatLongDate('2026-03-05T12:00:00Z')).toBe('March 05, 2026')
    expect(formatLongDate(null)).toBe('N/A')
    expect(formatLongDate('nonsense')).toBe('N/A')
  })
  it("prints calendar dates in the viewer's zone as the en-US locale would, in every month", async () => {
    const { formatDate, formatLongDate } = await import('./format')
    const short = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
    const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: '2-digit' })
    for (let m = 0; m < 12; m++) {
      const d = new Date(Date.UTC(2026, m, m + 1, 23, 30))
      expect(formatDate(d.toISOString())).toBe(short.format(d))
      expect(formatLongDate(d.toISOString())).toBe(long.format(d))
    }
    expect(formatDate('2026-03-05T23:30:00-05:00')).toBe(short.format(new Date('2026-03-06T04:30:00Z')))
    expect(formatDate(undefined)).toBe('—')
    expect(formatDate('nonsense')).toBe('—')
  })
  it('formats sizes in KB', async () => {
    const { formatKB } = await import('./format')
    expect(formatKB(2048)).toBe('2.0 KB')
    expect(formatKB(1536)).toBe('1.5 KB')
  })
})
