import type { ApiError } from './errors'

/** UploadProgress is how much of an upload's request body the browser has sent. */
export interface UploadProgress {
  loaded: number
  total: number
}

/**
 * UploadArgs is a multipart request whose sending is reported as it goes. The API's base query sends
 * it with XMLHttpRequest, because fetch reports nothing about a request body on its way.
 */
export interface UploadArgs {
  url: string
  method: 'POST' | 'PUT'
  body: FormData
  onUploadProgress: (p: UploadProgress) => void
}

export function isUploadArgs(args: unknown): args is UploadArgs {
  return typeof args === 'object' && args !== null && typeof (args as Partial<UploadArgs>).onUploadProgress === 'function'
}

/** CONNECTION_LOST is the error status of a request that got no answer, the one fetchBaseQuery uses too. */
export const CONNECTION_LOST = 'FETCH_ERROR'

/** parseBody reads JSON when the body is JSON and keeps the text otherwise; an empty body is undefined. */
export function parseBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export type UploadResult = { data: unknown; error?: undefined } | { error: ApiError; data?: undefined }

/**
 * sendUpload sends `args` to `baseUrl + args.url` with the session cookie, calling onUploadProgress
 * as the body goes out. It resolves the way the API's base query does: the parsed body, an error with
 * the status, body and status text, or CONNECTION_LOST when the connection failed or timed out.
 * Aborting `signal` aborts the request.
 */
export function sendUpload(baseUrl: string, args: UploadArgs, signal: AbortSignal): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open(args.method, baseUrl + args.url)
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) args.onUploadProgress({ loaded: e.loaded, total: e.total })
    }
    xhr.onload = () => {
      const data = parseBody(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) resolve({ data })
      else resolve({ error: { status: xhr.status, data, statusText: xhr.statusText } })
    }
    const lost = () => resolve({ error: { status: CONNECTION_LOST, error: 'The connection was lost' } })
    xhr.onerror = lost
    xhr.ontimeout = lost
    xhr.onabort = () => resolve({ error: { status: 'ABORTED', error: 'The upload was cancelled' } })
    signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(args.body)
  })
}
