import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Verification } from '../../lib/types'
import { renderPage } from '../../test/render'
import { json, mockApi, route } from '../../test/server'
import PaymentPage from './PaymentPage'
import { verification } from '../../test/fixtures'

const loadStripe = vi.hoisted(() => vi.fn(() => Promise.resolve(null)))
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }))

const v: Verification = verification({ id: 7, tier: 'top', status: 'submitted', progress: 100, publicId: 'pub-7' })
const intent = { clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1', amount: 29900, baseAmount: 29900, currency: 'usd', paid: false, purpose: 'verification', coupon: null }

function api(provider: 'stripe' | 'simulated') {
  mockApi(
    route('GET', '/api/verifications/7', () => json(v)),
    route('GET', '/api/config', () => json({ paymentProvider: provider, stripePublishableKey: provider === 'stripe' ? 'pk_test_123' : undefined, testMode: true })),
    route('POST', '/api/create-payment-intent', () => json({ ...intent, provider })),
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
  loadStripe.mockClear()
})

describe('Stripe loading', () => {
  it('never loads Stripe with the simulated provider', async () => {
    api('simulated')
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    expect(await screen.findByRole('button', { name: 'Pay $299.00' })).toBeInTheDocument()
    expect(loadStripe).not.toHaveBeenCalled()
  })

  it('loads Stripe once with the publishable key when Stripe is the provider', async () => {
    api('stripe')
    renderPage('/payment/:id', '/payment/7', <PaymentPage />)
    expect(await screen.findByRole('button', { name: 'Pay $299.00' })).toBeInTheDocument()
    await waitFor(() => expect(loadStripe).toHaveBeenCalledWith('pk_test_123'))
    expect(loadStripe).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('Test mode: no card is charged')).toBeNull()
  })
})
