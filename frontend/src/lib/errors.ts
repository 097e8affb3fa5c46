/** ApiError is what the API slice's base query reports for any failed call. */
export interface ApiError {
  /** HTTP status, or a string such as 'FETCH_ERROR' when no response arrived. */
  status: number | string
  /** Parsed JSON body, the body text, or undefined when the body was empty. */
  data?: unknown
  statusText?: string
  error?: string
}

interface ServerBody {
  message?: string
  errors?: Record<string, string>
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null
}

export function isApiError(e: unknown): e is ApiError {
  return isObject(e) && 'status' in e
}

/**
 * httpErrorText follows spec section 8: the status code, a colon and a space, then the body text,
 * or the status text if the body is empty.
 */
export function httpErrorText(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText.trim() !== '' ? bodyText : statusText}`
}

/** serverMessage returns the `message` of a JSON error body, if there is one. */
export function serverMessage(e: unknown): string | undefined {
  if (isApiError(e) && isObject(e.data)) {
    const m = (e.data as ServerBody).message
    if (typeof m === 'string' && m.trim() !== '') return m
  }
  return undefined
}

/**
 * errorMessage turns any error from a mutation or query into the text a toast shows: the server's
 * message when it sent one, else the spec's "status: body text" form.
 */
export function errorMessage(e: unknown): string {
  const m = serverMessage(e)
  if (m) return m
  if (isApiError(e)) {
    if (typeof e.status === 'number') {
      const body = typeof e.data === 'string' ? e.data : e.data === undefined || e.data === null ? '' : JSON.stringify(e.data)
      return httpErrorText(e.status, body, e.statusText ?? '')
    }
    if (e.error) return e.error
    return String(e.status)
  }
  if (e instanceof Error) return e.message
  if (isObject(e) && typeof e.message === 'string') return e.message
  return 'Something went wrong'
}

/** fieldErrors returns the server's per-field validation messages, for Formik's setErrors. */
export function fieldErrors(e: unknown): Record<string, string> | undefined {
  if (isApiError(e) && isObject(e.data)) {
    const errs = (e.data as ServerBody).errors
    if (isObject(errs) && Object.keys(errs).length > 0) return errs as Record<string, string>
  }
  return undefined
}

export function errorStatus(e: unknown): number | undefined {
  return isApiError(e) && typeof e.status === 'number' ? e.status : undefined
}
