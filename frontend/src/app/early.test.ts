import { json, mockApi, route } from '../test/server'
import { fetchEarly, takeEarly } from './early'
import { firstLoads, load } from './screens'

describe('the head start of the first address', () => {
  it('asks for the session and the screen with its layers, the certificate on a public page, nothing on the landing page', () => {
    expect(firstLoads('/')).toBeUndefined()
    expect(firstLoads('/auth')).toEqual({ code: [load.shell, load.auth], api: ['/api/user'] })
    const layout = ['/api/user', '/api/notifications?page=1&pageSize=10']
    expect(firstLoads('/dashboard')).toEqual({
      code: [load.shell, load.requireAuth, load.layout, load.dashboard],
      api: [
        ...layout,
        '/api/verifications?page=1&pageSize=100&sort=updatedAt&order=desc&tier=basic',
        '/api/verifications?page=1&pageSize=100&sort=updatedAt&order=desc&tier=top',
        '/api/verifications?page=1&pageSize=10&sort=updatedAt&order=desc&status=draft%2Csubmitted',
        '/api/verifications?page=1&pageSize=10&sort=updatedAt&order=desc&status=in_review',
        '/api/verifications?page=1&pageSize=10&sort=updatedAt&order=desc&status=approved%2Crevoked%2Cexpired',
      ],
    })
    expect(firstLoads('/help')).toEqual({ code: [load.shell, load.requireAuth, load.layout, load.help], api: layout })
    expect(firstLoads('/admin/verifications/7')).toEqual({ code: [load.shell, load.requireAuth, load.layout, load.requireAdmin, load.adminReview], api: layout })
    expect(firstLoads('/v/abc123')).toEqual({ code: [load.shell, load.publicCertificate], api: ['/api/public/verifications/abc123'] })
    expect(firstLoads('/terms')).toEqual({ code: [load.shell, load.terms], api: [] })
  })

  it('answers the same GET once from the early request, and sends everything else', async () => {
    const api = mockApi(route('GET', '/api/user', () => json({ id: 1 })))
    fetchEarly('/api/user')
    const url = `${window.location.origin}/api/user`
    expect(takeEarly(new Request(url, { method: 'POST' }))).toBeUndefined()
    const early = takeEarly(new Request(url))
    expect(await (await early!).json()).toEqual({ id: 1 })
    expect(takeEarly(new Request(url))).toBeUndefined()
    expect(api.calls).toEqual(['GET /api/user'])
  })
})
