import { STANDARD_REJECTIONS } from '@/lib/rejections'

/** STANDARD_REASONS are the standard rejections' words (lib/rejections), offered in the reject dialog. */
export const STANDARD_REASONS: readonly string[] = STANDARD_REJECTIONS.map((r) => r.reason)

/** STORAGE_KEY keeps the reasons this reviewer wrote, in this browser. */
export const STORAGE_KEY = 'ttt-verify.rejection-reasons'
/** MAX_SAVED is how many of the reviewer's own reasons are kept, newest first. */
export const MAX_SAVED = 8

/** savedReasons are the reviewer's own earlier reasons, newest first; unreadable storage counts as none. */
export function savedReasons(storage: Pick<Storage, 'getItem'> = window.localStorage): string[] {
  try {
    const v: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, MAX_SAVED) : []
  } catch {
    return []
  }
}

/** rememberReason puts a reason just used first among the saved ones (standard reasons are not saved twice). */
export function rememberReason(reason: string, storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage): void {
  const r = reason.trim()
  if (r === '' || STANDARD_REASONS.includes(r)) return
  const next = [r, ...savedReasons(storage).filter((x) => x !== r)].slice(0, MAX_SAVED)
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(next))
  } catch {
    // storage full or disabled: the reason is simply not offered next time
  }
}

/** reasonChoices are what the dialog offers: the reviewer's own reasons first, then the standard ones. */
export function reasonChoices(saved: string[]): string[] {
  return [...saved, ...STANDARD_REASONS.filter((r) => !saved.includes(r))]
}
