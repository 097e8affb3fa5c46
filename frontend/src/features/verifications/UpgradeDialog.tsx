import { CheckCircle2, Crown } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/ui/Button'
import { Dialog } from '../../components/ui/Dialog'
import { mutate } from '../../components/ui/mutate'
import { PRICES } from '../../lib/constants'
import { formatUSD } from '../../lib/format'
import { paths } from '../../lib/paths'
import type { Verification } from '../../lib/types'
import { upgradePrice } from './dashboard'
import { useUpgradeVerificationMutation } from './verificationApi'

/** TOP_ADDS is what Top adds to Basic. */
export const TOP_ADDS = ['KYC checks on the company and its representatives', 'AML and sanctions screening', 'PEP screening', 'A premium digital certificate']

/** upgradeConsequence says what happens to the verification once the upgrade is done. */
export function upgradeConsequence(v: Pick<Verification, 'status' | 'paymentStatus'>): string {
  switch (v.status) {
    case 'approved':
      return 'After payment your verification goes back into review for the Top checks. Until the new decision, your certificate, CIS and public certificate page are not available.'
    case 'in_review':
    case 'submitted':
      return v.paymentStatus === 'paid'
        ? 'After payment the Top checks join the review that is under way.'
        : 'Your application becomes a Top Tier application; you then pay the Top price on the payment page.'
    case 'rejected':
      return 'After payment your verification becomes Top Tier; when you resubmit it, it is reviewed with the Top checks.'
    default:
      return v.paymentStatus === 'paid'
        ? 'After payment your verification becomes Top Tier; submit it when it is complete.'
        : 'Your application becomes a Top Tier application; you pay the Top price when you submit it.'
  }
}

/**
 * UpgradeDialog confirms a Basic-to-Top upgrade, saying what it adds and what it costs now. Before
 * payment the tier changes at once; after payment it leads to the payment page for the difference.
 */
export function UpgradeDialog({ v, open, onOpenChange }: { v: Verification; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [upgrade, { isLoading }] = useUpgradeVerificationMutation()
  const navigate = useNavigate()
  const price = upgradePrice(v)

  async function confirm() {
    const r = await mutate(upgrade(v.id), {
      done: (d) =>
        d.paymentRequired
          ? { title: 'Upgrade ready for payment', description: `Pay the ${formatUSD(d.amount)} difference to complete it.` }
          : { title: 'Upgraded to Top Tier', description: `Verification #${v.id} is now a Top Tier verification (${formatUSD(PRICES.top * 100)}).` },
      failed: 'Upgrade failed',
    })
    if (!r.ok) return
    onOpenChange(false)
    if (r.data.paymentRequired) navigate(paths.upgradePayment(v.id))
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        <span className="flex items-center gap-2">
          <Crown className="h-5 w-5 text-brand-700" aria-hidden /> Upgrade to Top
        </span>
      }
      description={`Verification #${v.id} moves from Basic to the Top tier.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={isLoading}>
            {price.payNow ? `Continue to payment (${formatUSD(price.amount)})` : 'Upgrade to Top'}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <div>
          <p className="font-semibold text-slate-900">Top adds</p>
          <ul className="mt-2 space-y-1.5">
            {TOP_ADDS.map((a) => (
              <li key={a} className="flex items-start gap-2">
                <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden /> {a}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="upgrade-price">
          {price.payNow ? (
            <p>
              <span className="font-semibold text-slate-900">{formatUSD(price.amount)} to pay now</span>: the difference between Top ({formatUSD(PRICES.top * 100)}) and
              Basic ({formatUSD(PRICES.basic * 100)}), which you already paid.
            </p>
          ) : (
            <p>
              <span className="font-semibold text-slate-900">{formatUSD(price.amount)}</span> instead of {formatUSD(PRICES.basic * 100)}. Nothing is charged now.
            </p>
          )}
        </div>
        <p>{upgradeConsequence(v)}</p>
      </div>
    </Dialog>
  )
}
