import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Verification } from '../../lib/types'
import { renderPage } from '../../test/render'
import { json, mockApi, route } from '../../test/server'
import { toastEl } from '../../test/utils'
import PaymentPage, { paidSentence } from './PaymentPage'
import { verification } from '../../test/fixtures'

function v(over: Partial<Verification> = {}): Verification {
  return verification({ id: 7, status: 'submitted', progress: 100, publicId: 'pub-7', ...over })
}

const intent = { clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1', amount: 4900, baseAmount: 4900, currency: 'usd', paid: false, purpose: 'verification', provider: 'simulated', coupon: null, receiptEmailed: false }

function api(opts: { verification?: () => Verification; confirm?: (body: Record<string, string>) => Response } = {}) {
  return mockApi(
    route('GET', '/api/verifications/7', () => json(opts.verification ? opts.verification() : v())),
    route('GET', '/api/config', () => json({ paymentProvider: 'simulated', testMode: true })),
    route('POST', '/api/validate-coupon', async (req) => {
      const { couponCode } = (await req.json()) as { couponCode: string }
      if (couponCode === 'FREE100') return json({ valid: true, couponCode, baseAmount: 4900, discount: 100, discountAmount: 4900, finalAmount: 0, currency: 'usd' })
      if (couponCode === 'HALF') return json({ valid: true, couponCode, baseAmount: 4900, discount: 50, discountAmount: 2450, finalAmount: 2450, currency: 'usd' })
      return json({ valid: false, message: 'This coupon has expired' }, { status: 400 })
    }),
    route('POST', '/api/create-payment-intent', async (req) => {
      const { couponCode } = (await req.json()) as { couponCode?: string }
      if (couponCode === 'FREE100')
        return json({ ...intent, clientSecret: '', paymentIntentId: undefined, amount: 0, paid: true, coupon: { code: 'FREE100', discount: 100, discountAmount: 4900 }, verification: v({ status: 'in_review', paymentStatus: 'paid' }), receiptEmailed: true })
      if (couponCode === 'HALF') return json({ ...intent, paymentIntentId: 'pi_2', clientSecret: 'pi_2_secret', amount: 2450, coupon: { code: 'HALF', discount: 50, discountAmount: 2450 } })
      return json(intent)
    }),
    route('POST', /\/api\/simulated-payments\/pi_\d\/confirm/, async (req) => {
      const body = (await req.json()) as Record<string, string>
      return opts.confirm ? opts.confirm(body) : json({ status: 'succeeded', paymentIntentId: 'pi_1', receiptEmailed: true })
    }),
  )
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Card Number'), number)
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234')
  await user.type(screen.getByLabelText('CVC'), '123')
}

afterEach(() => vi.unstubAllGlobals())

describe('payment page (simulated provider)', () => {
  it('loads, then shows the test-mode card form with the test cards and the order summary', async () => {
    const { calls } = api()
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    expect(screen.getByRole('status')).toBeInTheDocument()
    expect(await screen.findByText('Test mode: no card is charged')).toBeInTheDocument()
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995']) expect(screen.getByText(card)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByTestId('total')).toHaveTextContent('$49.00')
    expect(screen.getByRole('button', { name: 'Pay $49.00' })).toBeInTheDocument()
    expect(calls.filter((c) => c === 'POST /api/create-payment-intent')).toHaveLength(1)
  })

  it('sends the card in MM/YY form and shows the paid state with the spec texts', async () => {
    let sent: Record<string, string> = {}
    let paid = false
    api({
      verification: () => v(paid ? { status: 'in_review', paymentStatus: 'paid' } : {}),
      confirm: (b) => {
        sent = b
        paid = true
        return json({ status: 'succeeded', paymentIntentId: 'pi_1', receiptEmailed: true })
      },
    })
    const user = userEvent.setup()
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    await fillCard(user, '4242424242424242')
    await user.click(screen.getByRole('button', { name: 'Pay $49.00' }))
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    expect(sent).toEqual({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })
    expect(screen.getByText('Your payment for verification #7 has been received.')).toBeInTheDocument()
    expect(screen.getByText(/now in review and will be processed within 1-2 business days/)).toBeInTheDocument()
    expect(screen.getByText('A receipt has been emailed to you.')).toBeInTheDocument()
    expect(await toastEl('Payment Successful')).not.toHaveLength(0)
  })

  it("shows 'Payment Failed' with the provider's message for a declined card, and field messages for bad input", async () => {
    let n = 0
    api({
      confirm: () =>
        ++n === 1
          ? json({ message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' }, { status: 402 })
          : json({ message: 'invalid card', errors: { cardNumber: 'Your card number is invalid.' } }, { status: 400 }),
    })
    const user = userEvent.setup()
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    await fillCard(user, '4000000000000002')
    await user.click(screen.getByRole('button', { name: 'Pay $49.00' }))
    expect(await toastEl('Payment Failed')).not.toHaveLength(0)
    expect(await toastEl('Your card was declined.')).not.toHaveLength(0)
    // The form says it too, next to the card, not only the toast in a corner.
    expect(within(screen.getByRole('form', { name: 'Card details' })).getByRole('alert')).toHaveTextContent('Your card was declined.')
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Pay $49.00' }))
    await waitFor(() => expect(screen.getByLabelText('Card Number')).toHaveAccessibleDescription('Your card number is invalid.'))
  })

  it('checks the card fields before calling the provider', async () => {
    const { calls } = api()
    const user = userEvent.setup()
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    await user.click(await screen.findByRole('button', { name: 'Pay $49.00' }))
    await waitFor(() => expect(screen.getByLabelText('Card Number')).toHaveAccessibleDescription('Your card number is incomplete.'))
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription("Your card's expiration date is incomplete (MM/YY).")
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription("Your card's security code is incomplete.")
    expect(calls.some((c) => c.includes('/confirm'))).toBe(false)
  })

  it('applies a partial coupon (new intent, struck-through price) and a 100% coupon (paid at once)', async () => {
    let paid = false
    api({ verification: () => v(paid ? { status: 'in_review', paymentStatus: 'paid' } : {}) })
    const user = userEvent.setup()
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    await screen.findByRole('button', { name: 'Pay $49.00' })
    await user.type(screen.getByLabelText('Coupon Code'), 'nope')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await toastEl('This coupon has expired')).not.toHaveLength(0)

    await user.clear(screen.getByLabelText('Coupon Code'))
    await user.type(screen.getByLabelText('Coupon Code'), 'half')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await toastEl('50% discount applied!')).not.toHaveLength(0)
    expect(await screen.findByRole('button', { name: 'Pay $24.50' })).toBeInTheDocument()
    expect(screen.getByTestId('original-price')).toHaveTextContent('$49.00')

    paid = true
    await user.type(screen.getByLabelText('Coupon Code'), 'free100')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    expect(await toastEl('100% discount applied! Your verification is now in review.')).not.toHaveLength(0)
    expect(await toastEl('Coupon Applied')).not.toHaveLength(0)
    expect(screen.getByText('A receipt has been emailed to you.')).toBeInTheDocument()
  })

  it('shows what is bought and the coupon before the card form, and takes an applied coupon off again', async () => {
    const { calls } = api()
    const user = userEvent.setup()
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    const card = await screen.findByLabelText('Card Number')
    // On a phone the page is one column in this order: the total and the coupon are read before "Pay".
    const summary = screen.getByRole('region', { name: 'Order Summary' })
    expect(summary.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(summary).getByLabelText('Coupon Code')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Coupon Code'), 'half')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByRole('button', { name: 'Pay $24.50' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove coupon HALF' }))
    expect(await screen.findByRole('button', { name: 'Pay $49.00' })).toBeInTheDocument()
    expect(screen.queryByTestId('discount-line')).toBeNull()
    expect(screen.getByTestId('total')).toHaveTextContent('$49.00')
    expect(await toastEl('Coupon Removed')).not.toHaveLength(0)
    expect(calls.filter((c) => c === 'POST /api/create-payment-intent')).toHaveLength(3)
  })

  it('shows the amount paid in the paid state', async () => {
    let paid = false
    api({
      verification: () => v(paid ? { status: 'in_review', paymentStatus: 'paid', paymentAmount: 2450 } : {}),
      confirm: () => {
        paid = true
        return json({ status: 'succeeded', paymentIntentId: 'pi_2', receiptEmailed: true })
      },
    })
    const user = userEvent.setup()
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    // The coupon field takes input once the checkout is open; the full-price button says it is.
    await screen.findByRole('button', { name: 'Pay $49.00' })
    await user.type(screen.getByLabelText('Coupon Code'), 'half')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await fillCard(user, '4242424242424242')
    await user.click(await screen.findByRole('button', { name: 'Pay $24.50' }))
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    expect(screen.getByTestId('paid-amount')).toHaveTextContent('Amount paid$24.50 USD')
    expect(screen.getByText('A receipt has been emailed to you.')).toBeInTheDocument()
  })

  it('says a receipt was e-mailed only when the server queued one', async () => {
    let paid = false
    api({
      verification: () => v(paid ? { status: 'in_review', paymentStatus: 'paid' } : {}),
      confirm: () => {
        paid = true
        return json({ status: 'succeeded', paymentIntentId: 'pi_1', receiptEmailed: false })
      },
    })
    const user = userEvent.setup()
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    await fillCard(user, '4242424242424242')
    await user.click(screen.getByRole('button', { name: 'Pay $49.00' }))
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    expect(screen.getByText(/now in review and will be processed within 1-2 business days/)).toBeInTheDocument()
    expect(screen.queryByText('A receipt has been emailed to you.')).toBeNull()
  })

  it('shows the paid state for a paid verification without opening an intent', async () => {
    const { calls } = api({ verification: () => v({ status: 'in_review', paymentStatus: 'paid', paymentAmount: 4900 }) })
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    expect(calls).not.toContain('POST /api/create-payment-intent')
    expect(screen.getByTestId('paid-amount')).toHaveTextContent('$49.00 USD')
    // Opened later, the page cannot know whether this payment's receipt went out.
    expect(screen.queryByText('A receipt has been emailed to you.')).toBeNull()
  })

  it("reports 'Failed to initialize payment' when no intent can be opened", async () => {
    mockApi(
      route('GET', '/api/verifications/7', () => json(v())),
      route('GET', '/api/config', () => json({ paymentProvider: 'simulated', testMode: true })),
      route('POST', '/api/create-payment-intent', () => json({ message: 'provider down' }, { status: 502 })),
    )
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    expect(await toastEl('Failed to initialize payment. Please try again.')).not.toHaveLength(0)
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })

  it("says what is true once paid: 'now in review' only while in review", async () => {
    api({ verification: () => v({ status: 'approved', paymentStatus: 'paid' }) })
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    expect(screen.getByTestId('paid-status')).toHaveTextContent('Your verification has been approved.')
    expect(screen.queryByText(/now in review/)).toBeNull()
  })
})

