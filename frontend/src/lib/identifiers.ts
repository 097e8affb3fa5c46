// Checks of the identifiers a company types in, the same rules and messages as the server's
// (domain/identifier): LEI check digits (ISO 17442, ISO 7064 mod 97-10), the IBAN's check digits
// and length for its country (ISO 13616), the BIC's shape and country (ISO 9362).

/** compact upper-cases an identifier and drops the spaces and hyphens people type inside it. */
export function compact(s: string): string {
  return s.replace(/[\s-]/g, '').toUpperCase()
}

/** mod97 is the remainder by 97 of the number s spells with each letter as two digits (A=10 … Z=35). */
function mod97(s: string): number {
  let rem = 0
  for (const ch of s) {
    const code = ch.charCodeAt(0)
    if (code >= 48 && code <= 57) rem = (rem * 10 + (code - 48)) % 97
    else rem = (rem * 100 + (code - 55)) % 97
  }
  return rem
}

/** leiError says what is wrong with an LEI, or '' when it is valid. */
export function leiError(value: string): string {
  const lei = compact(value)
  if (!/^[0-9A-Z]{18}[0-9]{2}$/.test(lei)) return 'LEI must be 20 letters and digits ending in two check digits'
  return mod97(lei) === 1 ? '' : 'LEI check digits are wrong'
}

/** vatError says what is wrong with a VAT number's shape, or '' (VIES checks the number itself). */
export function vatError(value: string): string {
  return /^[0-9A-Z]{4,16}$/.test(compact(value)) ? '' : 'VAT number must be 4 to 16 letters and digits'
}

// The length of an IBAN in each country of the SWIFT IBAN registry.
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23,
  GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28,
  LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24,
  SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
}

/**
 * accountNumberError checks an account number written as an IBAN (two letters, two digits): its
 * country, length and check digits. A plain account number has none to check and passes.
 */
export function accountNumberError(value: string): string {
  const iban = compact(value)
  if (!/^[A-Z]{2}[0-9]{2}/.test(iban)) return ''
  const want = IBAN_LENGTHS[iban.slice(0, 2)]
  if (!want) return 'IBAN country is not in the IBAN registry'
  if (iban.length !== want) return `IBAN must be ${want} characters for ${iban.slice(0, 2)}`
  if (!/^[0-9A-Z]+$/.test(iban)) return 'IBAN may contain only letters and digits'
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1 ? '' : 'IBAN check digits are wrong'
}

/** bicError checks a BIC's shape; the server also refuses a country ISO 3166 does not know. */
export function bicError(value: string): string {
  const bic = compact(value)
  if (bic === '') return ''
  return /^[A-Z]{6}[0-9A-Z]{2}([0-9A-Z]{3})?$/.test(bic)
    ? ''
    : 'SWIFT/BIC code must be 8 or 11 characters: bank (4 letters), country (2 letters), location (2) and an optional branch (3)'
}
