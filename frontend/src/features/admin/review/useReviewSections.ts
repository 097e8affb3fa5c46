import {
  useAdminBankingInfoQuery,
  useAdminCompanyInfoQuery,
  useAdminDocumentsQuery,
  useAdminEventsQuery,
  useAdminRepresentativesQuery,
  useAdminTradeInfoQuery,
} from '../adminApi'

// The review always shows the latest data: another admin or the applicant may have changed it.
export const FRESH = { refetchOnMountOrArgChange: true } as const

/** useReviewSections loads the five sections and the audit trail of the verification under review. */
export function useReviewSections(id: number) {
  return {
    company: useAdminCompanyInfoQuery(id, FRESH),
    reps: useAdminRepresentativesQuery(id, FRESH),
    banking: useAdminBankingInfoQuery(id, FRESH),
    trade: useAdminTradeInfoQuery(id, FRESH),
    docs: useAdminDocumentsQuery(id, FRESH),
    events: useAdminEventsQuery(id, FRESH),
  }
}

export type ReviewSections = ReturnType<typeof useReviewSections>
