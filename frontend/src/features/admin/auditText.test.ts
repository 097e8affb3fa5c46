import { describe, expect, it } from 'vitest'
import { auditText, formatMoney } from './auditText'

describe('auditText', () => {
  it('prints a payment as money, with the provider by name and the reference apart', () => {
    expect(auditText('payment.succeeded', 'pi_sim_abc 4900 usd via simulated')).toEqual({
      text: '$49.00 paid for the verification by card through the simulated card provider (test mode)',
      reference: 'pi_sim_abc',
    })
    expect(auditText('payment.succeeded', 'upgrade to top: pi_3N 25000 usd via stripe')).toEqual({
      text: '$250.00 paid for the upgrade to Top by card through Stripe',
      reference: 'pi_3N',
    })
    expect(auditText('payment.succeeded', 'paid 0 usd with 100% coupon FREE100')).toEqual({ text: '$0.00 to pay after coupon FREE100 (100% off)' })
  })

  it('explains a decline', () => {
    expect(auditText('payment.failed', 'pi_sim_x: Your card was declined. (card_declined)')).toEqual({
      text: 'Card payment declined: Your card was declined.',
      reference: 'pi_sim_x',
    })
    expect(auditText('payment.failed', 'pi_sim_y')).toEqual({ text: 'Card payment declined', reference: 'pi_sim_y' })
  })

  it('says when a verification was approved without payment', () => {
    expect(auditText('approve', 'approved without payment')).toEqual({
      text: 'Approved without payment: no payment was received for this verification',
    })
    expect(auditText('approve', '')).toEqual({ text: '' })
  })

  it('explains a cancelled intent and a refunded charge', () => {
    expect(auditText('payment.canceled', 'pi_sim_a 2450 usd via simulated: replaced by a new checkout')).toEqual({
      text: 'Unpaid card payment of $24.50 cancelled at the simulated card provider (test mode): replaced by a new checkout',
      reference: 'pi_sim_a',
    })
    expect(auditText('payment.refunded', "pi_3X 4900 usd via stripe: the verification's price changed")).toEqual({
      text: "Card payment of $49.00 refunded through Stripe: the verification's price changed",
      reference: 'pi_3X',
    })
  })

  it("leaves a reviewer's words alone", () => {
    expect(auditText('reject', 'The licence is illegible via fax 12 usd')).toEqual({ text: 'The licence is illegible via fax 12 usd' })
  })

  it('formats other currencies too', () => {
    expect(formatMoney(1250, 'eur')).toBe('€12.50')
  })
})
