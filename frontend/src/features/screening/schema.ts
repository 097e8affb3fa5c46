import * as yup from 'yup'
import type { ScreeningSearch } from '../../lib/types'

export const KIND_OPTIONS = [
  { value: 'any', label: 'Person or company' },
  { value: 'person', label: 'Person' },
  { value: 'company', label: 'Company' },
] as const

export const checkSchema = yup.object({
  name: yup.string().trim().required('Name is required').max(200, 'Name must be at most 200 characters'),
  kind: yup.string().oneOf(['any', 'person', 'company'], 'Kind must be person, company or any').required(),
  // The server also takes YYYY-MM; the form offers what clerks have on paper.
  dateOfBirth: yup
    .string()
    .trim()
    .matches(/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/, { message: 'Date of birth must be YYYY or YYYY-MM-DD', excludeEmptyString: true }),
  country: yup
    .string()
    .trim()
    .matches(/^[A-Za-z]{2}$/, { message: 'Country must be a two-letter ISO code such as GB', excludeEmptyString: true }),
  identifier: yup.string().trim().max(100, 'Identifier must be at most 100 characters'),
  // Empty means the engine's threshold; a reviewer lowers it to look at weaker candidates.
  minScore: yup
    .string()
    .trim()
    .test('score', 'Minimum score must be between 0 and 1', (v) => !v || (/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(v) && Number(v) <= 1)),
})

export type CheckValues = yup.InferType<typeof checkSchema>

export const EMPTY_CHECK: CheckValues = { name: '', kind: 'any', dateOfBirth: '', country: '', identifier: '', minScore: '' }

/** toSearch turns the form into the API's request, leaving out what was not filled in. */
export function toSearch(v: CheckValues): ScreeningSearch {
  const s: ScreeningSearch = { name: v.name.trim(), kind: v.kind as ScreeningSearch['kind'] }
  const dob = v.dateOfBirth?.trim()
  if (dob) s.dateOfBirth = dob
  const country = v.country?.trim().toUpperCase()
  if (country) s.country = country
  const id = v.identifier?.trim()
  if (id) s.identifiers = [{ value: id }]
  const min = v.minScore?.trim()
  if (min) s.minScore = Number(min)
  return s
}

/** formErrors puts the server's field errors on the form's fields (one identifier: identifiers[0]). */
export function formErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, msg] of Object.entries(errors)) {
    const key = k.startsWith('identifiers') ? 'identifier' : k
    out[key] ??= msg
  }
  return out
}
