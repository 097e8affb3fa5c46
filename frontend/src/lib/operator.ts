// OPERATOR is who runs this service, as the footer, the Terms and the Privacy Policy name it. The
// legal details are set when the app is built (VITE_OPERATOR_NAME, VITE_OPERATOR_ADDRESS,
// VITE_OPERATOR_REGISTRATION, VITE_OPERATOR_EMAIL); lines left unset are not shown.
const env = import.meta.env

export const OPERATOR = {
  name: (env.VITE_OPERATOR_NAME as string | undefined) || 'TTT Verify',
  address: (env.VITE_OPERATOR_ADDRESS as string | undefined) || '',
  registration: (env.VITE_OPERATOR_REGISTRATION as string | undefined) || '',
  email: (env.VITE_OPERATOR_EMAIL as string | undefined) || 'support@tttverify.com',
} as const

/** SITE_NAME ends every page title. */
export const SITE_NAME = 'TTT Verify'
