import { Crown } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/Button'
import { cn } from '../../lib/cn'
import { PRICES } from '../../lib/constants'
import { formatUSD } from '../../lib/format'
import type { Verification } from '../../lib/types'
import { needsAction, upgradePrice } from './dashboard'
import { UpgradeDialog } from './UpgradeDialog'

/** upgradeOfferText is the offer's one line: what Top adds and what it costs now. */
export function upgradeOfferText(v: Pick<Verification, 'paymentStatus'>): string {
  const price = upgradePrice(v)
  return price.payNow
    ? `Add KYC, AML and PEP checks and a premium digital certificate for ${formatUSD(price.amount)}, the difference to the Basic fee you paid.`
    : `Add KYC, AML and PEP checks and a premium digital certificate: ${formatUSD(price.amount)} instead of ${formatUSD(PRICES.basic * 100)}.`
}

/**
 * UpgradeOffer offers "Upgrade to Top" for a Basic verification the server allows to upgrade, and
 * opens the confirmation. `title` names the verification where the context does not (the dashboard).
 * While the applicant owes a step (payment, changes after a rejection) the offer is quiet: an outline
 * button on a plain card, so that step keeps the one primary button.
 */
export function UpgradeOffer({ v, title = 'Upgrade to Top', className }: { v: Verification; title?: string; className?: string }) {
  const [open, setOpen] = useState(false)
  const quiet = needsAction(v)
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between',
        quiet ? 'border-slate-200 bg-white' : 'border-brand-200 bg-brand-50',
        className,
      )}
      data-testid="upgrade-offer"
      data-quiet={quiet || undefined}
    >
      <div className="flex gap-3">
        <Crown className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <div>
          <p className="font-semibold text-brand-950">{title}</p>
          <p className="mt-0.5 text-sm text-slate-700">{upgradeOfferText(v)}</p>
        </div>
      </div>
      <Button
        className="shrink-0"
        variant={quiet ? 'outline' : 'primary'}
        size={quiet ? 'sm' : 'md'}
        onClick={() => setOpen(true)}
        icon={<Crown className="h-4 w-4" aria-hidden />}
      >
        Upgrade to Top
      </Button>
      <UpgradeDialog v={v} open={open} onOpenChange={setOpen} />
    </div>
  )
}
