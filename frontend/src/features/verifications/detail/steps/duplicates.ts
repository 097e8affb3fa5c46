import type { Representative } from '../../../../lib/types'

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * duplicateWarnings names representatives entered twice: the same passport number (ignoring case and
 * spaces), or the same person (name and date of birth). One sentence per repeated person.
 */
export function duplicateWarnings(reps: Pick<Representative, 'fullName' | 'dateOfBirth' | 'passportNumber'>[]): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  reps.forEach((r, i) => {
    const earlier = reps.slice(0, i)
    const passport = norm(r.passportNumber).replace(/ /g, '')
    const samePassport = passport !== '' && earlier.some((e) => norm(e.passportNumber).replace(/ /g, '') === passport)
    const samePerson = earlier.some((e) => norm(e.fullName) === norm(r.fullName) && norm(e.dateOfBirth) === norm(r.dateOfBirth))
    const key = samePassport ? `p:${passport}` : `n:${norm(r.fullName)}`
    if ((!samePassport && !samePerson) || seen.has(key)) return
    seen.add(key)
    out.push(
      samePassport
        ? `Passport number ${r.passportNumber.trim()} is entered for more than one representative. Remove or correct the repeated entry.`
        : `${r.fullName.trim()} is entered more than once. Remove or correct the repeated entry.`,
    )
  })
  return out
}
