import { describe, expect, it } from 'vitest'
import { documentLabel } from '../../../../lib/constants'
import { duplicateWarnings } from './duplicates'

const jane = { fullName: 'Jane Doe', dateOfBirth: '1980-01-31', passportNumber: 'P1234567' }

describe('representatives entered twice', () => {
  it('warns about the same passport number, whatever its case and spaces', () => {
    expect(duplicateWarnings([jane, { fullName: 'J. Doe', dateOfBirth: '1980-01-31', passportNumber: ' p123 4567' }])).toEqual([
      'Passport number p123 4567 is entered for more than one representative. Remove or correct the repeated entry.',
    ])
  })

  it('warns about the same person (name and date of birth) under another passport, once however often repeated', () => {
    const again = { ...jane, fullName: ' jane  doe', passportNumber: 'X1' }
    expect(duplicateWarnings([jane, again, { ...again, passportNumber: 'X2' }])).toEqual(['jane  doe is entered more than once. Remove or correct the repeated entry.'])
  })

  it('says nothing about different people', () => {
    expect(duplicateWarnings([jane, { fullName: 'Jane Doe', dateOfBirth: '1990-02-02', passportNumber: 'Q1' }, { fullName: 'John Roe', dateOfBirth: '', passportNumber: '' }])).toEqual([])
  })
})

describe('documentLabel', () => {
  it('names a passport after its representative, by name or (on the public page) by number', () => {
    expect(documentLabel({ type: 'passport', owner: 'Jane Doe' })).toBe('Passport / ID · Jane Doe')
    expect(documentLabel({ type: 'passport', representative: 2 })).toBe('Passport / ID · Representative 2')
    expect(documentLabel({ type: 'passport', owner: null })).toBe('Passport / ID')
    expect(documentLabel({ type: 'business_license', owner: null })).toBe('Business License')
  })
})
