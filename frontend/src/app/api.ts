import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react'
import type { ApiError } from '../lib/errors'
import type { User } from '../lib/types'
import { takeEarly } from './early'

/** readBody parses JSON when the body is JSON and keeps the text otherwise; an empty body is undefined. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const rawBaseQuery = fetchBaseQuery({
  // Node's fetch (in tests) rejects relative URLs, so the origin is spelled out.
  baseUrl: `${window.location.origin}/api`,
  credentials: 'include',
  responseHandler: readBody,
  // A GET that app/boot.ts already sent takes that answer instead of asking again.
  fetchFn: (input, init) => (input instanceof Request && takeEarly(input)) || fetch(input, init),
})

/** baseQuery adds the response's status text to errors, for the spec's "status: body" message rule. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, FetchBaseQueryMeta> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra)
  if (result.error) {
    const e = result.error
    const statusText = result.meta?.response?.statusText
    if (e.status === 'PARSING_ERROR') {
      return { ...result, error: { status: e.originalStatus, data: e.data, statusText } }
    }
    if (typeof e.status === 'number') {
      return { ...result, error: { status: e.status, data: e.data, statusText } }
    }
    return { ...result, error: { status: e.status, data: 'data' in e ? e.data : undefined, error: 'error' in e ? e.error : undefined } }
  }
  return result
}

export const TAGS = [
  'User',
  'Verification',
  'CompanyInfo',
  'Representatives',
  'BankingInfo',
  'TradeInfo',
  'Documents',
  'AdminVerification',
  'AuditEvents',
  'Screening',
  'PaymentConfig',
  'PublicCertificate',
  'Notification',
  'ShareLinks',
] as const

/** api is the one RTK Query slice; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  // Data never becomes stale (spec 7): keep it for a day, never refetch on focus or reconnect.
  keepUnusedDataFor: 86_400,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: (b) => ({
    // The session is app-wide state, so its query lives here rather than in a feature.
    getCurrentUser: b.query<User | null, void>({
      // A 401 means "not signed in", which is a normal state, not an error.
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const r = await baseQuery('/user')
        if (r.error) {
          if (r.error.status === 401) return { data: null }
          return { error: r.error }
        }
        return { data: (r.data as User | undefined) ?? null }
      },
      providesTags: ['User'],
    }),
  }),
})

export const { useGetCurrentUserQuery } = api
