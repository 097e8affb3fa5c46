/**
 * once makes a formatter on first use: building an Intl formatter loads locale data, tens of
 * milliseconds on a phone, which would otherwise be spent when a screen's code loads, before its
 * first paint, even by screens that print no date.
 */
function once<T>(make: () => T): () => T {
  let v: T | undefined
  return () => (v ??= make())
}

// Calendar dates are printed by hand, not by Intl: a phone spends tens of milliseconds loading
// locale data for the first Intl formatter, in the middle of rendering a list of dates.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * calendarDate reads the calendar date a person sees for `iso`: an instant's date in the viewer's
 * time zone, so that it agrees with the date-times printed beside it; a bare YYYY-MM-DD (a date of
 * incorporation, a passport's expiry) as entered, in no zone at all. Undefined when it is not a date.
 */
function calendarDate(iso: string | null | undefined): { year: number; month: string; day: number } | undefined {
  if (!iso) return undefined
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim())
  if (bare) {
    const [year, month, day] = bare.slice(1).map(Number)
    return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { year, month: MONTHS[month - 1], day } : undefined
  }
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return undefined
  return { year: d.getFullYear(), month: MONTHS[d.getMonth()], day: d.getDate() }
}
const dateTimeParts = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const
const dateTimeFmt = once(() => new Intl.DateTimeFormat('en-US', dateTimeParts))
const zonedDateTimeFmt = once(() => new Intl.DateTimeFormat('en-US', { ...dateTimeParts, timeZoneName: 'short' }))

/** formatDate is 'Mon d, yyyy' (e.g. 'Mar 5, 2026') in the viewer's time zone, or '—'. */
export function formatDate(iso: string | null | undefined): string {
  const d = calendarDate(iso)
  return d ? `${d.month.slice(0, 3)} ${d.day}, ${d.year}` : '—'
}

/**
 * formatDateTime is 'Mon d, yyyy, hh:mm AM' in the viewer's time zone, or '—'. With `zone` it names
 * the zone ('… GMT+8'): where people compare times with each other's (audit trail, admin screens).
 */
export function formatDateTime(iso: string | null | undefined, { zone = false }: { zone?: boolean } = {}): string {
  if (!iso) return '—'
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return '—'
  return (zone ? zonedDateTimeFmt() : dateTimeFmt()).format(d)
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / (1024 * 1024)).toFixed(1)} MB`
}

const usdFmt = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }))

export function formatUSD(cents: number): string {
  return usdFmt().format(cents / 100)
}

/** maskAccount shows only the last 4 characters of an account number. */
export function maskAccount(n: string | null | undefined): string {
  if (!n) return '—'
  const s = n.replace(/\s+/g, '')
  return s.length <= 4 ? s : `•••• ${s.slice(-4)}`
}

/** greetingName is the part of the e-mail before the at-sign. */
export function greetingName(email: string): string {
  const i = email.indexOf('@')
  return i > 0 ? email.slice(0, i) : email
}

/**
 * parseProducts reads productsTraded, which is plain text, a JSON array string or a comma list.
 */
export function parseProducts(v: string | null | undefined): string[] {
  if (!v) return []
  const t = v.trim()
  if (t.startsWith('[')) {
    try {
      const arr: unknown = JSON.parse(t)
      if (Array.isArray(arr)) return arr.map(String).map((s) => s.trim()).filter(Boolean)
    } catch {
      // not JSON after all: fall through to the comma list
    }
  }
  return t.split(',').map((s) => s.trim()).filter(Boolean)
}

/** formatLongDate is the public page's 'month dd, yyyy' in the viewer's time zone (e.g. 'March 05, 2026'), or 'N/A'. */
export function formatLongDate(iso: string | null | undefined): string {
  const d = calendarDate(iso)
  return d ? `${d.month} ${String(d.day).padStart(2, '0')}, ${d.year}` : 'N/A'
}

/** formatKB is a file size in kilobytes, as the admin documents list shows it. */
export function formatKB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}

/** pageRange is the first and last row shown on a page (1-based), 0-0 when there are none. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (total <= 0) return { from: 0, to: 0, pages }
  const from = Math.min((page - 1) * pageSize + 1, total)
  return { from, to: Math.min(total, page * pageSize), pages }
}

/** pagerText is the pager's 'Showing x-y of n'. */
export function pagerText(page: number, pageSize: number, total: number): string {
  const { from, to } = pageRange(page, pageSize, total)
  return `Showing ${from}-${to} of ${total}`
}

const relativeFmt = once(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }))
const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
]

/** formatRelative says how long ago (or until) a moment is: 'just now', '5 minutes ago', 'yesterday'. */
export function formatRelative(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '—'
  const t = new Date(iso).getTime()
  if (Number.isNaN(t)) return '—'
  let value = (t - now.getTime()) / 1000
  if (Math.abs(value) < 45) return 'just now'
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(value) < size) return relativeFmt().format(Math.round(value), unit)
    value /= size
  }
  return '—'
}
