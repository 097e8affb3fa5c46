import { Building2, FileText, Landmark, Package, Users } from 'lucide-react'
import { DOCUMENT_STEP_TYPES, hasRequiredDocuments } from '../../../../lib/constants'
import { parseProducts } from '../../../../lib/format'
import type { OverviewProps } from './Overview'
import { UpgradeOffer } from '../../UpgradeOffer'
import { ProgressCard } from './ProgressCard'
import { SectionLinkCard } from './SectionLinkCard'
import { completedSections, ownershipDone, useSections } from './useSections'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** DraftOverview links to the five sections with their summaries, and shows the progress. */
export function DraftOverview({ v, onOpen, onSubmit, submitting }: OverviewProps) {
  const top = v.tier === 'top'
  const { company, reps, banking, ownership, trade, docs } = useSections(v.id, top)
  const c = company.data
  const r = reps.data ?? []
  const b = banking.data
  // For Top the third step is Enhanced Due Diligence: banking and beneficial ownership together.
  const owned = !top || ownershipDone(ownership.data)
  const o = ownership.data
  const t = trade.data
  // Passports and bank references are listed with the documents but belong to their own steps.
  const d = (docs.data ?? []).filter((x) => (DOCUMENT_STEP_TYPES as readonly string[]).includes(x.type))
  const loading = company.isLoading || reps.isLoading || banking.isLoading || ownership.isLoading || trade.isLoading || docs.isLoading
  const docsDone = hasRequiredDocuments(d)
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 space-y-3 lg:col-span-2">
        <SectionLinkCard
          icon={<Building2 className="h-6 w-6" aria-hidden />}
          title="Company Information"
          done={c != null}
          summary={c ? `${c.companyName} · ${c.registrationNumber}` : 'Legal name, registration and contact details'}
          onClick={() => onOpen('company')}
        />
        <SectionLinkCard
          icon={<Users className="h-6 w-6" aria-hidden />}
          title="Representatives"
          done={r.length > 0}
          summary={r.length > 0 ? plural(r.length, 'representative') : 'Directors and authorised signatories'}
          onClick={() => onOpen('representatives')}
        />
        <SectionLinkCard
          icon={<Landmark className="h-6 w-6" aria-hidden />}
          title="Banking Details"
          done={b != null && owned}
          summary={[
            b ? `${b.bankName} · ${b.currency}` : 'Bank account and SWIFT/BIC',
            top && (o && o.owners.length > 0 ? plural(o.owners.length, 'beneficial owner') : o?.declaration ? 'ownership declared' : 'beneficial owners missing'),
          ]
            .filter(Boolean)
            .join(' · ')}
          onClick={() => onOpen('banking')}
        />
        <SectionLinkCard
          icon={<Package className="h-6 w-6" aria-hidden />}
          title="Trade Information"
          done={t != null}
          summary={t ? parseProducts(t.productsTraded).join(', ') || t.productsTraded : 'Products, incoterms and volumes'}
          onClick={() => onOpen('trade')}
        />
        <SectionLinkCard
          icon={<FileText className="h-6 w-6" aria-hidden />}
          title="Documents"
          done={docsDone}
          summary={
            d.length > 0 ? `${plural(d.length, 'document')} uploaded${docsDone ? '' : ' · required documents missing'}` : 'Incorporation certificate, licence, shareholders'
          }
          onClick={() => onOpen('documents')}
        />
      </div>
      {v.actions.upgrade && <UpgradeOffer v={v} className="lg:col-span-3 lg:order-first" />}
      <ProgressCard
        done={completedSections({ company: c, reps: r, banking: b, ownership: owned, trade: t, docs: d })}
        loading={loading}
        canSubmit={v.actions.submit}
        onSubmit={onSubmit}
        submitting={submitting}
      />
    </div>
  )
}
