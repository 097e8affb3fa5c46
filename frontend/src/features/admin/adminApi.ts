import { api } from '@/app/api'
import type {
  AdminDocument,
  AdminVerification,
  AuditEvent,
  BankingInfo,
  CompanyInfo,
  Paged,
  Ownership,
  Representative,
  StatusCounts,
  HitOutcome,
  TradeInfo,
  VerificationScreening,
} from '@/lib/types'
import { pagedResponse } from '@/lib/paged'
import { adminListQuery, filterParams, type AdminFilters, type AdminListArgs } from './filters'

const ADMIN_LIST = { type: 'AdminVerification' as const, id: 'LIST' }

/** A decision changes the record, its audit trail, the queue and the counts (and the owner's views). */
function decided(id: number) {
  return [
    { type: 'AdminVerification' as const, id },
    ADMIN_LIST,
    { type: 'AuditEvents' as const, id },
    { type: 'Screening' as const, id },
    { type: 'Verification' as const, id },
    { type: 'Verification' as const, id: 'LIST' },
  ]
}

/** A screening decision changes what is open, the audit trail and the queue's attention badge. */
function screened(id: number) {
  return [{ type: 'Screening' as const, id }, { type: 'AuditEvents' as const, id }, { type: 'AdminVerification' as const, id }, ADMIN_LIST]
}

/** A claim changes who the record and the queue name as its reviewer, and the audit trail. */
function claimed(id: number) {
  return [{ type: 'AdminVerification' as const, id }, ADMIN_LIST, { type: 'AuditEvents' as const, id }]
}

