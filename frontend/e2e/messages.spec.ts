import { expect, test, type APIRequestContext } from '@playwright/test'
import { ADMIN, approveInReview, createVerificationByApi, fillByApi, loginByApi, PASSWORD, shot, toastText, uniqueEmail, watch } from './helpers'

// The messages of one applicant's journey, read back from the test SMTP server (MailDev) that
// `make test` runs: scripts/test.sh exports TEST_SMTP_URL (e2e/start-server.sh points the server's
// SMTP_URL at it) and TEST_SMTP_API, MailDev's REST API.
const SMTP_API = process.env.TEST_SMTP_API?.replace(/\/$/, '')

interface Mail {
  subject: string
  text: string
  to: { address: string }[]
}

/** mailTo waits for the message to `address` whose subject matches, and returns it. */
async function mailTo(request: APIRequestContext, address: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        // MailDev filters by recipient on the server: each poll stays small however much the run sent.
        const r = await request.get(`${SMTP_API}/email`, { params: { 'to.address': address.toLowerCase() } })
        const all = (await r.json()) as Mail[]
        found = all.find((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()) && subject.test(m.subject))
        return found?.subject ?? ''
      },
      { message: `an e-mail to ${address} matching ${subject}`, timeout: 30_000 },
    )
    .toMatch(subject)
  return found as Mail
}

/** linkIn returns the message's first link whose path starts with prefix, on the server under test. */
function linkIn(mail: Mail, prefix: string, baseURL: string): string {
  const link = mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((l) => new URL(l).pathname.startsWith(prefix))
  expect(link, `a link to ${prefix} in "${mail.subject}":\n${mail.text}`).toBeTruthy()
  expect(new URL(link as string).origin).toBe(new URL(baseURL).origin) // built from PUBLIC_BASE_URL
  return link as string
}

test.beforeAll(() => {
  if (!SMTP_API && process.env.CI === 'true') throw new Error('TEST_SMTP_API is not set: make test starts MailDev (scripts/smtp.sh)')
})

test('messages: the receipt, the approval with its public link, the bell, and a password reset that ends the old session', async ({ page, browser, baseURL }) => {
  test.skip(!SMTP_API, 'TEST_SMTP_API is not set; make test starts MailDev')
  test.setTimeout(240_000) // a dozen e-mails read back, on a machine shared by many
  const problems = watch(page)
  const email = uniqueEmail('messages')

  // Register, fill in a verification and submit it.
  await page.goto('/auth?mode=register')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await mailTo(page.request, email, /^Welcome to TTT Verify$/)
  const v = await createVerificationByApi(page.request, 'basic')
  await fillByApi(page.request, v.id)
  await page.goto(`/verification/${v.id}`)
  await page.getByRole('button', { name: 'Submit Verification' }).click()
  const submitted = page.getByRole('dialog', { name: /Verification Submitted!/ })
  await submitted.getByRole('link', { name: 'Proceed to Payment' }).click()

  // Pay by test card: the page says a receipt was e-mailed, and it arrives with the amount.
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $49.00' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByText('A receipt has been emailed to you.')).toBeVisible()
  const receipt = await mailTo(page.request, email, /^Receipt TTT-\d{8}-\d{6}: \$49\.00 for Seeded Metals Ltd$/)
  expect(receipt.text).toContain('Amount paid:    $49.00')
  expect(receipt.text).toContain('Visa ending in 4242')

  // The administrator approves it.
  const adminCtx = await browser.newContext()
  const admin = await adminCtx.newPage()
  await loginByApi(admin.request, ADMIN.email, ADMIN.password)
  await admin.goto(`/admin/verifications/${v.id}`)
  await approveInReview(admin)
  await expect(toastText(admin, 'Verification Approved')).toBeVisible()
  await adminCtx.close()

  // The approval e-mail's link opens the public certificate page.
  const approved = await mailTo(page.request, email, /^Approved: Seeded Metals Ltd is verified$/)
  const publicLink = linkIn(approved, '/v/', baseURL as string)
  expect(new URL(publicLink).pathname).toBe(`/v/${v.publicId}`)
  const anonCtx = await browser.newContext()
  const anon = await anonCtx.newPage()
  await anon.goto(publicLink)
  await expect(anon.getByRole('heading', { name: 'Verified Trading Partner' })).toBeVisible()
  await expect(anon.getByText('Seeded Metals Ltd').first()).toBeVisible()
  await expect(anon.getByRole('status', { name: 'Certificate status: Valid' })).toBeVisible()
  await anonCtx.close()

  // The bell shows the approval; opening it goes to the verification and marks it read. (The CIS,
  // generated moments after approval, is told first, so that the count holds still.)
  await mailTo(page.request, email, /^Your Company Information Sheet is ready: Seeded Metals Ltd$/)
  await page.goto('/dashboard')
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ })
  await expect(bell).toBeVisible()
  await expect(page.getByTestId('notification-dot')).toBeVisible()
  const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1])
  await bell.click()
  const menu = page.getByRole('menu', { name: 'Notifications' })
  const approval = menu.getByTestId('notification').filter({ hasText: 'Verification approved' })
  await expect(approval).toBeVisible()
  await expect(approval).toContainText('Seeded Metals Ltd is verified')
  await expect(menu.getByTestId('notification').first()).toContainText(/CIS form ready|Verification approved/) // newest first
  await shot(page, '90-bell-approval', false)
  await approval.click()
  await expect(page).toHaveURL(new RegExp(`/verification/${v.id}$`))
  await expect(page.getByRole('button', { name: `Notifications, ${unreadBefore - 1} unread` })).toBeVisible()

  // Forgot password: the e-mailed link sets a new password and ends the old session.
  const otherCtx = await browser.newContext()
  const other = await otherCtx.newPage()
  await other.goto('/auth')
  await other.getByRole('button', { name: 'Forgot password?' }).click()
  await other.getByLabel('Email').fill(email)
  await other.getByRole('button', { name: 'Send reset link' }).click()
  await expect(other.getByText('Check your inbox')).toBeVisible()
  const reset = await mailTo(other.request, email, /^Reset your TTT Verify password$/)
  const resetLink = linkIn(reset, '/reset-password', baseURL as string)
  await other.goto(resetLink)
  await expect(other.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await other.getByLabel('New Password', { exact: true }).fill('a-brand-new-pass')
  await other.getByLabel('Confirm New Password').fill('a-brand-new-pass')
  await other.getByRole('button', { name: 'Set New Password' }).click()
  await expect(toastText(other, 'Password updated')).toBeVisible()
  await expect(other).toHaveURL(/\/auth$/)

  await page.reload() // the session from before the reset has ended
  await expect(page).toHaveURL(/\/auth$/)
  expect((await page.request.get('/api/user')).status()).toBe(401)

  await other.getByLabel('Email').fill(email)
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await other.getByRole('button', { name: 'Sign in' }).click()
  await expect(toastText(other, 'Login failed')).toBeVisible()
  await other.getByLabel('Password', { exact: true }).fill('a-brand-new-pass')
  await other.getByRole('button', { name: 'Sign in' }).click()
  await expect(other).toHaveURL(/\/verification\/\d+$|\/dashboard$/)
  await mailTo(other.request, email, /^Your TTT Verify password was changed$/)
  await otherCtx.close()
  expect(problems).toEqual([])
})
