import { describe, expect, it } from 'vitest'
import { headerCount, pagedResponse } from './paged'

const meta = (headers: Record<string, string>) => ({ response: new Response(null, { headers }) })

describe('pagedResponse', () => {
  it('takes the total from X-Total-Count', () => {
    expect(pagedResponse([1, 2], meta({ 'X-Total-Count': '23' }))).toEqual({ items: [1, 2], total: 23 })
  })

  it('counts the rows when the header is missing, empty or not a number', () => {
    expect(pagedResponse([1, 2], meta({}))).toEqual({ items: [1, 2], total: 2 })
    expect(pagedResponse([1], meta({ 'X-Total-Count': '' }))).toEqual({ items: [1], total: 1 })
    expect(pagedResponse([1], meta({ 'X-Total-Count': 'many' }))).toEqual({ items: [1], total: 1 })
    expect(pagedResponse([1], undefined)).toEqual({ items: [1], total: 1 })
  })

  it('reads an empty body as no rows', () => {
    expect(pagedResponse(null, meta({ 'X-Total-Count': '0' }))).toEqual({ items: [], total: 0 })
  })
})

describe('headerCount', () => {
  it('reads any count header, zero included', () => {
    const h = new Headers({ 'X-Unread-Count': '0' })
    expect(headerCount(h, 'X-Unread-Count', 5)).toBe(0)
    expect(headerCount(h, 'X-Total-Count', 5)).toBe(5)
  })
})
