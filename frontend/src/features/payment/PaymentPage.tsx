import { AlertCircle, ArrowLeft, CheckCircle2, Mail, ShieldCheck } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../components/ui/Card'
import { PageHeader } from '../../components/ui/PageHeader'
import { StateCard, RecordState } from '../../components/ui/StateCard'
import { Spinner } from '../../components/ui/Spinner'
import { mutate } from '../../components/ui/mutate'
import { toast } from '../../components/ui/toast-store'
import { errorStatus, serverMessage } from '../../lib/errors'
import { formatUSD } from '../../lib/format'
import type { PaymentIntent, Verification } from '../../lib/types'
import { orderLines, tierPriceCents, UPGRADE_CENTS } from './order'
import { OrderSummary } from './OrderSummary'
import {
  useConfirmSimulatedPaymentMutation,
  useCreatePaymentIntentMutation,
  useGetPayableVerificationQuery,
  useGetPaymentConfigQuery,
  usePaymentSuccessMutation,
  useValidateCouponMutation,
} from './paymentApi'
import type { CardValues } from './schema'
import { SimulatedCardForm } from './SimulatedCardForm'
import { paths } from '../../lib/paths'
import { usePageTitle } from '../../lib/usePageTitle'
import type { FormikHelpers } from 'formik'

// Stripe's code loads only when Stripe is the active provider.
const StripeCardForm = lazy(() => import('./StripeCardForm'))

const UPDATE_FAILED = "Payment succeeded but we couldn't update your verification. Please contact support."
const PAID = { title: 'Payment Successful', description: 'Your verification is now in review.' }
const PAID_UPGRADE = { title: 'Payment Successful', description: 'Your verification is now Top Tier.' }

function BackLink() {
  return (
    <ButtonLink to={paths.dashboard} variant="ghost" size="sm" className="-ml-2 mb-4" icon={<ArrowLeft className="h-4 w-4" aria-hidden />}>
      Back to Dashboard
    </ButtonLink>
  )
}

/**
 * paidSentence says where the verification stands once paid: "now in review" only while it is in
 * review; an approved, rejected or draft verification is told what is true for it.
 */
export function paidSentence(v: Pick<Verification, 'status' | 'tier'>, upgrade: boolean): string {
  const topNow = upgrade ? 'Your verification is now Top Tier. ' : ''
  switch (v.status) {
    case 'in_review':
      return upgrade
        ? 'Your verification is now Top Tier and in review for the KYC, AML and PEP checks. It will be processed within 1-2 business days.'
        : 'Your verification is now in review and will be processed within 1-2 business days.'
    case 'submitted':
      return `${topNow}Your verification goes into review shortly and will be processed within 1-2 business days.`
    case 'approved':
      return 'Your verification has been approved. Your certificate is ready on the verification page.'
    case 'rejected':
      return `${topNow}Your verification was rejected. Open it to read the reason, update it and resubmit; you will not pay again.`
    default:
      return `${topNow}Complete and submit your verification; you will not pay again.`
  }
}

/**
 * PaidState is the page once the verification (or its upgrade) is paid for: the amount, where the
 * verification stands, and that a receipt was e-mailed, only when the server said so for the payment
 * just made (a page opened later cannot know). The API has no receipt to link to: the e-mail is it.
 */
export function PaidState({ v, upgrade = false, receiptEmailed, amount }: { v: Verification; upgrade?: boolean; receiptEmailed: boolean; amount?: number | null }) {
  // Right after an upgrade payment the record may not show the new tier yet.
  const settled = !upgrade || v.tier === 'top'
  return (
    <div className="mx-auto max-w-2xl">
      <BackLink />
      <Card className="overflow-hidden text-center">
        <div className="bg-green-50 px-8 pb-6 pt-10">
          <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100">
            <CheckCircle2 className="h-9 w-9 text-green-700" aria-hidden />
          </div>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment Successful!</h1>
          <p className="mt-2 text-slate-700">Your payment for verification #{v.id} has been received.</p>
        </div>
        <CardBody className="space-y-4 px-8 py-6 text-left text-sm text-slate-600">
          {amount != null && (
            <p className="flex items-baseline justify-between gap-3 border-b border-slate-100 pb-4" data-testid="paid-amount">
              <span>{upgrade ? 'Upgrade paid' : 'Amount paid'}</span>
              <span className="text-lg font-semibold text-slate-900">{formatUSD(amount)} USD</span>
            </p>
          )}
          <p className="flex gap-3" data-testid="paid-status">
            <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>{settled ? paidSentence(v, upgrade) : 'Your verification is being updated…'}</span>
          </p>
          {receiptEmailed && (
            <p className="flex gap-3">
              <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>A receipt has been emailed to you.</span>
            </p>
          )}
        </CardBody>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 bg-slate-50/60 px-8 py-4 sm:flex-row sm:justify-center">
          <ButtonLink to={paths.dashboard} variant="outline">
            Return to Dashboard
          </ButtonLink>
          <ButtonLink to={paths.verification(v.id)}>View Verification</ButtonLink>
        </div>
      </Card>
    </div>
  )
}

