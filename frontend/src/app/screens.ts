import type { ComponentType } from 'react'
import { dashboardReads } from '../features/verifications/dashboardQueries'
import { notificationsPath } from '../features/notifications/notificationQuery'
import { patterns } from '../lib/paths'

export type Load = () => Promise<{ default: ComponentType }>

const guard = (name: 'RequireAuth' | 'RequireAdmin' | 'RequireAdministrator'): Load => () => import('./guards').then((m) => ({ default: m[name] }))

/**
 * load names the code of every screen and of the layers around them once: the router renders
 * them, and startFirstScreen (app/boot.ts) fetches those of the first address before the main
 * script has even arrived. This module imports no React code at run time, so boot stays tiny.
 */
export const load = {
  shell: () => import('./AppShell'),
  requireAuth: guard('RequireAuth'),
  requireAdmin: guard('RequireAdmin'),
  requireAdministrator: guard('RequireAdministrator'),
  layout: () => import('./layout/AppLayout'),
  auth: () => import('../features/auth/AuthPage'),
  resetPassword: () => import('../features/auth/ResetPasswordPage'),
  publicCertificate: () => import('../features/public/PublicVerificationPage'),
  verifyDocument: () => import('../features/public/VerifyDocumentPage'),
  confirmFollow: () => import('../features/public/FollowLinkPages').then((m) => ({ default: m.ConfirmFollowPage })),
  unsubscribe: () => import('../features/public/FollowLinkPages').then((m) => ({ default: m.UnsubscribePage })),
  terms: () => import('../features/legal/TermsPage'),
  privacy: () => import('../features/legal/PrivacyPage'),
  dashboard: () => import('../features/verifications/DashboardPage'),
  verifications: () => import('../features/verifications/VerificationsPage'),
  verification: () => import('../features/verifications/detail/VerificationDetailPage'),
  payment: () => import('../features/payment/PaymentPage'),
  accountSettings: () => import('../features/auth/AccountSettingsPage'),
  help: () => import('../features/help/HelpPage'),
  admin: () => import('../features/admin/AdminDashboardPage'),
  adminReview: () => import('../features/admin/AdminReviewPage'),
  adminScreening: () => import('../features/screening/ScreeningPage'),
  adminJobs: () => import('../features/jobs/FailedJobsPage'),
} satisfies Record<string, Load>

type Screen = keyof typeof load & keyof typeof patterns

const signedIn: Screen[] = ['dashboard', 'verifications', 'verification', 'payment', 'accountSettings', 'help']
const admin: Screen[] = ['admin', 'adminReview']
const administrator: Screen[] = ['adminScreening', 'adminJobs']

/**
 * firstLoads is what an address needs before it can show anything: its code (with the layers the
 * router wraps it in) and the API answers it reads first (behind sign-in: the session, the
 * notification bell's first page, and on the dashboard its lists). It mirrors the nesting in
 * router.tsx; a screen missing here still loads, only without the head start.
 */
export function firstLoads(pathname: string): { code: Load[]; api: string[] } | undefined {
  const matches = (pattern: string) => new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`).test(pathname)
  const session = '/api/user'
  if (matches(patterns.auth)) return { code: [load.shell, load.auth], api: [session] }
  if (matches(patterns.publicCertificate)) {
    const id = decodeURIComponent(pathname.split('/')[2])
    return { code: [load.shell, load.publicCertificate], api: [`/api/public/verifications/${encodeURIComponent(id)}`] }
  }
  for (const s of ['resetPassword', 'terms', 'privacy', 'verifyDocument', 'confirmFollow', 'unsubscribe'] as const) {
    if (matches(patterns[s])) return { code: [load.shell, load[s]], api: [] }
  }
  const app = [load.shell, load.requireAuth, load.layout]
  const api = (path: string) => `/api${path}`
  const layout = [session, api(notificationsPath(1))]
  if (matches(patterns.dashboard)) return { code: [...app, load.dashboard], api: [...layout, ...dashboardReads().map(api)] }
  for (const s of signedIn) if (matches(patterns[s])) return { code: [...app, load[s]], api: layout }
  for (const s of admin) if (matches(patterns[s])) return { code: [...app, load.requireAdmin, load[s]], api: layout }
  for (const s of administrator) {
    if (matches(patterns[s])) return { code: [...app, load.requireAdmin, load.requireAdministrator, load[s]], api: layout }
  }
  return undefined
}
