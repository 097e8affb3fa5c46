import { lazy, Suspense } from 'react'
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router'
import { NotFoundCard } from '../components/ui/NotFoundCard'
import { FullPageSpinner } from '../components/ui/Spinner'
import LandingPage from '../features/landing/LandingPage'
import { patterns } from '../lib/paths'
import { ScreenErrorBoundary } from './ScreenErrorBoundary'
import { load, type Load } from './screens'

// Every screen but the landing page is its own chunk, and so are the guards (they read the session
// through the API): the landing page, the most common first address, comes with the entry script
// and needs no second request; admin and payment code load when those routes are visited. Each
// route keeps its loader in `handle` so that appRoutes can start the chunks of the first address
// at once instead of one nested level after another.
function screen(code: Load): Pick<RouteObject, 'element' | 'handle'> {
  const C = lazy(code)
  return {
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <C />
      </Suspense>
    ),
    handle: { load: code },
  }
}

export const routes: RouteObject[] = [
  { path: patterns.home, element: <LandingPage /> },
  { path: patterns.auth, ...screen(load.auth) },
  { path: patterns.resetPassword, ...screen(load.resetPassword) },
  { path: patterns.publicCertificate, ...screen(load.publicCertificate) },
  { path: patterns.verifyDocument, ...screen(load.verifyDocument) },
  { path: patterns.confirmFollow, ...screen(load.confirmFollow) },
  { path: patterns.unsubscribe, ...screen(load.unsubscribe) },
  { path: patterns.terms, ...screen(load.terms) },
  { path: patterns.privacy, ...screen(load.privacy) },
  {
    ...screen(load.requireAuth),
    children: [
      {
        ...screen(load.layout),
        children: [
          { path: patterns.dashboard, ...screen(load.dashboard) },
          { path: patterns.verifications, ...screen(load.verifications) },
          { path: patterns.verification, ...screen(load.verification) },
          { path: patterns.payment, ...screen(load.payment) },
          { path: patterns.accountSettings, ...screen(load.accountSettings) },
          { path: patterns.help, ...screen(load.help) },
          {
            ...screen(load.requireAdmin),
            children: [
              { path: patterns.admin, ...screen(load.admin) },
              { path: patterns.adminReview, ...screen(load.adminReview) },
              {
                ...screen(load.requireAdministrator),
                children: [
                  { path: patterns.adminScreening, ...screen(load.adminScreening) },
                  { path: patterns.adminJobs, ...screen(load.adminJobs) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundCard /> },
]

/**
 * appRoutes serves the landing page on its own and every other screen inside AppShell (the store,
 * the API client and toasts), so that / loads none of them, and starts loading the chunks
 * of the first address. Tests render `routes` inside AppProviders themselves.
 */
export function appRoutes(): RouteObject[] {
  const landing = routes.filter((r) => r.path === patterns.home)
  const tree: RouteObject[] = [
    ...landing,
    { ...screen(load.shell), children: routes.filter((r) => !landing.includes(r)) },
  ]
  for (const m of matchRoutes(tree, window.location) ?? []) {
    void (m.route.handle as { load?: Load } | undefined)?.load?.()
  }
  return tree
}

/** AppRoutes renders the screen of the current address, or a way out when it fails. */
export function AppRoutes({ tree }: { tree: RouteObject[] }) {
  const { pathname } = useLocation()
  return <ScreenErrorBoundary pathname={pathname}>{useRoutes(tree)}</ScreenErrorBoundary>
}
