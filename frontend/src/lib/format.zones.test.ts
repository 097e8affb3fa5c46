import { afterAll, describe, expect, it, vi } from 'vitest'

// The QA review read "Approved Nov 26, 2026" beside "CIS Generated Nov 27, 2026, 04:45 AM" in
// Singapore: dates were printed in UTC, date-times in the browser's zone. Each case runs the format
// module afresh in a browser zone west of, at and east of Greenwich, around midnight UTC.
const ZONES = [
  { tz: 'America/Los_Angeles', label: 'PST' },
  { tz: 'UTC', label: 'UTC' },
  { tz: 'Asia/Singapore', label: 'GMT+8' },
]
const saved = process.env.TZ
afterAll(() => {
  process.env.TZ = saved
})

async function formatIn(tz: string) {
  process.env.TZ = tz
  vi.resetModules() // the Intl formatters are made once per module load, in the zone of that moment
  return import('./format')
}

describe.each(ZONES)('in $tz', ({ tz, label }) => {
  // 20:45 UTC on Nov 26: Nov 26 at Greenwich and west of it, already Nov 27 in Singapore.
  const approved = '2026-11-26T20:45:00Z'
  const local = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(approved))

  it("prints an instant's date on the viewer's calendar, the day its date-time shows", async () => {
    const { formatDate, formatDateTime, formatLongDate } = await formatIn(tz)
    expect(formatDate(approved)).toBe(local)
    expect(formatDateTime(approved).startsWith(`${local},`)).toBe(true)
    expect(formatLongDate(approved)).toBe(new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: 'long', day: '2-digit' }).format(new Date(approved)))
    expect(formatDate(approved)).toBe(tz === 'Asia/Singapore' ? 'Nov 27, 2026' : 'Nov 26, 2026')
    // A minute before and after midnight in the viewer's zone fall on two days.
    const midnight = new Date(`${tz === 'UTC' ? '2026-11-27T00:00:00Z' : tz === 'Asia/Singapore' ? '2026-11-26T16:00:00Z' : '2026-11-27T08:00:00Z'}`)
    expect(formatDate(new Date(midnight.getTime() - 60_000).toISOString())).toBe('Nov 26, 2026')
    expect(formatDate(new Date(midnight.getTime() + 60_000).toISOString())).toBe('Nov 27, 2026')
  })

  it('keeps a calendar date with no instant (a date of incorporation) as entered', async () => {
    const { formatDate, formatLongDate } = await formatIn(tz)
    expect(formatDate('2010-01-01')).toBe('Jan 1, 2010')
    expect(formatLongDate('2010-01-01')).toBe('January 01, 2010')
    expect(formatDate('2010-13-01')).toBe('—')
  })

  it('names the zone of a date-time where people compare times', async () => {
    const { formatDateTime } = await formatIn(tz)
    expect(formatDateTime(approved, { zone: true })).toMatch(new RegExp(`^${local}, \\d\\d:\\d\\d [AP]M ${label.replace('+', '\\+')}$`))
    expect(formatDateTime(approved)).not.toContain(label)
  })
})
