const dateFmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
const dateTimeFmt = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : dateFmt.format(d)
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFmt.format(d)
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / (1024 * 1024)).toFixed(1)} MB`
}

export function formatUSD(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
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
