import { errorMessage, fieldErrors, serverMessage } from '../../lib/errors'
import { toast, type ToastInput } from './toast-store'

type Notice = Omit<ToastInput, 'variant'>

export interface MutateOptions<T> {
  /** done is the toast after a success, if any. */
  done?: Notice | ((data: T) => Notice)
  /** failed is the destructive toast's title, its title and fixed description, or made from the error. */
  failed: string | Notice | ((error: unknown) => Notice)
  /** fallback describes the failure when the server sent no message; without it any error's text is shown. */
  fallback?: string
  /** setErrors receives the server's per-field messages (Formik's setErrors). */
  setErrors?: (errors: Record<string, string>) => void
  /**
   * setStatus receives the failure's description when it names no field (Formik's setStatus, shown
   * by FormStatus), so the form says what went wrong as well as the toast; a success clears it.
   */
  setStatus?: (status: string | undefined) => void
  /** quiet picks the failures the caller tells about itself (a cancelled upload, a lost connection): no toast. */
  quiet?: (error: unknown) => boolean
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; error: unknown }

/**
 * mutate awaits an RTK Query mutation and says how it went in a toast: the
 * `done` toast on success; on failure the `failed` title with the server's message (or `fallback`),
 * and its field errors passed to `setErrors`. It never throws, so callers branch on `ok`.
 */
export async function mutate<T>(call: { unwrap: () => Promise<T> }, opts: MutateOptions<T>): Promise<Outcome<T>> {
  try {
    const data = await call.unwrap()
    opts.setStatus?.(undefined)
    if (opts.done) toast(typeof opts.done === 'function' ? opts.done(data) : opts.done)
    return { ok: true, data }
  } catch (error) {
    if (opts.quiet?.(error)) return { ok: false, error }
    const fe = opts.setErrors && fieldErrors(error)
    if (fe) opts.setErrors?.(fe)
    const failed = typeof opts.failed === 'string' ? { title: opts.failed } : typeof opts.failed === 'function' ? opts.failed(error) : opts.failed
    const description = failed.description ?? (opts.fallback !== undefined ? (serverMessage(error) ?? opts.fallback) : errorMessage(error))
    toast({ title: failed.title, description, variant: 'destructive' })
    opts.setStatus?.(fe ? undefined : description)
    return { ok: false, error }
  }
}

/**
 * openInNewTab opens a tab at once (so popup blockers allow it), then points it at the file the call
 * returns; when the call fails it closes the tab and shows `failed`, with the server's reason (a revoked
 * certificate's CIS, say) in place of its description when the server gave one.
 */
export async function openInNewTab(load: () => { unwrap: () => Promise<{ url: string }> }, failed: Notice): Promise<void> {
  const w = window.open('', '_blank')
  const r = await mutate(load(), { failed: { title: failed.title }, fallback: failed.description ?? '' })
  if (r.ok) {
    if (w) w.location.href = r.data.url
    else window.open(r.data.url, '_blank')
  } else {
    w?.close()
  }
}