export const adminApi = api.injectEndpoints({
  endpoints: (b) => ({
    adminListVerifications: b.query<Paged<AdminVerification>, AdminListArgs>({
      query: (a) => `/admin/verifications?${adminListQuery(a)}`,
      transformResponse: pagedResponse<AdminVerification>,
      providesTags: [ADMIN_LIST],
    }),
    adminStats: b.query<StatusCounts, AdminFilters>({
      query: (f) => {
        const q = filterParams(f, false).toString()
        return `/admin/verifications/stats${q ? `?${q}` : ''}`
      },
      providesTags: [ADMIN_LIST],
    }),
    adminGetVerification: b.query<AdminVerification, number>({
      query: (id) => `/admin/verifications/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminVerification', id }],
    }),
    adminCompanyInfo: b.query<CompanyInfo | null, number>({
      query: (id) => `/admin/verifications/${id}/company-info`,
      transformResponse: (r: CompanyInfo | null | undefined) => r ?? null,
    }),
    adminRepresentatives: b.query<Representative[], number>({
      query: (id) => `/admin/verifications/${id}/representatives`,
      transformResponse: (r: Representative[] | null | undefined) => r ?? [],
    }),
    adminOwnership: b.query<Ownership, number>({
      query: (id) => `/admin/verifications/${id}/beneficial-owners`,
    }),
    adminBankingInfo: b.query<BankingInfo | null, number>({
      query: (id) => `/admin/verifications/${id}/banking-info`,
      transformResponse: (r: BankingInfo | null | undefined) => r ?? null,
    }),
    adminTradeInfo: b.query<TradeInfo | null, number>({
      query: (id) => `/admin/verifications/${id}/trade-info`,
      transformResponse: (r: TradeInfo | null | undefined) => r ?? null,
    }),
    adminDocuments: b.query<AdminDocument[], number>({
      query: (id) => `/admin/verifications/${id}/documents`,
      transformResponse: (r: AdminDocument[] | null | undefined) => r ?? [],
    }),
    adminEvents: b.query<AuditEvent[], number>({
      query: (id) => `/admin/verifications/${id}/events`,
      transformResponse: (r: AuditEvent[] | null | undefined) => r ?? [],
      providesTags: (_r, _e, id) => [{ type: 'AuditEvents', id }],
    }),
    adminScreening: b.query<VerificationScreening, number>({
      query: (id) => `/admin/verifications/${id}/screening`,
      providesTags: (_r, _e, id) => [{ type: 'Screening', id }],
    }),
    decideScreeningHit: b.mutation<VerificationScreening, { id: number; hitId: number; outcome: HitOutcome; note: string }>({
      query: ({ id, hitId, outcome, note }) => ({ url: `/admin/verifications/${id}/screening/hits/${hitId}/decision`, method: 'POST', body: { outcome, note } }),
      invalidatesTags: (_r, _e, { id }) => screened(id),
    }),
    acknowledgePep: b.mutation<VerificationScreening, { id: number; note: string }>({
      query: ({ id, note }) => ({ url: `/admin/verifications/${id}/screening/pep-acknowledgement`, method: 'POST', body: { note } }),
      invalidatesTags: (_r, _e, { id }) => screened(id),
    }),
    checkIdentifiersAgain: b.mutation<VerificationScreening, number>({
      query: (id) => ({ url: `/admin/verifications/${id}/screening/identifiers/check`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => screened(id),
    }),
    approveVerification: b.mutation<AdminVerification, number>({
      query: (id) => ({ url: `/admin/verifications/${id}/approve`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => decided(id),
    }),
    rejectVerification: b.mutation<AdminVerification, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/verifications/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: (_r, _e, { id }) => decided(id),
    }),
    sendBackVerification: b.mutation<AdminVerification, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/verifications/${id}/send-back`, method: 'POST', body: { reason } }),
      invalidatesTags: (_r, _e, { id }) => claimed(id),
    }),
    revokeVerification: b.mutation<AdminVerification, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/verifications/${id}/revoke`, method: 'POST', body: { reason } }),
      invalidatesTags: (_r, _e, { id }) => decided(id),
    }),
    reinstateVerification: b.mutation<AdminVerification, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/verifications/${id}/reinstate`, method: 'POST', body: { reason } }),
      invalidatesTags: (_r, _e, { id }) => decided(id),
    }),
    claimVerification: b.mutation<AdminVerification, number>({
      query: (id) => ({ url: `/admin/verifications/${id}/claim`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => claimed(id),
    }),
    releaseVerification: b.mutation<AdminVerification, number>({
      query: (id) => ({ url: `/admin/verifications/${id}/release`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => claimed(id),
    }),
    takeOverVerification: b.mutation<AdminVerification, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/verifications/${id}/takeover`, method: 'POST', body: { reason } }),
      invalidatesTags: (_r, _e, { id }) => claimed(id),
    }),
    generateCis: b.mutation<AdminVerification, number>({
      query: (id) => ({ url: `/admin/verifications/${id}/generate-cis`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => decided(id),
    }),
    // Fetched when the admin asks for the file; a mutation so a failure is never cached.
    adminFetchCis: b.mutation<{ url: string; generatedAt: string }, number>({
      query: (id) => ({ url: `/admin/verifications/${id}/cis-form`, method: 'GET' }),
    }),
    adminDeleteVerification: b.mutation<void, number>({
      query: (id) => ({ url: `/verifications/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => decided(id),
    }),
  }),
})

export const {
  useAdminListVerificationsQuery,
  useAdminStatsQuery,
  useAdminGetVerificationQuery,
  useAdminCompanyInfoQuery,
  useAdminRepresentativesQuery,
  useAdminOwnershipQuery,
  useAdminBankingInfoQuery,
  useAdminTradeInfoQuery,
  useAdminDocumentsQuery,
  useAdminEventsQuery,
  useAdminScreeningQuery,
  useDecideScreeningHitMutation,
  useCheckIdentifiersAgainMutation,
  useAcknowledgePepMutation,
  useApproveVerificationMutation,
  useRejectVerificationMutation,
  useRevokeVerificationMutation,
  useSendBackVerificationMutation,
  useReinstateVerificationMutation,
  useGenerateCisMutation,
  useClaimVerificationMutation,
  useReleaseVerificationMutation,
  useTakeOverVerificationMutation,
  useAdminFetchCisMutation,
  useAdminDeleteVerificationMutation,
} = adminApi
