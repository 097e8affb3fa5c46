import { useState } from 'react'
import { PageHeader } from '../../components/ui/PageHeader'
import type { ScreeningResult, ScreeningSearch } from '../../lib/types'
import { CheckForm } from './CheckForm'
import { FreshnessCard } from './FreshnessCard'
import { ListsCard } from './ListsCard'
import { Results } from './Results'
import { usePageTitle } from '../../lib/usePageTitle'

/** ScreeningPage is /admin/screening: the sanctions and PEP lists in force and an ad-hoc check. */
export default function ScreeningPage() {
  usePageTitle('Screening')
  const [last, setLast] = useState<{ query: ScreeningSearch; result: ScreeningResult } | null>(null)
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Screening" subtitle="Sanctions and PEP lists in force, and ad-hoc checks against them" />
      <ListsCard />
      <FreshnessCard />
      <CheckForm onResult={(query, result) => setLast({ query, result })} />
      {last && <Results query={last.query} result={last.result} />}
    </div>
  )
}
