import { describe, expect, it } from 'vitest'
import { DOCUMENT_SLOTS, submitProblem } from './DocumentsStep'

describe('documents step submit checks', () => {
  const required = [{ type: 'incorporation_certificate' }, { type: 'business_license' }, { type: 'shareholder_info' }] as const

  it('has one slot per type, three of them required', () => {
    expect(DOCUMENT_SLOTS.map((s) => [s.type, s.required])).toEqual([
      ['incorporation_certificate', true],
      ['business_license', true],
      ['shareholder_info', true],
      ['company_profile', false],
      ['additional', false],
    ])
  })

  it('requires the declaration first', () => {
    expect(submitProblem(false, [...required])).toEqual({
      title: 'Declaration required',
      description: 'Please accept the declaration of authenticity before submitting.',
    })
  })

  it('requires the three required document types', () => {
    expect(submitProblem(true, [{ type: 'incorporation_certificate' }, { type: 'business_license' }, { type: 'company_profile' }])).toEqual({
      title: 'Required documents missing',
      description: 'Please upload all required documents before submitting.',
    })
    expect(submitProblem(true, [...required])).toBeNull()
  })
})