describe('paidSentence', () => {
  it('follows the status', () => {
    expect(paidSentence({ status: 'in_review', tier: 'basic' }, false)).toBe('Your verification is now in review and will be processed within 1-2 business days.')
    expect(paidSentence({ status: 'approved', tier: 'basic' }, false)).toMatch(/^Your verification has been approved\./)
    expect(paidSentence({ status: 'rejected', tier: 'basic' }, false)).toMatch(/^Your verification was rejected\..*you will not pay again/)
    expect(paidSentence({ status: 'in_review', tier: 'top' }, true)).toMatch(/^Your verification is now Top Tier and in review for the KYC, AML and PEP checks/)
    expect(paidSentence({ status: 'rejected', tier: 'top' }, true)).toMatch(/^Your verification is now Top Tier\. Your verification was rejected/)
  })
})

describe('upgrade payment (/payment/{id}?purpose=upgrade)', () => {
  it('pays the $250 difference with its own order summary and no coupon, then says it is back in review as Top', async () => {
    let upgraded = false
    let body: Record<string, unknown> = {}
    const approved = (over: Partial<Verification> = {}) =>
      v({ status: 'approved', paymentStatus: 'paid', paymentAmount: 4900, approvedAt: '2026-03-01T00:00:00Z', ...over })
    mockApi(
      route('GET', '/api/verifications/7', () => json(upgraded ? approved({ tier: 'top', status: 'in_review', paymentAmount: 29900 }) : approved())),
      route('GET', '/api/config', () => json({ paymentProvider: 'simulated', testMode: true })),
      route('POST', '/api/create-payment-intent', async (req) => {
        body = (await req.json()) as Record<string, unknown>
        return json({ ...intent, paymentIntentId: 'pi_3', clientSecret: 'pi_3_secret', amount: 25000, baseAmount: 25000, purpose: 'upgrade' })
      }),
      route('POST', '/api/simulated-payments/pi_3/confirm', () => {
        upgraded = true
        return json({ status: 'succeeded', paymentIntentId: 'pi_3' })
      }),
    )
    const user = userEvent.setup()
    renderPage('/payment/:id', '/payment/7?purpose=upgrade', <PaymentPage />)
    expect(await screen.findByRole('heading', { name: 'Pay for Your Upgrade' })).toBeInTheDocument()
    const summary = screen.getByRole('region', { name: 'Order Summary' })
    expect(summary).toHaveTextContent('Upgrade: Basic to Top Tier')
    expect(within(summary).getByTestId('upgrade-top-price')).toHaveTextContent('$299.00')
    expect(within(summary).getByTestId('upgrade-basic-paid')).toHaveTextContent('−$49.00')
    expect(await within(summary).findByTestId('total')).toHaveTextContent('$250.00')
    expect(within(summary).queryByLabelText('Coupon Code')).toBeNull()
    expect(body).toEqual({ verificationId: 7, purpose: 'upgrade' })
    await fillCard(user, '4242424242424242')
    await user.click(screen.getByRole('button', { name: 'Pay $250.00' }))
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('paid-status')).toHaveTextContent('now Top Tier and in review for the KYC, AML and PEP checks'))
  })

  it('has nothing to pay for a verification that is already Top', async () => {
    const { calls } = api({ verification: () => v({ tier: 'top', status: 'in_review', paymentStatus: 'paid' }) })
    renderPage('/payment/:id', '/payment/7?purpose=upgrade', <PaymentPage />)
    expect(await screen.findByRole('heading', { name: 'Payment Not Available' })).toBeInTheDocument()
    expect(screen.getByText('This verification is already Top Tier.')).toBeInTheDocument()
    expect(calls).not.toContain('POST /api/create-payment-intent')
  })
})
