import {
  useAdminBankingInfoQuery,
  useAdminCompanyInfoQuery,
  useAdminDocumentsQuery,
  useAdminEventsQuery,
  useAdminOwnershipQuery,
  useAdminRepresentativesQuery,
  useAdminTradeInfoQuery,
} from '../adminApi'

// The review always shows the latest data: another admin or the applicant may have changed it.
export const FRESH = { refetchOnMountOrArgChange: true } as const

/**
 * useReviewSections loads the five sections and the audit trail of the verification under review,
 * and a Top verification's beneficial ownership.
 */
export function useReviewSections(id: number, top: boolean) {
  return {
    company: useAdminCompanyInfoQuery(id, FRESH),
    reps: useAdminRepresentativesQuery(id, FRESH),
    ownership: useAdminOwnershipQuery(id, { ...FRESH, skip: !top }),
    banking: useAdminBankingInfoQuery(id, FRESH),
    trade: useAdminTradeInfoQuery(id, FRESH),
    docs: useAdminDocumentsQuery(id, FRESH),
    events: useAdminEventsQuery(id, FRESH),
  }
}

export type ReviewSections = ReturnType<typeof useReviewSections>
