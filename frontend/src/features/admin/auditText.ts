/** PROVIDERS name the payment providers the audit trail records by their codes. */
const PROVIDERS: Record<string, string> = {
  stripe: 'Stripe',
  simulated: 'the simulated card provider (test mode)',
}

export function providerName(code: string): string {
  return PROVIDERS[code] ?? code
}

/** formatMoney prints an amount in minor units of an ISO currency ("4900", "usd") as money ("$49.00"). */
export function formatMoney(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100)
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`
  }
}

/** AuditText is an audit event's reason for people: a sentence, and the provider's reference apart from it. */
export interface AuditText {
  text: string
  reference?: string
}

// The server writes payments as "<intent> <amount> <currency> via <provider>", an upgrade's prefixed
// with "upgrade to top: "; a 100% coupon as "paid <amount> <currency> with <n>% coupon <CODE>"; a
// decline as "<intent>: <message> (<code>)"; a cancelled or refunded intent as
// "<intent> <amount> <currency> via <provider>: <why>".
const PAID = /^(upgrade to top: )?(\S+) (\d+) ([a-z]{3}) via (\S+)$/i
const CLOSED = /^(\S+) (\d+) ([a-z]{3}) via (\S+): (.+)$/i
const COUPON_PAID = /^paid (\d+) ([a-z]{3}) with (\d+)% coupon (\S+)$/i
const DECLINED = /^(\S+): (.*) \((\w+)\)$/

/**
 * auditText turns a recorded reason into what a reviewer reads: money as money, the provider by
 * name, and the raw reference set apart. Reasons in no known shape (a reviewer's words) pass unchanged.
 */
export function auditText(action: string, reason: string): AuditText {
  if (action === 'payment.succeeded') {
    const m = PAID.exec(reason)
    if (m) {
      const [, upgrade, ref, amount, currency, provider] = m
      const what = upgrade ? 'the upgrade to Top' : 'the verification'
      return { text: `${formatMoney(Number(amount), currency)} paid for ${what} by card through ${providerName(provider)}`, reference: ref }
    }
    const c = COUPON_PAID.exec(reason)
    if (c) {
      const [, amount, currency, percent, code] = c
      return { text: `${formatMoney(Number(amount), currency)} to pay after coupon ${code} (${percent}% off)` }
    }
  }
  if (action === 'approve' && reason === 'approved without payment') {
    return { text: 'Approved without payment: no payment was received for this verification' }
  }
  if (action === 'payment.canceled' || action === 'payment.refunded') {
    const m = CLOSED.exec(reason)
    if (m) {
      const [, ref, amount, currency, provider, why] = m
      const what = action === 'payment.canceled' ? 'Unpaid card payment of' : 'Card payment of'
      const done = action === 'payment.canceled' ? 'cancelled at' : 'refunded through'
      return { text: `${what} ${formatMoney(Number(amount), currency)} ${done} ${providerName(provider)}: ${why}`, reference: ref }
    }
  }
  if (action === 'payment.failed') {
    const m = DECLINED.exec(reason)
    if (m) return { text: `Card payment declined: ${m[2]}`, reference: m[1] }
    if (/^\S+$/.test(reason)) return { text: 'Card payment declined', reference: reason }
  }
  return { text: reason }
}
