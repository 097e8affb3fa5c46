import { api } from '../../app/api'
import type { DocumentVerdict, FollowConfirmed, Message, PublicCertificate, PublicSearchHit } from '../../lib/types'

export interface PublicDocument {
  type: string
  createdAt: string
}

export const publicApi = api.injectEndpoints({
  endpoints: (b) => ({
    getPublicCertificate: b.query<PublicCertificate, string>({
      query: (publicId) => `/public/verifications/${encodeURIComponent(publicId)}`,
      providesTags: (_r, _e, publicId) => [{ type: 'PublicCertificate', id: publicId }],
    }),
    // Live, like the certificate page: nothing is cached between searches.
    searchPublicCertificates: b.query<PublicSearchHit[], string>({
      query: (q) => `/public/search?q=${encodeURIComponent(q)}`,
      transformResponse: (r: PublicSearchHit[] | null | undefined) => r ?? [],
      keepUnusedDataFor: 0,
    }),
    getPublicDocuments: b.query<PublicDocument[], string>({
      query: (publicId) => `/public/verifications/${encodeURIComponent(publicId)}/documents`,
      transformResponse: (r: PublicDocument[] | null | undefined) => r ?? [],
    }),
    // The document check reads what it is handed and keeps nothing, so nothing is cached either.
    verifyText: b.mutation<DocumentVerdict, string>({
      query: (text) => ({ url: '/public/verify', method: 'POST', body: { text } }),
    }),
    verifyFile: b.mutation<DocumentVerdict, File>({
      query: (file) => {
        const body = new FormData()
        body.append('file', file)
        return { url: '/public/verify/file', method: 'POST', body }
      },
    }),
    // The answer is the same whether or not the address follows already.
    followCertificate: b.mutation<Message, { publicId: string; email: string }>({
      query: ({ publicId, email }) => ({ url: `/public/verifications/${encodeURIComponent(publicId)}/follow`, method: 'POST', body: { email } }),
    }),
    confirmFollow: b.mutation<FollowConfirmed, string>({
      query: (token) => ({ url: '/public/follow/confirm', method: 'POST', body: { token } }),
    }),
    unsubscribe: b.mutation<Message, string>({
      query: (token) => ({ url: `/public/follow/unsubscribe?token=${encodeURIComponent(token)}`, method: 'POST' }),
    }),
  }),
})

export const {
  useGetPublicCertificateQuery,
  useGetPublicDocumentsQuery,
  useLazySearchPublicCertificatesQuery,
  useVerifyTextMutation,
  useVerifyFileMutation,
  useFollowCertificateMutation,
  useConfirmFollowMutation,
  useUnsubscribeMutation,
} = publicApi
