/**
 * STANDARD_REASONS are the rejections reviewers write most, worded for the applicant: what is wrong
 * and what to upload or correct.
 */
export const STANDARD_REASONS = [
  'The documents are not readable. Please upload clear, complete scans of every page.',
  'The certificate of incorporation does not match the company details entered. Please correct the company information or upload the right certificate.',
  'The business licence has expired. Please upload a licence that is currently in force.',
  'The shareholder information does not name the ultimate beneficial owners. Please upload a register that shows them.',
  "A representative's passport or ID is missing or has expired. Please upload a valid document for every representative.",
  "The bank account is not held in the company's name. Please provide an account held by the company.",
] as const

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
  if (r === '' || (STANDARD_REASONS as readonly string[]).includes(r)) return
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
