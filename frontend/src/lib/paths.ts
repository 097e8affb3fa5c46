// paths names every screen's address once: the router's patterns and every link are built here, so
// a route cannot be renamed in one place and forgotten in another.

type Id = number | string

export const patterns = {
  home: '/',
  auth: '/auth',
  resetPassword: '/reset-password',
  publicCertificate: '/v/:publicId',
  verifyDocument: '/verify',
  confirmFollow: '/follow/confirm',
  unsubscribe: '/follow/unsubscribe',
  dashboard: '/dashboard',
  verifications: '/verifications',
  verification: '/verification/:id',
  payment: '/payment/:id',
  accountSettings: '/account-settings',
  help: '/help',
  admin: '/admin',
  adminReview: '/admin/verifications/:id',
  adminScreening: '/admin/screening',
  terms: '/terms',
  privacy: '/privacy',
  adminJobs: '/admin/jobs',
} as const

export const paths = {
  home: patterns.home,
  auth: patterns.auth,
  register: `${patterns.auth}?mode=register`,
  forgotPassword: `${patterns.auth}?mode=forgot`,
  resetPassword: patterns.resetPassword,
  dashboard: patterns.dashboard,
  verifications: patterns.verifications,
  verification: (id: Id) => `/verification/${id}`,
  payment: (id: Id) => `/payment/${id}`,
  accountSettings: patterns.accountSettings,
  help: patterns.help,
  admin: patterns.admin,
  adminReview: (id: Id) => `/admin/verifications/${id}`,
  adminScreening: patterns.adminScreening,
  adminJobs: patterns.adminJobs,
  publicCertificate: (publicId: string) => `/v/${publicId}`,
  verifyDocument: patterns.verifyDocument,
  terms: patterns.terms,
  privacy: patterns.privacy,
  /** upgradePayment is the payment page for the Basic-to-Top difference. */
  upgradePayment: (id: Id) => `/payment/${id}?purpose=upgrade`,
} as const

/** apiLinks are server addresses the browser opens itself (downloads), outside RTK Query. */
export const apiLinks = {
  certificate: (id: Id) => `/api/verifications/${id}/certificate`,
  adminCertificate: (id: Id) => `/api/admin/verifications/${id}/certificate`,
  /** adminAuditCSV and adminAuditPDF are a verification's audit trail and screening decisions. */
  adminAuditCSV: (id: Id) => `/api/admin/verifications/${id}/audit.csv`,
  adminAuditPDF: (id: Id) => `/api/admin/verifications/${id}/audit.pdf`,
  /** auditRange is every audit event from the day from to the day to (YYYY-MM-DD, UTC). */
  auditRange: (from: string, to: string) => `/api/admin/audit.csv?${new URLSearchParams({ from, to })}`,
  /** badge is the live SVG badge a company embeds on its website. */
  badge: (publicId: string) => `/api/public/verifications/${publicId}/badge.svg`,
  credential: (publicId: string) => `/api/public/verifications/${publicId}/credential`,
} as const
