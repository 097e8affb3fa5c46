import { describe, expect, it } from 'vitest'
import { accountNumberError, bicError, leiError, vatError } from './identifiers'

describe('identifier checks', () => {
  it('verifies LEI check digits (ISO 17442)', () => {
    expect(leiError('5493001KJTIIGC8Y1R12')).toBe('')
    expect(leiError('5493 001k jtii gc8y 1r12')).toBe('')
    expect(leiError('529900T8BM49AURSDO55')).toBe('')
    expect(leiError('5493001KJTIIGC8Y1R13')).toBe('LEI check digits are wrong')
    expect(leiError('5493001KJTIIGC8Y1R1')).toBe('LEI must be 20 letters and digits ending in two check digits')
  })

  it('verifies IBANs (ISO 13616) and accepts plain account numbers', () => {
    expect(accountNumberError('GB82 WEST 1234 5698 7654 32')).toBe('')
    expect(accountNumberError('DE89370400440532013000')).toBe('')
    expect(accountNumberError('GB83WEST12345698765432')).toBe('IBAN check digits are wrong')
    expect(accountNumberError('GB82WEST1234569876543')).toBe('IBAN must be 22 characters for GB')
    expect(accountNumberError('US12345678901234567890')).toBe('IBAN country is not in the IBAN registry')
    expect(accountNumberError('12345678')).toBe('')
  })

  it('checks the BIC shape (ISO 9362) and the VAT number characters', () => {
    expect(bicError('DEUTDEFF')).toBe('')
    expect(bicError('DEUT DE FF 500')).toBe('')
    expect(bicError('DEUTDE')).toMatch(/^SWIFT\/BIC code must be 8 or 11 characters/)
    expect(vatError('FR 40303265045')).toBe('')
    expect(vatError('DE/123')).toBe('VAT number must be 4 to 16 letters and digits')
  })
})
