import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockApi, route } from '../test/server'
import { forgetEndedSession } from './api'
import { AppProviders } from './providers'
import { routes } from './router'
import { makeStore } from './store'

const user = { id: 1, email: 'jane@acme.test', isAdmin: false, createdAt: '2026-01-01T00:00:00Z' }
const ended = 'Your session has ended. Please sign in again.'

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return router
}

afterEach(() => {
  vi.unstubAllGlobals()
  forgetEndedSession()
})

describe('when a session ends', () => {
  it('takes the user from a signed-in screen to sign-in, saying why', async () => {
    mockApi(
      route('GET', '/api/user', () => json(user)),
      route('GET', '/api/verifications', () => json({ message: 'Not signed in' }, { status: 401 })),
    )
    const router = renderAt('/dashboard')
    // The dashboard's chunk loads first (lazily), then its list answers 401.
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 }, { timeout: 10_000 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
    expect(screen.getByText(ended)).toBeInTheDocument()
  })

  it('says nothing to a visitor who was never signed in', async () => {
    mockApi(route('GET', '/api/user', () => json({ message: 'Not signed in' }, { status: 401 })))
    const router = renderAt('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
    expect(screen.queryByText(ended)).toBeNull()
  })
})
