import { hasRequiredDocuments } from '../../../../lib/constants'
import {
  useGetBankingInfoQuery,
  useGetCompanyInfoQuery,
  useGetDocumentsQuery,
  useGetOwnershipQuery,
  useGetRepresentativesQuery,
  useGetTradeInfoQuery,
} from '../../verificationApi'

/** useSections loads a verification's five sections for the overview, and a Top verification's beneficial ownership. */
export function useSections(id: number, top = false) {
  const company = useGetCompanyInfoQuery(id)
  const reps = useGetRepresentativesQuery(id)
  const banking = useGetBankingInfoQuery(id)
  const ownership = useGetOwnershipQuery(id, { skip: !top })
  const trade = useGetTradeInfoQuery(id)
  const docs = useGetDocumentsQuery(id)
  return { company, reps, banking, ownership, trade, docs }
}

/** ownershipDone: a Top verification names its beneficial owners or makes the declaration. */
export function ownershipDone(o: { owners: unknown[]; declaration?: unknown } | null | undefined): boolean {
  return o != null && (o.owners.length > 0 || o.declaration != null)
}

/**
 * completedSections counts the five sections that are done (20% each). Documents count as done once
 * the three required types are on file, the rule the server applies on submit; for Top the banking
 * step counts once beneficial ownership is given too (`ownership` true; always true for Basic).
 */
export function completedSections(s: {
  company: unknown
  reps: unknown[]
  banking: unknown
  ownership?: boolean
  trade: unknown
  docs: { type: string }[]
}): number {
  return [s.company != null, s.reps.length > 0, s.banking != null && s.ownership !== false, s.trade != null, hasRequiredDocuments(s.docs)].filter(Boolean)
    .length
}
