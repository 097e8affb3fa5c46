import { api } from '../../app/api'
import type { PublicCertificate, PublicSearchHit } from '../../lib/types'

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
  }),
})

export const { useGetPublicCertificateQuery, useGetPublicDocumentsQuery, useLazySearchPublicCertificatesQuery } = publicApi
