import { api } from '../../app/api'
import type { PublicCertificate } from '../../lib/types'

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
    getPublicDocuments: b.query<PublicDocument[], string>({
      query: (publicId) => `/public/verifications/${encodeURIComponent(publicId)}/documents`,
      transformResponse: (r: PublicDocument[] | null | undefined) => r ?? [],
    }),
  }),
})

export const { useGetPublicCertificateQuery, useGetPublicDocumentsQuery } = publicApi
