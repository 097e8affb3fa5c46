import { api } from '@/app/api'
import type {
  BankingInfo,
  BeneficialOwner,
  BeneficialOwnerInput,
  Ownership,
  OwnershipDeclaration,
  CompanyInfo,
  DocumentType,
  Paged,
  Representative,
  RepresentativeInput,
  ShareLink,
  Tier,
  TradeInfo,
  UpgradeResult,
  Verification,
  VerificationDocument,
} from '@/lib/types'
import { listPath, type ListParams } from '@/lib/listQuery'
import { pagedResponse } from '@/lib/paged'
import { uploadRequest, type FileToSend } from '@/lib/upload'

/** A change to any section changes the verification's progress, so the verification is refreshed too. */
function touched(id: number, ...tags: ('CompanyInfo' | 'Representatives' | 'Ownership' | 'BankingInfo' | 'TradeInfo' | 'Documents')[]) {
  return [...tags.map((type) => ({ type, id })), { type: 'Verification' as const, id }, { type: 'Verification' as const, id: 'LIST' }]
}

export interface CisShare {
  success: boolean
  url: string
  expiresAt: string
}

export const verificationApi = api.injectEndpoints({
  endpoints: (b) => ({
    listVerifications: b.query<Paged<Verification>, ListParams>({
      query: listPath,
      transformResponse: pagedResponse<Verification>,
      providesTags: (r) => [
        { type: 'Verification', id: 'LIST' },
        ...(r?.items ?? []).map((v) => ({ type: 'Verification' as const, id: v.id })),
      ],
    }),
    getVerification: b.query<Verification, number>({
      query: (id) => `/verifications/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Verification', id }],
    }),
    createVerification: b.mutation<Verification, { tier: Tier }>({
      query: (body) => ({ url: '/verifications', method: 'POST', body }),
      invalidatesTags: [{ type: 'Verification', id: 'LIST' }],
    }),
    deleteVerification: b.mutation<void, number>({
      query: (id) => ({ url: `/verifications/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Verification', id: 'LIST' }, { type: 'Verification', id }],
    }),
    submitVerification: b.mutation<Verification, number>({
      query: (id) => ({ url: `/verifications/${id}/submit`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Verification', id }, { type: 'Verification', id: 'LIST' }],
    }),
    // Unpaid, the tier changes at once; paid, the answer quotes the difference to pay on the payment page.
    upgradeVerification: b.mutation<UpgradeResult, number>({
      query: (id) => ({ url: `/verifications/${id}/upgrade`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Verification', id }, { type: 'Verification', id: 'LIST' }],
    }),
    resubmitVerification: b.mutation<Verification, number>({
      query: (id) => ({ url: `/verifications/${id}/resubmit`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Verification', id }, { type: 'Verification', id: 'LIST' }],
    }),

    getCompanyInfo: b.query<CompanyInfo | null, number>({
      query: (id) => `/verifications/${id}/company-info`,
      transformResponse: (r: CompanyInfo | null | undefined) => r ?? null,
      providesTags: (_r, _e, id) => [{ type: 'CompanyInfo', id }],
    }),
    saveCompanyInfo: b.mutation<CompanyInfo, { id: number; exists: boolean; data: CompanyInfo }>({
      query: ({ id, exists, data }) => ({ url: `/verifications/${id}/company-info`, method: exists ? 'PUT' : 'POST', body: data }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'CompanyInfo'),
    }),

    getRepresentatives: b.query<Representative[], number>({
      query: (id) => `/verifications/${id}/representatives`,
      transformResponse: (r: Representative[] | null | undefined) => r ?? [],
      providesTags: (_r, _e, id) => [{ type: 'Representatives', id }],
    }),
    addRepresentative: b.mutation<Representative, { id: number; data: RepresentativeInput }>({
      query: ({ id, data }) => ({ url: `/verifications/${id}/representatives`, method: 'POST', body: data }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Representatives'),
    }),
    updateRepresentative: b.mutation<Representative, { id: number; repId: number; data: RepresentativeInput }>({
      query: ({ id, repId, data }) => ({ url: `/verifications/${id}/representatives/${repId}`, method: 'PUT', body: data }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Representatives'),
    }),
    deleteRepresentative: b.mutation<void, { id: number; repId: number }>({
      query: ({ id, repId }) => ({ url: `/verifications/${id}/representatives/${repId}`, method: 'DELETE' }),
      // The declaration names a representative, so it is read again too.
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Representatives', 'Ownership'),
    }),
    uploadPassport: b.mutation<VerificationDocument, { id: number; repId: number } & FileToSend>({
      query: ({ id, repId, ...sent }) => uploadRequest(`/verifications/${id}/representatives/${repId}/passport`, sent),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Representatives'),
    }),

    getOwnership: b.query<Ownership, number>({
      query: (id) => `/verifications/${id}/beneficial-owners`,
      providesTags: (_r, _e, id) => [{ type: 'Ownership', id }],
    }),
    addOwner: b.mutation<BeneficialOwner, { id: number; data: BeneficialOwnerInput }>({
      query: ({ id, data }) => ({ url: `/verifications/${id}/beneficial-owners`, method: 'POST', body: data }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Ownership'),
    }),
    updateOwner: b.mutation<BeneficialOwner, { id: number; ownerId: number; data: BeneficialOwnerInput }>({
      query: ({ id, ownerId, data }) => ({ url: `/verifications/${id}/beneficial-owners/${ownerId}`, method: 'PUT', body: data }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Ownership'),
    }),
    deleteOwner: b.mutation<void, { id: number; ownerId: number }>({
      query: ({ id, ownerId }) => ({ url: `/verifications/${id}/beneficial-owners/${ownerId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Ownership'),
    }),
    uploadOwnerDocument: b.mutation<VerificationDocument, { id: number; ownerId: number } & FileToSend>({
      query: ({ id, ownerId, ...sent }) => uploadRequest(`/verifications/${id}/beneficial-owners/${ownerId}/document`, sent),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Ownership', 'Documents'),
    }),
    declareNoOwners: b.mutation<OwnershipDeclaration, { id: number; seniorOfficialId: number }>({
      query: ({ id, seniorOfficialId }) => ({ url: `/verifications/${id}/ownership-declaration`, method: 'PUT', body: { seniorOfficialId } }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Ownership'),
    }),
    withdrawDeclaration: b.mutation<void, number>({
      query: (id) => ({ url: `/verifications/${id}/ownership-declaration`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => touched(id, 'Ownership'),
    }),

    getBankingInfo: b.query<BankingInfo | null, number>({
      query: (id) => `/verifications/${id}/banking-info`,
      transformResponse: (r: BankingInfo | null | undefined) => r ?? null,
      providesTags: (_r, _e, id) => [{ type: 'BankingInfo', id }],
    }),
    saveBankingInfo: b.mutation<BankingInfo, { id: number; exists: boolean; data: BankingInfo }>({
      query: ({ id, exists, data }) => ({ url: `/verifications/${id}/banking-info`, method: exists ? 'PUT' : 'POST', body: data }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'BankingInfo'),
    }),
    uploadBankReference: b.mutation<VerificationDocument, { id: number } & FileToSend>({
      query: ({ id, ...sent }) => uploadRequest(`/verifications/${id}/banking-info/reference`, sent),
      // Uploaded before the section's first save, the letter is found among the documents.
      invalidatesTags: (_r, _e, { id }) => touched(id, 'BankingInfo', 'Documents'),
    }),

    getTradeInfo: b.query<TradeInfo | null, number>({
      query: (id) => `/verifications/${id}/trade-info`,
      transformResponse: (r: TradeInfo | null | undefined) => r ?? null,
      providesTags: (_r, _e, id) => [{ type: 'TradeInfo', id }],
    }),
    saveTradeInfo: b.mutation<TradeInfo, { id: number; exists: boolean; data: TradeInfo }>({
      query: ({ id, exists, data }) => ({ url: `/verifications/${id}/trade-info`, method: exists ? 'PUT' : 'POST', body: data }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'TradeInfo'),
    }),

    getDocuments: b.query<VerificationDocument[], number>({
      query: (id) => `/verifications/${id}/documents`,
      transformResponse: (r: VerificationDocument[] | null | undefined) => r ?? [],
      providesTags: (_r, _e, id) => [{ type: 'Documents', id }],
    }),
    uploadDocument: b.mutation<VerificationDocument, { id: number; type: DocumentType } & FileToSend>({
      // `type` goes before `file`: the server streams the body and reads fields in order.
      query: ({ id, type, ...sent }) => uploadRequest(`/verifications/${id}/documents`, sent, { type }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Documents'),
    }),
    deleteDocument: b.mutation<void, { id: number; docId: number }>({
      query: ({ id, docId }) => ({ url: `/verifications/${id}/documents/${docId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => touched(id, 'Documents'),
    }),

    // Fetched on demand when the user asks for the CIS; a mutation so a failure is never cached.
    fetchCisForm: b.mutation<{ url: string; generatedAt: string }, number>({
      query: (id) => ({ url: `/verifications/${id}/cis-form`, method: 'GET' }),
    }),
    shareCisForm: b.mutation<CisShare, number>({
      query: (id) => ({ url: `/verifications/${id}/cis-form/share`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'ShareLinks', id }],
    }),
    getShareLinks: b.query<ShareLink[], number>({
      query: (id) => `/verifications/${id}/cis-form/shares`,
      providesTags: (_r, _e, id) => [{ type: 'ShareLinks', id }],
    }),
    revokeShareLink: b.mutation<void, { id: number; shareId: number }>({
      query: ({ id, shareId }) => ({ url: `/verifications/${id}/cis-form/shares/${shareId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'ShareLinks', id }],
    }),
  }),
})

export const {
  useListVerificationsQuery,
  useGetVerificationQuery,
  useCreateVerificationMutation,
  useDeleteVerificationMutation,
  useSubmitVerificationMutation,
  useResubmitVerificationMutation,
  useUpgradeVerificationMutation,
  useGetCompanyInfoQuery,
  useSaveCompanyInfoMutation,
  useGetRepresentativesQuery,
  useAddRepresentativeMutation,
  useUpdateRepresentativeMutation,
  useDeleteRepresentativeMutation,
  useUploadPassportMutation,
  useGetOwnershipQuery,
  useAddOwnerMutation,
  useUpdateOwnerMutation,
  useDeleteOwnerMutation,
  useUploadOwnerDocumentMutation,
  useDeclareNoOwnersMutation,
  useWithdrawDeclarationMutation,
  useGetBankingInfoQuery,
  useSaveBankingInfoMutation,
  useUploadBankReferenceMutation,
  useGetTradeInfoQuery,
  useSaveTradeInfoMutation,
  useGetDocumentsQuery,
  useUploadDocumentMutation,
  useDeleteDocumentMutation,
  useFetchCisFormMutation,
  useShareCisFormMutation,
  useGetShareLinksQuery,
  useRevokeShareLinkMutation,
} = verificationApi
