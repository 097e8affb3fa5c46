import { describe, expect, it } from 'vitest'
import { errorMessage, fieldErrors, httpErrorText } from './errors'

describe('httpErrorText', () => {
  it('is "status: body" or the status text when the body is empty', () => {
    expect(httpErrorText(500, 'boom', 'Internal Server Error')).toBe('500: boom')
    expect(httpErrorText(502, '', 'Bad Gateway')).toBe('502: Bad Gateway')
    expect(httpErrorText(502, '   ', 'Bad Gateway')).toBe('502: Bad Gateway')
  })
})

describe('errorMessage', () => {
  it("prefers the server's message", () => {
    expect(errorMessage({ status: 409, data: { message: 'verification is not a draft' }, statusText: 'Conflict' })).toBe(
      'verification is not a draft',
    )
  })

  it('falls back to status and body text', () => {
    expect(errorMessage({ status: 500, data: 'database down', statusText: 'Internal Server Error' })).toBe('500: database down')
    expect(errorMessage({ status: 503, data: undefined, statusText: 'Service Unavailable' })).toBe('503: Service Unavailable')
    expect(errorMessage({ status: 400, data: { errors: { a: 'b' } }, statusText: 'Bad Request' })).toBe('400: {"errors":{"a":"b"}}')
  })

  it('reports network failures and thrown errors', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('TypeError: Failed to fetch')
    expect(errorMessage(new Error('x'))).toBe('x')
  })
})

describe('fieldErrors', () => {
  it('returns the server field messages for Formik', () => {
    expect(fieldErrors({ status: 400, data: { message: 'invalid', errors: { companyName: 'Company name is required' } } })).toEqual({
      companyName: 'Company name is required',
    })
    expect(fieldErrors({ status: 400, data: { message: 'invalid' } })).toBeUndefined()
    expect(fieldErrors({ status: 400, data: 'text' })).toBeUndefined()
  })
})
