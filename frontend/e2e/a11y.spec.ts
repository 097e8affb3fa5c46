import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { axe, POPOVER_RULES } from './axe'
import { ADMIN, adminDecides, createVerificationByApi, fillByApi, FIRST_PAINT, go, loginByApi, noSideScroll, payByApi, pdfFile, registerByApi, shot, submitByApi, uniqueEmail } from './helpers'

// Every screen, at 1280 and 1366 px and on a 390 px phone: axe-core finds no WCAG 2.1 A/AA violation,
// and no width scrolls sideways. axe is injected into the page, so the page's CSP is bypassed.
test.use({ bypassCSP: true })
const LAPTOP = { width: 1280, height: 800 }
const DESKTOP = { width: 1366, height: 900 }
const PHONE = { width: 390, height: 844 }

/** settled waits until the screen has its heading, no spinner and no request under way. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible(FIRST_PAINT)
  await expect(page.locator('[role="status"]', { hasText: /^Loading$/ })).toHaveCount(0, FIRST_PAINT)
  await page.waitForLoadState('networkidle')
}

/**
 * withOpen audits the screen with a popover open, at each width: a resize closes a select, so it is
 * opened at each width, then closed with Escape.
 */
async function withOpen(page: Page, name: string, open: () => Promise<void>) {
  for (const size of [LAPTOP, DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    await page.waitForFunction((w) => window.innerWidth === w, size.width)
    await open()
    const popup = page.locator('[role="listbox"], [role="menu"]').first()
    await expect(popup).toBeVisible()
    await axe(page, `${name} open (${size.width}px)`)
    await axe(page, `${name} open (${size.width}px)`, POPOVER_RULES)
    await page.keyboard.press('Escape')
    await expect(popup).toHaveCount(0)
  }
  await page.setViewportSize(DESKTOP)
  await page.waitForFunction((w) => window.innerWidth === w, DESKTOP.width)
}

/** check audits the screen as it is now at a laptop's, a desktop's and a phone's width, ending at the desktop width. */
async function check(page: Page, name: string) {
  await page.setViewportSize(LAPTOP)
  await page.waitForFunction((w) => window.innerWidth === w, LAPTOP.width)
  await noSideScroll(page, `${name} (1280px)`)
  await axe(page, `${name} (1280px)`)
  await page.setViewportSize(DESKTOP)
  await page.waitForFunction((w) => window.innerWidth === w, DESKTOP.width)
  await axe(page, `${name} (desktop)`)
  await page.setViewportSize(PHONE)
  // The renderer takes the new size on its own schedule; a busy machine can measure the old one.
  await page.waitForFunction((w) => window.innerWidth === w, PHONE.width)
  await noSideScroll(page, `${name} (390px)`)
  await axe(page, `${name} (390px)`)
  await page.setViewportSize(DESKTOP)
  await page.waitForFunction((w) => window.innerWidth === w, DESKTOP.width)
}

async function visit(page: Page, url: string, name = url) {
  await go(page, url)
  await settled(page)
  await check(page, name)
}

interface Seeded {
  approved: { id: number; publicId: string }
  rejected: { id: number }
  inReview: { id: number }
  unpaid: { id: number }
  draft: { id: number }
  revoked: { id: number }
}

/** seed gives one applicant a verification in every state, decided by the administrator on `admin`. */
async function seed(request: APIRequestContext, admin: APIRequestContext): Promise<Seeded> {
  const approved = await createVerificationByApi(request, 'basic')
  await submitByApi(request, approved.id)
  await payByApi(request, approved.id)
  await adminDecides(admin, approved.id)
  const rejected = await createVerificationByApi(request, 'basic')
  await submitByApi(request, rejected.id)
  await payByApi(request, rejected.id)
  await adminDecides(admin, rejected.id, 'The business licence is illegible. Please upload a clearer scan.')
  const inReview = await createVerificationByApi(request, 'top')
  await submitByApi(request, inReview.id)
  await payByApi(request, inReview.id)
  const unpaid = await createVerificationByApi(request, 'basic')
  await submitByApi(request, unpaid.id)
  const draft = await createVerificationByApi(request, 'top')
  const revoked = await createVerificationByApi(request, 'basic')
  await submitByApi(request, revoked.id)
  await payByApi(request, revoked.id)
  await adminDecides(admin, revoked.id)
  const revoking = await admin.post(`/api/admin/verifications/${revoked.id}/revoke`, { data: { reason: 'Company dissolved' } })
  expect(revoking.status(), await revoking.text()).toBe(200)
  return { approved, rejected, inReview, unpaid, draft, revoked }
}

async function adminPage(browser: Browser) {
  const ctx = await browser.newContext({ bypassCSP: true, viewport: DESKTOP })
  const page = await ctx.newPage()
  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  return page
}

/** applicant signs `page` up as a new applicant holding a verification in every state. */
async function applicant(page: Page, browser: Browser, prefix: string): Promise<Seeded> {
  const admin = await adminPage(browser)
  await registerByApi(page.request, uniqueEmail(prefix))
  const s = await seed(page.request, admin.request)
  await admin.context().close()
  return s
}

// Each group is its own test, so that the groups run side by side and each has its own time limit.
test.describe('every screen passes axe (WCAG 2.1 AA) and fits a 390px phone', () => {
  test.setTimeout(300_000)

  test('landing and sign-in, with a failed sign-in', async ({ page }) => {
    for (const url of ['/', '/auth', '/auth?mode=register', '/auth?mode=forgot']) await visit(page, url)
    await go(page, '/auth')
    await settled(page)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Please enter a valid email')).toBeVisible()
    await check(page, '/auth with errors')
    await page.getByLabel('Email').fill('nobody@example.com')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible(FIRST_PAINT)
    await check(page, '/auth after a wrong password')
  })

  test('terms, privacy, certificates, not found and password reset', async ({ page, browser }) => {
    const s = await applicant(page, browser, 'a11y-public')
    await page.request.post('/api/logout')
    for (const url of ['/terms', '/privacy', `/v/${s.approved.publicId}`, '/v/no-such-certificate', '/no-such-page', '/reset-password?token=x']) {
      await visit(page, url)
    }
  })

  test('dashboard and verifications list', async ({ page, browser }) => {
    await applicant(page, browser, 'a11y-lists')
    await visit(page, '/dashboard')
    await visit(page, '/verifications')
    await page.getByRole('button', { name: 'New Verification' }).click()
    await expect(page.getByRole('dialog', { name: 'Start New Verification' })).toBeVisible()
    await check(page, 'new verification dialog')
  })

  test('the five steps of a draft', async ({ page, browser }) => {
    const s = await applicant(page, browser, 'a11y-steps')
    for (const tab of ['', '?tab=company', '?tab=representatives', '?tab=banking', '?tab=trade', '?tab=documents']) {
      await visit(page, `/verification/${s.draft.id}${tab}`, `draft ${tab || 'overview'}`)
    }
    await go(page, `/verification/${s.draft.id}?tab=company`)
    await settled(page)
    await page.getByRole('button', { name: /Save & Continue/ }).click()
    await expect(page.getByText('Company name is required')).toBeVisible()
    await check(page, 'company step with errors')
  })

  test('the steps of a draft with files uploaded, under long names', async ({ page, browser }) => {
    const s = await applicant(page, browser, 'a11y-files')
    const base = `/api/verifications/${s.draft.id}`
    await fillByApi(page.request, s.draft.id)
    // Names as people's scanners and exports make them: long, and without a space to break at.
    const long = (what: string) => `${what}_Seeded_Metals_Ltd_scanned_2026-11-27_final_version_signed.pdf`
    for (const type of ['company_profile', 'additional']) {
      const r = await page.request.post(`${base}/documents`, { multipart: { type, file: pdfFile(long(type)) } })
      expect(r.ok(), await r.text()).toBe(true)
    }
    const reps = (await (await page.request.get(`${base}/representatives`)).json()) as { id: number }[]
    const passport = await page.request.post(`${base}/representatives/${reps[0].id}/passport`, { multipart: { file: pdfFile(long('passport')) } })
    expect(passport.ok(), await passport.text()).toBe(true)
    await visit(page, `/verification/${s.draft.id}?tab=representatives`, 'draft representatives with a passport')
    await go(page, `/verification/${s.draft.id}?tab=documents`)
    await settled(page)
    await expect(page.getByText(long('additional'))).toBeVisible()
    await check(page, 'draft documents with files')
  })

  test('a verification in every state, and the upgrade dialog', async ({ page, browser }) => {
    const s = await applicant(page, browser, 'a11y-detail')
    for (const id of [s.approved.id, s.rejected.id, s.inReview.id, s.unpaid.id, s.revoked.id]) await visit(page, `/verification/${id}`)
    await go(page, `/verification/${s.approved.id}`)
    await settled(page)
    await page.getByTestId('upgrade-offer').getByRole('button', { name: 'Upgrade to Top' }).click()
    await expect(page.getByRole('dialog', { name: 'Upgrade to Top' })).toBeVisible()
    await check(page, 'upgrade dialog')
  })

  test('payment, upgrade payment, paid state, account settings and help', async ({ page, browser }) => {
    const s = await applicant(page, browser, 'a11y-pay')
    await visit(page, `/payment/${s.unpaid.id}`)
    await visit(page, `/payment/${s.approved.id}?purpose=upgrade`)
    await visit(page, `/payment/${s.inReview.id}`, 'paid state')
    await visit(page, '/account-settings')
    await visit(page, '/help')
  })

  test('with each popover, menu and select open', async ({ page, browser }) => {
    const s = await applicant(page, browser, 'a11y-popovers')
    await go(page, '/verifications')
    await settled(page)
    await withOpen(page, 'sort select', () => page.getByRole('combobox', { name: 'Sort by' }).click())
    await withOpen(page, 'row menu', () => page.getByRole('button', { name: /^More actions for / }).first().click())
    await withOpen(page, 'account menu', () => page.getByRole('button', { name: 'Account menu' }).click())
    await withOpen(page, 'notifications', () => page.getByRole('button', { name: /^Notifications/ }).click())
    await go(page, `/verification/${s.draft.id}?tab=company`)
    await settled(page)
    await withOpen(page, 'country select', () => page.getByRole('combobox', { name: /Country of Incorporation/ }).click())

    const admin = await adminPage(browser)
    await go(admin, '/admin')
    await settled(admin)
    await withOpen(admin, 'admin status filter', () => admin.getByRole('combobox', { name: 'Status' }).click())
    // A select inside a dialog: the page behind the dialog stays hidden, the dialog does not.
    await go(admin, `/admin/verifications/${s.inReview.id}`)
    await settled(admin)
    await admin.getByRole('button', { name: 'Reject' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Reject Verification' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('combobox').click()
    await expect(admin.getByRole('listbox')).toBeVisible()
    await expect(admin.locator('#root')).toHaveAttribute('aria-hidden', 'true')
    await expect(dialog.locator('xpath=ancestor-or-self::*[@aria-hidden="true"]')).toHaveCount(0)
    await axe(admin, 'reason select in the reject dialog')
    await admin.context().close()
  })

  test('admin queue, screening and failed jobs', async ({ browser }) => {
    const page = await adminPage(browser)
    await applicant(await (await browser.newContext()).newPage(), browser, 'a11y-queue')
    await visit(page, '/admin')
    await page.getByRole('button', { name: 'Clear All Filters' }).click()
    await expect(page.getByText(/^Showing \d+-\d+ of \d+$/)).toBeVisible()
    await check(page, '/admin, every status')
    await visit(page, '/admin/screening')
    await visit(page, '/admin/jobs')
  })

  test('admin review with its tabs, document viewer and decision dialogs', async ({ browser }) => {
    const page = await adminPage(browser)
    const s = await applicant(await (await browser.newContext()).newPage(), browser, 'a11y-review')
    await visit(page, `/admin/verifications/${s.approved.id}`)
    await visit(page, `/admin/verifications/${s.revoked.id}`)
    await visit(page, `/admin/verifications/${s.inReview.id}`)
    for (const tab of ['Company', 'Representatives', 'Banking', 'Documents']) {
      await page.getByRole('tab', { name: tab }).click()
      await check(page, `review ${tab}`)
    }
    await page.getByRole('button', { name: /^View / }).first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await check(page, 'document viewer')
    // Escape would go to the embedded PDF viewer, which has the focus.
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByRole('dialog', { name: /Approve verification/ })).toBeVisible()
    await check(page, 'approve dialog')
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: 'Reject' }).click()
    await expect(page.getByRole('dialog', { name: 'Reject Verification' })).toBeVisible()
    await check(page, 'reject dialog')
  })

  test('admin review with document flags', async ({ browser }) => {
    const page = await adminPage(browser)
    // Two applicants upload the same extract; one also a PDF changed after saving and a retouched photo.
    const shared = { name: 'registry-extract.pdf', mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${uniqueEmail('extract')}\ntrailer << >>\n%%EOF\n`) }
    const ids: number[] = []
    for (const prefix of ['a11y-flags-a', 'a11y-flags-b']) {
      const ctx = await browser.newContext()
      await registerByApi(ctx.request, uniqueEmail(prefix))
      const v = await createVerificationByApi(ctx.request, 'basic')
      await fillByApi(ctx.request, v.id)
      const files = [shared]
      if (ids.length === 1) files.push(updatedPdf(`Invoice_2026-11_Seeded_Metals_Ltd_countersigned_version_3.pdf`), photoshopJpeg('site-photo.jpg'))
      for (const file of files) {
        const r = await ctx.request.post(`/api/verifications/${v.id}/documents`, { multipart: { type: 'additional', file } })
        expect(r.ok(), await r.text()).toBe(true)
      }
      ids.push(v.id)
      await ctx.close()
    }
    await go(page, `/admin/verifications/${ids[1]}`)
    await settled(page)
    await expect(page.getByText(/^\d+ · \d+ flagged$/)).toBeVisible()
    await page.getByRole('tab', { name: 'Documents' }).click()
    const flags = page.getByTestId('document-flags')
    await expect(page.getByRole('list', { name: 'Flags on registry-extract.pdf' })).toContainText(`verification ${ids[0]}`)
    await expect(page.getByRole('list', { name: 'Flags on site-photo.jpg' })).toContainText('Adobe Photoshop 25.0 (Windows)')
    await expect(flags.filter({ hasText: 'Changed after it was first saved' })).toHaveCount(1)
    await check(page, 'review documents with flags')
    await shot(page, '90-admin-document-flags-1366')
    await page.setViewportSize(PHONE)
    await page.waitForFunction((w) => window.innerWidth === w, PHONE.width)
    await shot(page, '91-admin-document-flags-390')
  })
})

/** updatedPdf is a PDF with one incremental update appended after its first save. */
function updatedPdf(name: string) {
  const first = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n'
  const update = '2 0 obj << /Title (amended) >> endobj\ntrailer << /Root 1 0 R /Prev 9 >>\nstartxref\n60\n%%EOF\n'
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(first + update) }
}

/** photoshopJpeg is a JPEG whose EXIF names Adobe Photoshop as its software. */
function photoshopJpeg(name: string) {
  const software = Buffer.from('Adobe Photoshop 25.0 (Windows)\0')
  const ifd = Buffer.alloc(2 + 12 + 4)
  ifd.writeUInt16LE(1, 0)
  ifd.writeUInt16LE(0x0131, 2) // Software
  ifd.writeUInt16LE(2, 4) // ASCII
  ifd.writeUInt32LE(software.length, 6)
  ifd.writeUInt32LE(8 + ifd.length, 10)
  const tiff = Buffer.concat([Buffer.from('II*\0\x08\0\0\0', 'latin1'), ifd, software])
  const app1 = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const length = Buffer.alloc(2)
  length.writeUInt16BE(app1.length + 2)
  return { name, mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), length, app1, Buffer.from([0xff, 0xd9])]) }
}
