import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { CreditCard } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/Button'

// loadStripe runs once, and only on the payment route when Stripe is the active provider: this
// module is imported lazily by the payment page, and @stripe/stripe-js/pure does not fetch
// js.stripe.com until loadStripe is called.
let stripePromise: Promise<Stripe | null> | null = null
function getStripe(publishableKey: string) {
  stripePromise ??= loadStripe(publishableKey)
  return stripePromise
}

export interface StripeCardFormProps {
  publishableKey: string
  clientSecret: string
  amountLabel: string
  returnUrl: string
  /** onPaid runs after Stripe confirmed the payment without a redirect. */
  onPaid: (paymentIntentId: string) => Promise<void>
  /** onFailed shows the provider's message. */
  onFailed: (message: string | undefined) => void
}

function CheckoutForm({ amountLabel, returnUrl, onPaid, onFailed }: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe()
  const elements = useElements()
  const [busy, setBusy] = useState(false)
  // A decline is said at the form as well as in the toast.
  const [problem, setProblem] = useState<string | null>(null)

  function fail(message: string | undefined) {
    setProblem(message ?? 'An error occurred during payment')
    onFailed(message)
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!stripe || !elements) return
    setBusy(true)
    setProblem(null)
    try {
      // Confirm without leaving the page unless the payment method needs a redirect.
      const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } })
      if (error) {
        fail(error.message)
        return
      }
      if (paymentIntent && (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing')) {
        await onPaid(paymentIntent.id)
      } else {
        fail(undefined)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Card details">
      <PaymentElement options={{ layout: 'tabs' }} />
      {problem && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" loading={busy} disabled={!stripe || !elements} icon={<CreditCard className="h-5 w-5" aria-hidden />}>
        Pay {amountLabel}
      </Button>
    </form>
  )
}

/** StripeCardForm is Stripe's Payment Element for an intent the server opened. */
export default function StripeCardForm({ publishableKey, clientSecret, ...rest }: StripeCardFormProps) {
  return (
    <Elements stripe={getStripe(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#1a43c4' } } }}>
      <CheckoutForm {...rest} />
    </Elements>
  )
}
