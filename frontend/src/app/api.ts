import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react'
import type { ApiError } from '../lib/errors'
import type { User } from '../lib/types'
import { isUploadArgs, parseBody, sendUpload, type UploadArgs } from '../lib/xhrUpload'
import { takeEarly } from './early'

/** readBody parses JSON when the body is JSON and keeps the text otherwise; an empty body is undefined. */
async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text())
}

// Node's fetch (in tests) rejects relative URLs, so the origin is spelled out.
const BASE_URL = `${window.location.origin}/api`

const rawBaseQuery = fetchBaseQuery({
  baseUrl: BASE_URL,
  credentials: 'include',
  responseHandler: readBody,
  // A GET that app/boot.ts already sent takes that answer instead of asking again.
  fetchFn: (input, init) => (input instanceof Request && takeEarly(input)) || fetch(input, init),
})

/** SESSION_ENDED is what the sign-in page says after a signed-in screen found its session gone. */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.'

let sessionEnded = false

/** sessionHasEnded reports that the session ended under a signed-in screen and nobody signed in since. */
export function sessionHasEnded(): boolean {
  return sessionEnded
}

/** forgetEndedSession is called when a new session starts. */
export function forgetEndedSession() {
  sessionEnded = false
}

/** Routes whose 401 is about the credentials sent, not about the session. */
const credentialRoutes = /^\/(login|register|password-reset\/)/

/**
 * endedSession: a 401 from the API while a user is signed in means the session ended (idle, past its
 * lifetime, or revoked elsewhere). The cached user and every response of that session are dropped, so
 * the route guard takes the user to sign-in, where the page says why.
 */
function endedSession(args: string | FetchArgs | UploadArgs, status: unknown, bq: { getState: () => unknown; dispatch: (a: unknown) => unknown }) {
  const url = typeof args === 'string' ? args : args.url
  if (status !== 401 || credentialRoutes.test(url)) return
  const selectUser = api.endpoints.getCurrentUser.select()
  const signedIn = selectUser(bq.getState() as Parameters<typeof selectUser>[0]).data
  if (!signedIn) return
  sessionEnded = true
  bq.dispatch(api.util.resetApiState())
  bq.dispatch(api.util.upsertQueryData('getCurrentUser', undefined, null))
}

/**
 * baseQuery adds the response's status text to errors, for the spec's "status: body" message rule.
 * An upload that reports its progress (UploadArgs) goes by XMLHttpRequest and answers in that shape already.
 */
const baseQuery: BaseQueryFn<string | FetchArgs | UploadArgs, unknown, ApiError, object, FetchBaseQueryMeta> = async (args, api, extra) => {
  if (isUploadArgs(args)) {
    const sent = await sendUpload(BASE_URL, args, api.signal)
    if (sent.error) endedSession(args, sent.error.status, api)
    return sent
  }
  const result = await rawBaseQuery(args, api, extra)
  if (result.error) {
    endedSession(args, result.error.status, api)
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
  'Ownership',
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
