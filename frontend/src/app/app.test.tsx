import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockApi, route } from '../test/server'
import { verificationApi } from '../features/verifications/verificationApi'
import { routes } from './router'
import { makeStore } from './store'
import { api } from './api'
import { AppProviders } from './providers'
import { verification } from '../test/fixtures'

function renderAt(path: string) {
  const store = makeStore()
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { store, router }
}

const user = { id: 1, email: 'jane@acme.test', isAdmin: false, role: 'applicant', createdAt: '2026-01-01T00:00:00Z' }


afterEach(() => {
  vi.unstubAllGlobals()
})

describe('routing and guards', () => {
  it('shows the 404 card on unknown paths, with a way home', async () => {
    mockApi()
    renderAt('/nope/nothing')
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument()
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })

  it('serves the Terms and the Privacy Policy publicly, with the footer linking both', async () => {
    mockApi()
    renderAt('/terms')
    expect(await screen.findByRole('heading', { name: 'Terms of Service', level: 1 })).toBeInTheDocument()
    const legal = screen.getByRole('navigation', { name: 'Legal' })
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    expect(within(legal).getByRole('link', { name: 'support@tttverify.com' })).toHaveAttribute('href', 'mailto:support@tttverify.com')
    expect(screen.getByRole('contentinfo')).toHaveTextContent('TTT Verify. All rights reserved.')
    // The title is set in an effect, which may run just after the heading is found.
    await waitFor(() => expect(document.title).toBe('Terms of Service · TTT Verify'))
  })

  it('lets keyboard users skip the navigation to the content', async () => {
    mockApi(
      route('GET', '/api/user', () => json(user)),
      route('GET', '/api/verifications', () => json([], { headers: { 'X-Total-Count': '0' } })),
    )
    renderAt('/help')
    await screen.findByRole('heading', { name: 'Help & Support', level: 1 })
    const skip = screen.getByRole('link', { name: 'Skip to main content' })
    expect(skip).toHaveAttribute('href', '#main')
    expect(document.getElementById('main')).toContainElement(screen.getByRole('heading', { name: 'Help & Support', level: 1 }))
    // The skip link comes before the sidebar in the tab order.
    expect(skip.compareDocumentPosition(screen.getByRole('navigation', { name: 'Main' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('sends anonymous visitors of signed-in routes to /auth (a 401 is "no user")', async () => {
    mockApi(route('GET', '/api/user', () => json({ message: 'not signed in' }, { status: 401 })))
    const { router } = renderAt('/verifications')
    expect(screen.getByRole('status')).toBeInTheDocument() // spinner while the session loads
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
  })

  it('keeps a visitor whose session cannot be checked (503) where they are, with a way to try again', async () => {
    let down = true
    mockApi(
      route('GET', '/api/user', () =>
        down ? json({ message: 'The service is temporarily unavailable; please try again in a moment' }, { status: 503 }) : json(user),
      ),
      route('GET', '/api/verifications', () => json([], { headers: { 'X-Total-Count': '0' } })),
    )
    const { router } = renderAt('/verifications')
    expect(await screen.findByRole('heading', { name: 'Service Unavailable' })).toBeInTheDocument()
    expect(screen.getByText('The service is temporarily unavailable; please try again in a moment')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/verifications')
    down = false
    screen.getByRole('button', { name: 'Try Again' }).click()
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Service Unavailable' })).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/verifications')
  })

  it('sends non-admins away from /admin to /', async () => {
    mockApi(route('GET', '/api/user', () => json(user)))
    const { router } = renderAt('/admin')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('sends non-admins away from /admin/screening to / and gives them no Screening link', async () => {
    mockApi(route('GET', '/api/user', () => json(user)))
    const { router } = renderAt('/admin/screening')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('sends non-admins away from /admin/jobs to /', async () => {
    mockApi(route('GET', '/api/user', () => json(user)))
    const { router } = renderAt('/admin/jobs')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it("links Failed Jobs in an admin's sidebar and marks only it current there", async () => {
    mockApi(
      route('GET', '/api/user', () => json({ ...user, isAdmin: true, role: 'admin' })),
      route('GET', '/api/admin/jobs/failed', () => json([], { headers: { 'X-Total-Count': '0' } })),
    )
    renderAt('/admin/jobs')
    expect(await screen.findByRole('heading', { name: 'Failed Jobs', level: 1 })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Failed Jobs' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Admin Dashboard' })).not.toHaveAttribute('aria-current')
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument()
  })

  it("lists Screening under Admin Dashboard in an admin's sidebar and marks only it current there", async () => {
    mockApi(
      route('GET', '/api/user', () => json({ ...user, isAdmin: true, role: 'admin' })),
      route('GET', '/api/admin/screening/lists', () => json({ inForce: [], history: [] })),
    )
    renderAt('/admin/screening')
    expect(await screen.findByRole('heading', { name: 'Screening', level: 1 })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const links = within(nav).getAllByRole('link').map((a) => a.textContent)
    expect(links.slice(-3)).toEqual(['Admin Dashboard', 'Screening', 'Failed Jobs'])
    expect(within(nav).getByRole('link', { name: 'Screening' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Admin Dashboard' })).not.toHaveAttribute('aria-current')
  })

  it("shows a reviewer the queue's entry but not the administrators' pages, and says so when one is opened by its address", async () => {
    mockApi(
      route('GET', '/api/user', () => json({ ...user, isAdmin: true, role: 'reviewer' })),
      route('GET', '/api/admin/jobs/failed', () => json([], { headers: { 'X-Total-Count': '0' } })),
    )
    const { router } = renderAt('/admin/jobs')
    expect(await screen.findByRole('heading', { name: 'Not Allowed', level: 1 })).toBeInTheDocument()
    expect(screen.getByText(/This page is for administrators/)).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const links = within(nav).getAllByRole('link').map((a) => a.textContent)
    expect(links.at(-1)).toBe('Admin Dashboard')
    expect(links).not.toContain('Screening')
    expect(links).not.toContain('Failed Jobs')
    expect(screen.queryByRole('heading', { name: 'Failed Jobs' })).toBeNull()
    await userEvent.click(screen.getByRole('link', { name: 'Go to the Admin Dashboard' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
  })

  it('redirects /auth to /dashboard once a user exists', async () => {
    mockApi(
      route('GET', '/api/user', () => json(user)),
      route('GET', '/api/verifications', () => json([], { headers: { 'X-Total-Count': '0' } })),
    )
    const { router } = renderAt('/auth')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(await screen.findByRole('heading', { name: 'Welcome back, jane' })).toBeInTheDocument()
  })
})

describe('api slice', () => {
  it('reads the total from X-Total-Count and passes filters in the query string', async () => {
    const { calls } = mockApi(
      route('GET', '/api/verifications', () =>
        json([verification({ id: 5 })], { headers: { 'X-Total-Count': '23', 'Access-Control-Expose-Headers': 'X-Total-Count' } }),
      ),
    )
    const store = makeStore()
    const r = await store.dispatch(
      verificationApi.endpoints.listVerifications.initiate({ page: 3, pageSize: 10, sort: 'updatedAt', order: 'desc', status: 'draft', tier: 'all' }),
    )
    expect(r.data?.total).toBe(23)
    expect(r.data?.items.map((v) => v.id)).toEqual([5])
    expect(calls).toEqual(['GET /api/verifications?page=3&pageSize=10&sort=updatedAt&order=desc&status=draft'])
  })

  it('turns a failed call into the server message or "status: body"', async () => {
    mockApi(
      route('GET', '/api/verifications/9', () => json({ message: 'verification not found' }, { status: 404 })),
      route('GET', '/api/verifications/10', () => new Response('', { status: 502, statusText: 'Bad Gateway' })),
    )
    const store = makeStore()
    const a = await store.dispatch(verificationApi.endpoints.getVerification.initiate(9))
    expect(a.error).toMatchObject({ status: 404, data: { message: 'verification not found' } })
    const b = await store.dispatch(verificationApi.endpoints.getVerification.initiate(10))
    expect(b.error).toMatchObject({ status: 502, statusText: 'Bad Gateway' })
    const u = await store.dispatch(api.endpoints.getCurrentUser.initiate())
    expect(u.isError).toBe(true) // unhandled (599) is an error, not "no user"
  })
})

describe('dashboard', () => {
  it('shows one card per tier with badge, progress, checklist and the button rule', async () => {
    mockApi(
      route('GET', '/api/user', () => json(user)),
      route('GET', '/api/verifications', (_req, url) =>
        url.searchParams.get('tier') === 'basic'
          ? json(
              [
                verification({ id: 4, tier: 'basic', status: 'submitted', paymentStatus: 'pending', progress: 100 }),
                verification({ id: 3, tier: 'basic', status: 'draft', progress: 20 }),
              ],
              { headers: { 'X-Total-Count': '2' } },
            )
          : json([], { headers: { 'X-Total-Count': '0' } }),
      ),
    )
    renderAt('/dashboard')
    const basic = await screen.findByTestId('tier-card-basic')
    expect(within(basic).getByText('Submitted')).toBeInTheDocument()
    expect(within(basic).getByText('100%')).toBeInTheDocument()
    expect(within(basic).getByRole('link', { name: 'Make Payment' })).toHaveAttribute('href', '/payment/4')
    expect(within(basic).getAllByLabelText('Done')).toHaveLength(4)

    const top = screen.getByTestId('tier-card-top')
    expect(within(top).getByText('Not Started')).toBeInTheDocument()
    expect(within(top).queryByRole('link')).toBeNull()
    await waitFor(() => expect(document.title).toBe('Dashboard · TTT Verify'))
  })
})
