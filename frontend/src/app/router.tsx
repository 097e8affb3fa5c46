import { lazy, Suspense, type ComponentType } from 'react'
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { NotFoundCard } from '../components/ui/NotFoundCard'
import { FullPageSpinner } from '../components/ui/Spinner'
import LandingPage from '../features/landing/LandingPage'
import { patterns } from '../lib/paths'

type Load = () => Promise<{ default: ComponentType }>

// Every screen but the landing page is its own chunk, and so are the guards (they read the session
// through the API): the landing page, the most common first address, comes with the entry script
// and needs no second request; admin and payment code load when those routes are visited. Each
// route keeps its loader in `handle` so that makeRouter can start the chunks of the first address
// at once instead of one nested level after another.
function screen(load: Load): Pick<RouteObject, 'element' | 'handle'> {
  const C = lazy(load)
  return {
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <C />
      </Suspense>
    ),
    handle: { load },
  }
}

const guard = (name: 'RequireAuth' | 'RequireAdmin'): Load => () => import('./guards').then((m) => ({ default: m[name] }))

export const routes: RouteObject[] = [
  { path: patterns.home, element: <LandingPage /> },
  { path: patterns.auth, ...screen(() => import('../features/auth/AuthPage')) },
  { path: patterns.resetPassword, ...screen(() => import('../features/auth/ResetPasswordPage')) },
  { path: patterns.publicCertificate, ...screen(() => import('../features/public/PublicVerificationPage')) },
  { path: patterns.terms, ...screen(() => import('../features/legal/TermsPage')) },
  { path: patterns.privacy, ...screen(() => import('../features/legal/PrivacyPage')) },
  {
    ...screen(guard('RequireAuth')),
    children: [
      {
        ...screen(() => import('./layout/AppLayout')),
        children: [
          { path: patterns.dashboard, ...screen(() => import('../features/verifications/DashboardPage')) },
          { path: patterns.verifications, ...screen(() => import('../features/verifications/VerificationsPage')) },
          { path: patterns.verification, ...screen(() => import('../features/verifications/detail/VerificationDetailPage')) },
          { path: patterns.payment, ...screen(() => import('../features/payment/PaymentPage')) },
          { path: patterns.accountSettings, ...screen(() => import('../features/auth/AccountSettingsPage')) },
          { path: patterns.help, ...screen(() => import('../features/help/HelpPage')) },
          {
            ...screen(guard('RequireAdmin')),
            children: [
              { path: patterns.admin, ...screen(() => import('../features/admin/AdminDashboardPage')) },
              { path: patterns.adminReview, ...screen(() => import('../features/admin/AdminReviewPage')) },
              { path: patterns.adminScreening, ...screen(() => import('../features/screening/ScreeningPage')) },
              { path: patterns.adminJobs, ...screen(() => import('../features/jobs/FailedJobsPage')) },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundCard /> },
]

/**
 * makeRouter serves the landing page on its own and every other screen inside AppShell (the store,
 * the API client, toasts and tooltips), so that / loads none of them. Tests render `routes` inside
 * AppProviders themselves.
 */
export function makeRouter() {
  const landing = routes.filter((r) => r.path === patterns.home)
  const tree: RouteObject[] = [
    ...landing,
    { ...screen(() => import('./AppShell')), children: routes.filter((r) => !landing.includes(r)) },
  ]
  for (const m of matchRoutes(tree, window.location) ?? []) {
    void (m.route.handle as { load?: Load } | undefined)?.load?.()
  }
  return createBrowserRouter(tree)
}
