import { BankingView, CompanyView, DocumentsView, OwnersView, RepresentativesView, TradeView } from '../../../../components/sections'
import { mutate } from '../../../../components/ui/mutate'
import { rejectionSection } from '../../../../lib/rejections'
import type { Verification } from '../../../../lib/types'
import { useResubmitVerificationMutation } from '../../verificationApi'
import type { Step } from '../steps'
import { needsAction } from '../../dashboard'
import { UpgradeOffer } from '../../UpgradeOffer'
import { ApprovedActions } from './ApprovedActions'
import { StatusBanners } from './StatusBanners'
import { useSections } from './useSections'

/** ReadOnlyOverview shows a submitted verification: where it stands, and its sections as the owner sees them. */
export function ReadOnlyOverview({ v, onOpen }: { v: Verification; onOpen: (s: Step) => void }) {
  const top = v.tier === 'top'
  const { company, reps, banking, ownership, trade, docs } = useSections(v.id, top)
  const [resubmit, { isLoading: resubmitting }] = useResubmitVerificationMutation()

  async function doResubmit() {
    const r = await mutate(resubmit(v.id), {
      done: { title: 'Verification Updated', description: 'Your verification is back in draft. Update it and submit again.' },
      failed: 'Error',
      fallback: 'Failed to resubmit verification. Please try again.',
    })
    // A standard reason names the section to correct; any other starts at the beginning.
    if (r.ok) onOpen(rejectionSection(v.rejectionReason) ?? 'company')
  }

  return (
    <div className="space-y-6">
      <StatusBanners v={v} onResubmit={doResubmit} resubmitting={resubmitting} />
      {/* While payment or changes are due, the offer waits below the sections (UpgradeOffer). */}
      {v.actions.upgrade && !needsAction(v) && <UpgradeOffer v={v} />}
      {v.status === 'approved' && <ApprovedActions v={v} />}
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <CompanyView data={company.data} loading={company.isLoading} />
        <BankingView data={banking.data} loading={banking.isLoading} />
        <RepresentativesView data={reps.data} loading={reps.isLoading} />
        <TradeView data={trade.data} loading={trade.isLoading} />
        {top && <OwnersView data={ownership.data} loading={ownership.isLoading} />}
      </div>
      <DocumentsView data={docs.data} loading={docs.isLoading} />
      {v.actions.upgrade && needsAction(v) && <UpgradeOffer v={v} />}
    </div>
  )
}
