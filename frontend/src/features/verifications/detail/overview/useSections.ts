import { hasRequiredDocuments } from '../../../../lib/constants'
import {
  useGetBankingInfoQuery,
  useGetCompanyInfoQuery,
  useGetDocumentsQuery,
  useGetRepresentativesQuery,
  useGetTradeInfoQuery,
} from '../../verificationApi'

/** useSections loads a verification's five sections for the overview. */
export function useSections(id: number) {
  const company = useGetCompanyInfoQuery(id)
  const reps = useGetRepresentativesQuery(id)
  const banking = useGetBankingInfoQuery(id)
  const trade = useGetTradeInfoQuery(id)
  const docs = useGetDocumentsQuery(id)
  return { company, reps, banking, trade, docs }
}

/**
 * completedSections counts the five sections that are done (20% each). Documents count as done once
 * the three required types are on file, the rule the server applies on submit.
 */
export function completedSections(s: { company: unknown; reps: unknown[]; banking: unknown; trade: unknown; docs: { type: string }[] }): number {
  return [s.company != null, s.reps.length > 0, s.banking != null, s.trade != null, hasRequiredDocuments(s.docs)].filter(Boolean).length
}
