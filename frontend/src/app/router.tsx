import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { NotFoundCard } from '../components/ui/NotFoundCard'
import { FullPageSpinner } from '../components/ui/Spinner'
import { RequireAdmin, RequireAuth } from './guards'
import { patterns } from '../lib/paths'

// Every screen is its own chunk: the landing page ships only what it needs, and admin and payment
// code load when those routes are visited.
const LandingPage = lazy(() => import('../features/landing/LandingPage'))
const AuthPage = lazy(() => import('../features/auth/AuthPage'))
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'))
const AppLayout = lazy(() => import('./layout/AppLayout'))
const DashboardPage = lazy(() => import('../features/verifications/DashboardPage'))
const VerificationsPage = lazy(() => import('../features/verifications/VerificationsPage'))
const VerificationDetailPage = lazy(() => import('../features/verifications/detail/VerificationDetailPage'))
const AccountSettingsPage = lazy(() => import('../features/auth/AccountSettingsPage'))
const HelpPage = lazy(() => import('../features/help/HelpPage'))
const PaymentPage = lazy(() => import('../features/payment/PaymentPage'))
const AdminDashboardPage = lazy(() => import('../features/admin/AdminDashboardPage'))
const AdminReviewPage = lazy(() => import('../features/admin/AdminReviewPage'))
const ScreeningPage = lazy(() => import('../features/screening/ScreeningPage'))
const PublicVerificationPage = lazy(() => import('../features/public/PublicVerificationPage'))
const TermsPage = lazy(() => import('../features/legal/TermsPage'))
const PrivacyPage = lazy(() => import('../features/legal/PrivacyPage'))

function page(C: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <C />
    </Suspense>
  )
}

export const routes: RouteObject[] = [
  { path: patterns.home, element: page(LandingPage) },
  { path: patterns.auth, element: page(AuthPage) },
  { path: patterns.resetPassword, element: page(ResetPasswordPage) },
  { path: patterns.publicCertificate, element: page(PublicVerificationPage) },
  { path: patterns.terms, element: page(TermsPage) },
  { path: patterns.privacy, element: page(PrivacyPage) },
  {
    element: <RequireAuth />,
    children: [
      {
        element: page(AppLayout),
        children: [
          { path: patterns.dashboard, element: page(DashboardPage) },
          { path: patterns.verifications, element: page(VerificationsPage) },
          { path: patterns.verification, element: page(VerificationDetailPage) },
          { path: patterns.payment, element: page(PaymentPage) },
          { path: patterns.accountSettings, element: page(AccountSettingsPage) },
          { path: patterns.help, element: page(HelpPage) },
          {
            element: <RequireAdmin />,
            children: [
              { path: patterns.admin, element: page(AdminDashboardPage) },
              { path: patterns.adminReview, element: page(AdminReviewPage) },
              { path: patterns.adminScreening, element: page(ScreeningPage) },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundCard /> },
]

export function makeRouter() {
  return createBrowserRouter(routes)
}