export default function PaymentPage() {
  const params = useParams()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const query = useGetPayableVerificationQuery(id, { skip: !valid })
  return (
    <RecordState valid={valid} query={query} back={<BackLink />} tone="amber">
      {(v) => <Payment v={v} />}
    </RecordState>
  )
}

function Payment({ v }: { v: Verification }) {
  const [search, setSearch] = useSearchParams()
  // /payment/{id}?purpose=upgrade pays the difference from Basic to Top.
  const [upgrade] = useState(() => search.get('purpose') === 'upgrade')
  usePageTitle(upgrade ? `Upgrade payment · Verification #${v.id}` : `Payment · Verification #${v.id}`)
  const config = useGetPaymentConfigQuery()
  const [createIntent] = useCreatePaymentIntentMutation()
  const [validateCoupon] = useValidateCouponMutation()
  const [confirmCard] = useConfirmSimulatedPaymentMutation()
  const [paymentSuccess] = usePaymentSuccessMutation()
  const [intent, setIntent] = useState<PaymentIntent | null>(null)
  const [initFailed, setInitFailed] = useState(false)
  const [justPaid, setJustPaid] = useState(false)
  const [receiptEmailed, setReceiptEmailed] = useState(false)
  const [paidAmount, setPaidAmount] = useState<number | null>(null)
  const started = useRef(false)

  // The Basic fee was paid before an upgrade, so only this page's own payment marks the upgrade paid.
  const isPaid = upgrade ? justPaid : v.paymentStatus === 'paid' || justPaid
  const payable = !isPaid && (upgrade ? v.tier === 'basic' && v.actions.upgrade && v.paymentStatus === 'paid' : v.actions.pay)
  const paidNow = useCallback((emailed: boolean, amount: number | null) => {
    setReceiptEmailed(emailed)
    setPaidAmount(amount)
    setJustPaid(true)
  }, [])

  const init = useCallback(async () => {
    setInitFailed(false)
    const r = await mutate(createIntent(upgrade ? { verificationId: v.id, purpose: 'upgrade' } : { verificationId: v.id }), {
      failed: { title: 'Error', description: 'Failed to initialize payment. Please try again.' },
    })
    if (r.ok) setIntent(r.data)
    else setInitFailed(true)
  }, [createIntent, v.id, upgrade])

  useEffect(() => {
    if (!payable || started.current) return
    started.current = true
    void init()
  }, [payable, init])

  const markPaid = useCallback(async (paymentIntentId: string) => {
    const r = await mutate(paymentSuccess({ verificationId: v.id, paymentIntentId }), {
      done: upgrade ? PAID_UPGRADE : PAID,
      failed: { title: 'Error', description: UPDATE_FAILED },
    })
    if (r.ok) paidNow(r.data.receiptEmailed, intent?.amount ?? null)
  }, [paymentSuccess, v.id, upgrade, paidNow, intent])

  // Back from a payment method that needed a redirect (Stripe adds these parameters).
  const returnedIntent = search.get('payment_intent')
  const redirectStatus = search.get('redirect_status')
  const handledReturn = useRef(false)
  useEffect(() => {
    if (!returnedIntent || handledReturn.current) return
    handledReturn.current = true
    setSearch({}, { replace: true })
    // eslint-disable-next-line react-hooks/set-state-in-effect -- markPaid sets state only once the server has answered
    if (redirectStatus === 'succeeded' || redirectStatus === 'processing') void markPaid(returnedIntent)
    else toast({ title: 'Payment Failed', description: 'An error occurred during payment', variant: 'destructive' })
  }, [returnedIntent, redirectStatus, markPaid, setSearch])

  // Opened later, the page knows the verification's own payment; an upgrade's only right after it.
  if (isPaid) return <PaidState v={v} upgrade={upgrade} receiptEmailed={receiptEmailed} amount={paidAmount ?? (upgrade ? null : v.paymentAmount)} />
  if (!payable) {
    return (
      <StateCard
        back={<BackLink />}
        tone="amber"
        title="Payment Not Available"
        text={
          upgrade
            ? v.tier === 'top'
              ? 'This verification is already Top Tier.'
              : 'This verification has no upgrade to pay for: open it to upgrade it.'
            : v.status === 'draft'
              ? 'This verification has not been submitted yet. Complete all sections and submit it, then pay.'
              : 'This verification does not need a payment right now.'
        }
        action={<ButtonLink to={paths.verification(v.id)}>View Verification</ButtonLink>}
      />
    )
  }

  const base = intent?.baseAmount ?? (upgrade ? UPGRADE_CENTS : tierPriceCents(v.tier))
  const lines = orderLines(base, intent?.coupon?.discount ?? 0, intent?.amount)
  const amountLabel = formatUSD(lines.total)

  async function applyCoupon(code: string): Promise<string | null> {
    try {
      const q = await validateCoupon({ couponCode: code, verificationId: v.id }).unwrap()
      const r = await createIntent({ verificationId: v.id, couponCode: q.couponCode }).unwrap()
      setIntent(r)
      if (r.paid) {
        paidNow(r.receiptEmailed, r.amount)
        toast({ title: 'Coupon Applied', description: '100% discount applied! Your verification is now in review.' })
      } else {
        toast({ title: 'Coupon Applied', description: `${r.coupon?.discount ?? q.discount}% discount applied!` })
      }
      return null
    } catch (e) {
      const status = errorStatus(e)
      const message = serverMessage(e) ?? (status === 400 ? 'Invalid coupon code' : 'Failed to apply coupon')
      toast({ title: status === 400 ? 'Invalid Coupon' : 'Error', description: message, variant: 'destructive' })
      return message
    }
  }

  async function paySimulated(card: CardValues, helpers: Pick<FormikHelpers<CardValues>, 'setErrors' | 'setStatus'>) {
    if (!intent?.paymentIntentId) return
    const r = await mutate(confirmCard({ intentId: intent.paymentIntentId, verificationId: v.id, card }), {
      done: upgrade ? PAID_UPGRADE : PAID,
      failed: 'Payment Failed',
      fallback: 'An error occurred during payment',
      setErrors: helpers.setErrors,
      setStatus: helpers.setStatus,
    })
    if (r.ok) paidNow(r.data.receiptEmailed, intent.amount)
  }

  /** removeCoupon opens a checkout at the full price again; the server keeps one per verification. */
  async function removeCoupon() {
    const r = await mutate(createIntent({ verificationId: v.id }), { done: { title: 'Coupon Removed' }, failed: 'Failed to remove coupon' })
    if (r.ok) setIntent(r.data)
  }

  const cfg = config.data
  const loadingForm = config.isLoading || (!intent && !initFailed)

  return (
    <div className="mx-auto max-w-5xl">
      <BackLink />
      {upgrade ? (
        <PageHeader title="Pay for Your Upgrade" subtitle={`Pay the difference to upgrade verification #${v.id} from Basic to Top Tier.`} />
      ) : (
        <PageHeader title="Complete Your Payment" subtitle={`Pay for verification #${v.id} to send it to our compliance team.`} />
      )}
      {/* What is bought, the coupon and the total come before the card form on a phone; beside it from lg. */}
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:order-2 lg:col-span-2">
          <OrderSummary
            tier={v.tier}
            verificationId={v.id}
            publicId={v.publicId}
            lines={lines}
            appliedCoupon={intent?.coupon?.code}
            // Coupons apply to the verification fee, not to upgrades.
            onApply={upgrade ? undefined : applyCoupon}
            onRemove={upgrade ? undefined : removeCoupon}
            couponDisabled={!intent}
            upgrade={upgrade}
          />
        </div>
        <Card className="lg:order-1 lg:col-span-3">
          <CardHeader
            title="Payment Details"
            description={cfg?.paymentProvider === 'stripe' ? 'Pay securely by card with Stripe.' : 'Pay by card.'}
            action={cfg?.testMode ? <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">TEST MODE</span> : undefined}
          />
          <CardBody>
            {initFailed || config.isError ? (
              <div className="py-8 text-center">
                <AlertCircle className="mx-auto h-8 w-8 text-red-500" aria-hidden />
                <p className="mt-3 text-sm text-slate-700">Failed to initialize payment. Please try again.</p>
                <Button className="mt-4" variant="outline" onClick={() => (config.isError ? void config.refetch() : void init())}>
                  Try Again
                </Button>
              </div>
            ) : loadingForm || !cfg || !intent ? (
              <div className="flex flex-col items-center gap-3 py-16 text-sm text-slate-500">
                <Spinner />
                Preparing secure payment…
              </div>
            ) : cfg.paymentProvider === 'stripe' ? (
              <Suspense
                fallback={
                  <div className="flex justify-center py-16">
                    <Spinner />
                  </div>
                }
              >
                <StripeCardForm
                  key={intent.clientSecret}
                  publishableKey={cfg.stripePublishableKey ?? ''}
                  clientSecret={intent.clientSecret}
                  amountLabel={amountLabel}
                  returnUrl={`${window.location.origin}${upgrade ? paths.upgradePayment(v.id) : paths.payment(v.id)}`}
                  onPaid={markPaid}
                  onFailed={(m) => toast({ title: 'Payment Failed', description: m ?? 'An error occurred during payment', variant: 'destructive' })}
                />
              </Suspense>
            ) : (
              <SimulatedCardForm amountLabel={amountLabel} onSubmit={paySimulated} />
            )}
          </CardBody>
        </Card>
      </div>
    </div>
  )
}
