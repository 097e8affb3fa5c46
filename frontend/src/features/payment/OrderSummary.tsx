import { Lock, Tag } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { inputClass } from '../../components/form/fields'
import { Button } from '../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../components/ui/Card'
import { PRICES } from '../../lib/constants'
import { formatUSD } from '../../lib/format'
import type { Tier } from '../../lib/types'
import { tierTitle, type OrderSummaryLines } from './order'

export interface OrderSummaryProps {
  tier: Tier
  verificationId: number
  publicId: string
  lines: OrderSummaryLines
  /** The code of the coupon in effect, if any. */
  appliedCoupon?: string | null
  /** onApply validates and applies a code; it resolves to an error message to show, or null. */
  onApply?: (code: string) => Promise<string | null>
  /** onRemove takes the applied coupon off again. */
  onRemove?: () => Promise<void>
  /** couponDisabled hides nothing but stops new codes (e.g. while paying). */
  couponDisabled?: boolean
  /** upgrade makes it the summary of a Basic-to-Top upgrade: the Top price less the Basic fee paid. */
  upgrade?: boolean
}

/**
 * OrderSummary shows what is being paid for: tier, verification, a coupon box (upper-cased, Apply
 * disabled while empty), the original price struck through for a partial discount, and the total in USD.
 */
export function OrderSummary({ tier, verificationId, publicId, lines, appliedCoupon, onApply, onRemove, couponDisabled, upgrade }: OrderSummaryProps) {
  const inputId = useId()
  const [code, setCode] = useState('')
  const [applying, setApplying] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [removing, setRemoving] = useState(false)

  async function remove() {
    if (!onRemove) return
    setRemoving(true)
    try {
      await onRemove()
    } finally {
      setRemoving(false)
    }
  }

  async function apply(e: FormEvent) {
    e.preventDefault()
    const c = code.trim()
    if (!c || !onApply) return
    setApplying(true)
    setError(null)
    try {
      const problem = await onApply(c)
      setError(problem)
      if (!problem) setCode('')
    } finally {
      setApplying(false)
    }
  }

  return (
    <Card aria-label="Order Summary" role="region">
      <CardHeader title="Order Summary" />
      <CardBody className="space-y-5">
        <dl className="space-y-3 text-sm">
          <div className="flex items-start justify-between gap-4">
            <dt className="text-slate-600">Tier</dt>
            <dd className="text-right font-medium text-slate-900">{upgrade ? 'Upgrade: Basic to Top Tier' : tierTitle(tier)}</dd>
          </div>
          <div className="flex items-start justify-between gap-4">
            <dt className="text-slate-600">Verification ID</dt>
            <dd className="text-right">
              <span className="font-medium text-slate-900">#{verificationId}</span>
              <span className="block max-w-[14rem] truncate font-mono text-xs text-slate-600">{publicId}</span>
            </dd>
          </div>
        </dl>

        {onApply && (
          <form onSubmit={apply} noValidate>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Coupon Code
            </label>
            <div className="flex gap-2">
              <input
                id={inputId}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value.toUpperCase())
                  setError(null)
                }}
                placeholder="Enter code"
                autoComplete="off"
                spellCheck={false}
                disabled={couponDisabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                className={inputClass + ' font-mono uppercase tracking-wide'}
              />
              <Button type="submit" variant="outline" disabled={code.trim() === '' || couponDisabled} loading={applying}>
                Apply
              </Button>
            </div>
            {error && (
              <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-600">
                {error}
              </p>
            )}
          </form>
        )}

        <div className="space-y-2 border-t border-slate-100 pt-4 text-sm">
          {upgrade && (
            <>
              <div className="flex justify-between" data-testid="upgrade-top-price">
                <span className="text-slate-600">Top Tier Verification</span>
                <span className="text-slate-900">{formatUSD(PRICES.top * 100)}</span>
              </div>
              <div className="flex justify-between" data-testid="upgrade-basic-paid">
                <span className="text-slate-600">Basic Verification, already paid</span>
                <span className="text-slate-900">−{formatUSD(PRICES.basic * 100)}</span>
              </div>
            </>
          )}
          <div className="flex justify-between">
            <span className="text-slate-600">{upgrade ? 'Difference' : 'Price'}</span>
            <span className="text-slate-900" data-testid="base-price">
              {formatUSD(lines.base)}
            </span>
          </div>
          {appliedCoupon && lines.percent > 0 && (
            <div className="flex items-center justify-between gap-2 text-green-700" data-testid="discount-line">
              <span className="inline-flex flex-wrap items-center gap-x-1.5">
                <Tag className="h-3.5 w-3.5" aria-hidden /> Coupon {appliedCoupon} ({lines.percent}% off)
                {onRemove && (
                  <button
                    type="button"
                    className="rounded text-xs font-medium text-slate-600 underline hover:text-red-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-50"
                    onClick={() => void remove()}
                    disabled={removing || couponDisabled}
                    aria-label={`Remove coupon ${appliedCoupon}`}
                  >
                    Remove
                  </button>
                )}
              </span>
              <span className="shrink-0 whitespace-nowrap">−{formatUSD(lines.discountAmount)}</span>
            </div>
          )}
        </div>
        <div className="flex items-end justify-between border-t border-slate-200 pt-4">
          <span className="text-base font-semibold text-slate-900">Total</span>
          <span className="text-right">
            {lines.strikeThrough && (
              <s className="mr-2 text-sm text-slate-500" data-testid="original-price" aria-label={`Original price ${formatUSD(lines.base)}`}>
                {formatUSD(lines.base)}
              </s>
            )}
            <span className="text-2xl font-bold text-slate-900" data-testid="total">
              {formatUSD(lines.total)}
            </span>
            <span className="ml-1 text-xs font-medium text-slate-600">USD</span>
          </span>
        </div>

        <div className="flex gap-3 rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
          <Lock className="mt-0.5 h-4 w-4 shrink-0 text-slate-600" aria-hidden />
          <p>
            <span className="font-semibold text-slate-800">Secure Payment.</span> Your card details are sent straight to our payment provider over an
            encrypted connection and are never stored on our servers.
          </p>
        </div>
      </CardBody>
    </Card>
  )
}
