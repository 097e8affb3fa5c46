import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import { ADMIN, createVerificationByApi, loginByApi, payInFullByApi, registerByApi, screenedByApi, shot, submitByApi, toastText, uniqueEmail, watch } from './helpers'

// The applicant copies a share link to the clipboard.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card Number').fill(number)
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
}

const REASON = 'The business license is illegible. Please upload a clearer scan.'

test('cross-role journey: pay, reject, resubmit, approve, CIS, certificate, share link and the public page', async ({ page, browser }) => {
  test.setTimeout(240_000) // it waits for the CIS the workers generate; slow on a shared machine
  const problems = watch(page)

  // The applicant has a submitted Basic verification (the applicant journey fills it in through the UI).
  await registerByApi(page.request, uniqueEmail('crossrole'))
  const v = await createVerificationByApi(page.request, 'basic')
  await submitByApi(page.request, v.id)

  await page.goto('/dashboard')
  await page.getByTestId('tier-card-basic').getByRole('link', { name: 'Make Payment' }).click()
  await expect(page).toHaveURL(new RegExp(`/payment/${v.id}$`))
  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary.getByText('Basic Verification')).toBeVisible()
  await expect(summary.getByText(`#${v.id}`)).toBeVisible()
  await expect(summary.getByRole('button', { name: 'Apply' })).toBeDisabled()
  await expect(summary.getByTestId('total')).toHaveText('$49.00')
  await expect(page.getByText('Test mode: no card is charged')).toBeVisible()
  await expect(page.getByText('4000 0000 0000 0002')).toBeVisible()
  await expect(page.getByText('Secure Payment.')).toBeVisible()
  await shot(page, '50-payment-form')

  // A declined card, then a good one.
  await fillCard(page, '4000 0000 0000 0002')
  await page.getByRole('button', { name: 'Pay $49.00' }).click()
  await expect(toastText(page, 'Payment Failed')).toBeVisible()
  await expect(toastText(page, 'Your card was declined.')).toBeVisible()
  await shot(page, '51-payment-declined')
  await fillCard(page, '4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay $49.00' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByText(`Your payment for verification #${v.id} has been received`)).toBeVisible()
  await expect(page.getByText(/in review and will be processed within 1-2 business days/)).toBeVisible()
  await expect(page.getByText('A receipt has been emailed to you.')).toBeVisible()
  await expect(toastText(page, 'Payment Successful')).toBeVisible()
  await shot(page, '52-payment-success')

  // The administrator finds it in the In Review queue and rejects it with a reason.
  const adminCtx = await browser.newContext()
  const admin = await adminCtx.newPage()
  const adminProblems = watch(admin)
  await loginByApi(admin.request, ADMIN.email, ADMIN.password)
  await admin.goto('/dashboard')
  await admin.getByRole('link', { name: 'Admin Dashboard' }).click()
  await expect(admin.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  await expect(admin.getByRole('combobox', { name: 'Status' })).toHaveText('In Review')
  await expect(admin.getByText(/^Showing \d+-\d+ of \d+$/)).toBeVisible()
  await shot(admin, '60-admin-dashboard')
  await admin.getByLabel('Public ID').fill(v.publicId)
  const row = admin.getByTestId('admin-row').filter({ hasText: v.publicId })
  await expect(row).toHaveCount(1)
  await expect(admin.getByText('Showing 1-1 of 1')).toBeVisible()
  await expect(row.getByText('In Review')).toBeVisible()
  await row.getByRole('link', { name: 'Review' }).click()

  await expect(admin.getByText(`Review Verification #${v.id}`)).toBeVisible()
  await expect(admin.getByRole('heading', { level: 1 })).toContainText('Seeded Metals Ltd')
  await expect(admin.getByText('Review Required')).toBeVisible()
  await expect(admin.getByText('Aluminium')).toBeVisible() // trade products as badges
  await expect(admin.getByTestId('audit-event').filter({ hasText: 'Payment failed' })).toBeVisible()
  await expect(admin.getByTestId('audit-event').filter({ hasText: 'Payment succeeded' })).toBeVisible()
  await shot(admin, '61-admin-review-overview')
  await admin.getByRole('tab', { name: 'Company' }).click()
  await expect(admin.getByText('Seeded Metals Ltd').first()).toBeVisible()
  await expect(admin.getByText('GB-1', { exact: true })).toBeVisible()
  await shot(admin, '62-admin-review-company')
  await admin.getByRole('tab', { name: 'Representatives' }).click()
  await expect(admin.getByText('Sam Seed')).toBeVisible()
  await expect(admin.getByText('P1', { exact: true })).toBeVisible()
  await shot(admin, '63-admin-review-representatives')
  await admin.getByRole('tab', { name: 'Banking' }).click()
  await expect(admin.getByText('12345678', { exact: true })).toBeVisible() // the full account number
  await shot(admin, '64-admin-review-banking')
  await admin.getByRole('tab', { name: 'Documents' }).click()
  await expect(admin.getByTestId('document-group')).toHaveCount(3)
  await expect(admin.getByText('business_license.pdf')).toBeVisible()
  await expect(admin.getByText(/\d+\.\d KB/).first()).toBeVisible()
  await shot(admin, '65-admin-review-documents')

  await admin.getByRole('button', { name: 'Reject', exact: true }).click()
  const dialog = admin.getByRole('dialog', { name: 'Reject Verification' })
  await dialog.getByRole('button', { name: 'Reject Verification' }).click()
  await expect(dialog.getByText('Rejection reason is required')).toBeVisible()
  await dialog.getByLabel('Rejection Reason').fill('   ')
  await dialog.getByRole('button', { name: 'Reject Verification' }).click()
  await expect(dialog.getByText('Rejection reason is required')).toBeVisible()
  await dialog.getByLabel('Rejection Reason').fill(REASON)
  await shot(admin, '66-admin-reject-dialog', false)
  await dialog.getByRole('button', { name: 'Reject Verification' }).click()
  await expect(toastText(admin, 'Verification Rejected')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Approve' })).toHaveCount(0)

  // The applicant reads the reason, updates the application and resubmits it (already paid for).
  await page.goto(`/verification/${v.id}`)
  await expect(page.getByText(`Reason: ${REASON}`)).toBeVisible()
  await shot(page, '53-applicant-rejected')
  await page.getByRole('button', { name: 'Update and Resubmit' }).click()
  await expect(toastText(page, 'Verification Updated')).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Company Info' })).toHaveAttribute('aria-selected', 'true')
  await page.getByLabel('Website').fill('https://seeded.example')
  await page.getByRole('button', { name: /Save & Continue/ }).click()
  await expect(page.getByRole('tab', { name: 'Representatives' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: 'Documents' }).click()
  await page.getByRole('checkbox', { name: /I declare/ }).click()
  await page.getByRole('button', { name: 'Submit Verification' }).click()
  const submitted = page.getByRole('dialog', { name: /Verification Submitted!/ })
  await expect(submitted).toBeVisible()
  await expect(submitted.getByText(/Your payment was already received/)).toBeVisible()
  await expect(submitted.getByRole('link', { name: 'Proceed to Payment' })).toHaveCount(0)
  await submitted.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByText('In review', { exact: true })).toBeVisible()

  // The administrator approves it; the CIS is generated in the background moments later, and the
  // administrator can still regenerate it.
  await admin.reload()
  await expect(admin.getByText('Review Required')).toBeVisible()
  await admin.getByRole('button', { name: 'Approve' }).click()
  // Approving asks first and says what it does.
  await expect(admin.getByRole('dialog', { name: /Approve verification/ }).getByText(/Approving issues the Basic certificate for Seeded Metals Ltd/)).toBeVisible()
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve and issue certificate' }).click()
  await expect(toastText(admin, 'Verification Approved')).toBeVisible()
  await expect
    .poll(async () => ((await (await admin.request.get(`/api/admin/verifications/${v.id}`)).json()) as { cisFormPath?: string | null }).cisFormPath ?? '', {
      message: 'the CIS generated after approval',
      timeout: 30_000,
    })
    .not.toBe('')
  await admin.reload()
  await expect(admin.getByRole('button', { name: 'Download CIS Form' })).toBeVisible()
  await admin.getByRole('button', { name: 'Regenerate' }).click()
  await expect(toastText(admin, 'CIS Form Generated')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Download CIS Form' })).toBeVisible()
  await expect(admin.getByText(/^Generated /)).toBeVisible()
  // Generated twice: by the system on approval, then by the administrator.
  const generated = admin.getByTestId('audit-event').filter({ hasText: 'CIS form generated' })
  await expect(generated).toHaveCount(2)
  await expect(generated.filter({ hasText: '· system' })).toHaveCount(1)
  await expect(generated.filter({ hasText: `· ${ADMIN.email}` })).toHaveCount(1)
  await admin.locator('li[data-variant]').getByRole('button', { name: 'Close' }).click()
  await expect(admin.getByRole('link', { name: 'Certificate' })).toBeVisible()
  await shot(admin, '67-admin-approved')

  // The applicant downloads the CIS and the certificate and creates a share link.
  await page.reload()
  await expect(page.getByText('Verification approved')).toBeVisible()
  const cisResponse = page.waitForResponse((r) => r.url().endsWith(`/api/verifications/${v.id}/cis-form`))
  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Download CIS Form' }).click()
  const cis = (await (await cisResponse).json()) as { url: string }
  await (await popup).close()
  const cisFile = await page.request.get(cis.url)
  expect(cisFile.headers()['content-type']).toContain('application/pdf')
  expect((await cisFile.body()).subarray(0, 5).toString()).toBe('%PDF-')

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download Certificate' }).click()
  const certificate = await download
  expect(certificate.suggestedFilename()).toMatch(/\.pdf$/)
  expect(fs.readFileSync(await certificate.path()).subarray(0, 5).toString()).toBe('%PDF-')

  // The verifiable credential downloads as the JWT itself.
  const credentialDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download credential' }).click()
  const credential = await credentialDownload
  expect(credential.suggestedFilename()).toBe(`TTT-Credential-${v.publicId}.jwt`)
  expect(fs.readFileSync(await credential.path(), 'utf8')).toMatch(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/)

  const shareResponse = page.waitForResponse((r) => r.url().endsWith(`/api/verifications/${v.id}/cis-form/share`))
  await page.getByRole('button', { name: 'Share Temporary Link' }).click()
  const share = (await (await shareResponse).json()) as { url: string; expiresAt: string }
  await expect(toastText(page, 'Link copied')).toBeVisible()
  const origin = new URL(page.url()).origin
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}${share.url}`)
  await expect(page.getByTestId('share-link')).toContainText(`${origin}${share.url}`)
  await shot(page, '54-applicant-approved')

  // Anyone, without a session, can check the certificate and open the share link.
  const anonCtx = await browser.newContext()
  const anon = await anonCtx.newPage()
  const anonProblems = watch(anon)
  await anon.goto(`/v/${v.publicId}`)
  await expect(anon.getByRole('heading', { name: 'Verified Trading Partner' })).toBeVisible()
  await expect(anon.getByRole('status', { name: 'Certificate status: Valid' })).toBeVisible()
  await expect(anon.getByText(/^Valid until [A-Z][a-z]+ \d{2}, \d{4}$/)).toBeVisible()
  await expect(anon.getByText('Seeded Metals Ltd').first()).toBeVisible()
  await expect(anon.getByText('SM-1')).toBeVisible()
  await expect(anon.getByText('United Kingdom')).toBeVisible()
  await expect(anon.getByText('Includes TTT Certificate and Client Information Sheet (CIS)', { exact: true })).toBeVisible()
  await expect(anon.getByText(v.publicId).first()).toBeVisible()
  await expect(anon.getByTestId('fingerprint')).toHaveText(/^[0-9a-f]{64}$/)
  await expect(anon.getByRole('button', { name: 'Full Report' })).toHaveCount(0)
  await shot(anon, '70-public-valid')
  await anon.setViewportSize({ width: 390, height: 844 })
  await shot(anon, '71-public-valid-mobile')
  const shared = await anonCtx.request.get(share.url)
  expect(shared.status()).toBe(200)
  expect(shared.headers()['content-type']).toContain('application/pdf')
  expect((await shared.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // A revoked certificate is unmistakable on the public page.
  await admin.getByRole('button', { name: 'Revoke' }).click()
  const revoke = admin.getByRole('dialog', { name: 'Revoke Certificate' })
  await revoke.getByLabel('Revocation Reason').fill('Company dissolved')
  await revoke.getByRole('button', { name: 'Revoke Certificate' }).click()
  await expect(toastText(admin, 'Certificate Revoked')).toBeVisible()
  await anon.reload()
  await expect(anon.getByRole('heading', { name: 'Verification Revoked' })).toBeVisible()
  await expect(anon.getByRole('status', { name: 'Certificate status: Revoked' })).toBeVisible()
  await shot(anon, '72-public-revoked-mobile')
  // The revocation takes the CIS and its share links with it: refused with the reason, not offered.
  const withdrawn = await anonCtx.request.get(share.url)
  expect(withdrawn.status()).toBe(409)
  expect(((await withdrawn.json()) as { message: string }).message).toBe('This certificate is revoked, so its CIS is no longer issued')
  await expect(admin.getByText('The certificate was revoked, so its CIS is no longer issued.')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Download CIS Form' })).toHaveCount(0)
  await expect(admin.getByRole('button', { name: 'Regenerate' })).toHaveCount(0)
  await page.reload()
  await expect(page.getByText('The certificate was revoked, so the CIS can no longer be downloaded or shared.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Share Temporary Link' })).toHaveCount(0)

  expect([...problems, ...adminProblems, ...anonProblems]).toEqual([])
  await adminCtx.close()
  await anonCtx.close()
})

test('coupons: an unknown code, a partial discount, then a 100% coupon pays the verification', async ({ page }) => {
  const problems = watch(page)
  await registerByApi(page.request, uniqueEmail('coupon'))
  const v = await createVerificationByApi(page.request, 'basic')
  await submitByApi(page.request, v.id)
  await page.goto(`/verification/${v.id}`)
  await page.getByRole('link', { name: 'Make Payment' }).click()
  const summary = page.getByRole('region', { name: 'Order Summary' })
  const code = summary.getByLabel('Coupon Code')
  const apply = summary.getByRole('button', { name: 'Apply' })
  await expect(page.getByLabel('Card Number')).toBeVisible()
  await expect(apply).toBeDisabled()

  await code.fill('nope')
  await expect(code).toHaveValue('NOPE')
  await apply.click()
  await expect(toastText(page, 'Invalid coupon code')).toBeVisible()
  await expect(summary.getByText('Invalid coupon code')).toBeVisible()

  await code.fill('half50')
  await apply.click()
  await expect(toastText(page, 'Coupon Applied')).toBeVisible()
  await expect(toastText(page, '50% discount applied!')).toBeVisible()
  await expect(summary.getByTestId('original-price')).toHaveText('$49.00')
  await expect(summary.getByTestId('total')).toHaveText('$24.50')
  await expect(page.getByRole('button', { name: 'Pay $24.50' })).toBeVisible()
  await shot(page, '55-payment-coupon-50')

  await code.fill('free100')
  await expect(code).toHaveValue('FREE100')
  await apply.click()
  await expect(toastText(page, '100% discount applied! Your verification is now in review.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await shot(page, '56-payment-coupon-100')
  await page.getByRole('link', { name: 'View Verification' }).click()
  await expect(page.getByText('In review', { exact: true })).toBeVisible()
  await page.goto(`/payment/${v.id}`)
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  expect(problems).toEqual([])
})

test('non-admins are sent away from /admin; the public page explains unknown and unapproved IDs', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('nonadmin'))
  const draft = await createVerificationByApi(page.request, 'top')
  await page.goto('/dashboard')
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto(`/admin/verifications/${draft.id}`)
  await expect(page).toHaveURL(/\/$/)
  expect((await page.request.get('/api/admin/verifications')).status()).toBe(403)

  await page.goto('/v/no-such-certificate')
  await expect(page.getByRole('heading', { name: 'Verification Not Found' })).toBeVisible()
  await shot(page, '73-public-not-found')
  await page.goto(`/v/${draft.publicId}`)
  await expect(page.getByRole('heading', { name: 'Verification Not Available' })).toBeVisible()
  await shot(page, '74-public-not-available')

  await page.goto(`/payment/${draft.id}`)
  await expect(page.getByRole('heading', { name: 'Payment Not Available' })).toBeVisible()
})

test('an approved Top verification offers the Full Report on its public page', async ({ page, browser }) => {
  await registerByApi(page.request, uniqueEmail('toptier'))
  const v = await createVerificationByApi(page.request, 'top')
  await submitByApi(page.request, v.id)
  await payInFullByApi(page.request, v.id)
  const adminCtx = await browser.newContext()
  await loginByApi(adminCtx.request, ADMIN.email, ADMIN.password)
  // Approval waits for the Top checks, which run in the background after submission.
  await screenedByApi(adminCtx.request, v.id)
  expect((await adminCtx.request.post(`/api/admin/verifications/${v.id}/approve`)).status()).toBe(200)
  await adminCtx.close()

  await page.goto(`/v/${v.publicId}`)
  await expect(page.getByRole('heading', { name: 'Verified Trading Partner' })).toBeVisible()
  await expect(page.getByText('Includes TTT Certificate, CIS, KYC, AML and PEP Checks')).toBeVisible()
  await page.getByRole('button', { name: 'Full Report' }).click()
  const report = page.getByRole('dialog', { name: 'Full Report' })
  await expect(report.getByText('PEP screening')).toBeVisible()
  await expect(report.getByText('Business License')).toBeVisible()
  await shot(page, '75-public-top-full-report', false)
})

test('admin filters, count cards, paging and delete; account settings and help', async ({ page, browser }) => {
  test.setTimeout(120_000) // three pages, twelve drafts and two people: past a minute on a loaded CI machine
  // An applicant with a few drafts.
  const owner = await browser.newContext()
  const ownerEmail = await registerByApi(owner.request, uniqueEmail('drafts'))
  const drafts = []
  for (let i = 0; i < 12; i++) drafts.push(await createVerificationByApi(owner.request, i % 3 === 0 ? 'top' : 'basic'))

  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  await page.goto('/admin')
  await page.getByLabel('User Email').fill(ownerEmail)
  await expect(page.getByText('No verifications found')).toBeVisible() // In Review by default: drafts are not there
  await expect(page.getByTestId('count-draft')).toContainText('12')
  await page.getByTestId('count-draft').click()
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Draft')
  await expect(page.getByText('Showing 1-10 of 12')).toBeVisible()
  await expect(page.getByTestId('admin-row')).toHaveCount(10)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Showing 11-12 of 12')).toBeVisible()
  await page.getByRole('combobox', { name: 'Tier' }).click()
  await page.getByRole('option', { name: 'TOP', exact: true }).click()
  await expect(page.getByText('Showing 1-4 of 4')).toBeVisible()
  await expect(page.getByTestId('count-draft')).toContainText('4')
  await shot(page, '68-admin-filtered')

  const target = drafts[0]
  await page.getByLabel('DB ID').fill(String(target.id))
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible()
  await page.getByRole('button', { name: `Delete verification ${target.id}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete verification?' })
  await expect(confirm).toContainText(target.publicId)
  await shot(page, '69-admin-delete-confirm', false)
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toastText(page, 'Verification deleted')).toBeVisible()
  await expect(page.getByText('Showing 0-0 of 0')).toBeVisible()
  await page.getByRole('button', { name: 'Clear All Filters' }).click()
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('All')
  await expect(page.getByLabel('User Email')).toHaveValue('')

  // Account settings: Member Since is the account's creation date.
  const me = (await (await owner.request.get('/api/user')).json()) as { createdAt: string }
  const ownerPage = await owner.newPage()
  await ownerPage.goto('/account-settings')
  const since = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(me.createdAt))
  await expect(ownerPage.getByTestId('member-since')).toHaveText(since)
  await ownerPage.getByLabel('Current Password').fill('wrong-password')
  await ownerPage.getByLabel('New Password', { exact: true }).fill('another-pass-1')
  await ownerPage.getByLabel('Confirm New Password').fill('another-pass-1')
  await ownerPage.getByRole('button', { name: 'Update Password' }).click()
  await expect(toastText(ownerPage, 'Password change failed')).toBeVisible()
  await shot(ownerPage, '80-account-settings')

  await ownerPage.getByRole('link', { name: 'Help & Support' }).click()
  await expect(ownerPage.getByRole('heading', { name: 'Help & Support' })).toBeVisible()
  await expect(ownerPage.getByText(/within 24 hours of approval/).first()).toBeVisible()
  await expect(ownerPage.getByRole('main').getByRole('link', { name: 'support@tttverify.com' })).toBeVisible()
  await shot(ownerPage, '81-help')
  await owner.close()
})
