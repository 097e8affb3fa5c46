import { expect, test } from '@playwright/test'
import { ADMIN, adminDecides, createVerificationByApi, FIRST_PAINT, loginByApi, open, payByApi, registerByApi, shot, submitByApi, toastText, uniqueEmail, watch } from './helpers'

test('upgrade: an approved Basic verification is upgraded, the $250 difference paid, and it is back in review as Top', async ({ page, browser }) => {
  test.setTimeout(150_000)
  const problems = watch(page)
  const adminCtx = await browser.newContext()
  const admin = await adminCtx.newPage()
  await loginByApi(admin.request, ADMIN.email, ADMIN.password)

  // An approved Basic verification, paid $49.
  await registerByApi(page.request, uniqueEmail('upgrade'))
  const v = await createVerificationByApi(page.request, 'basic')
  await submitByApi(page.request, v.id)
  await payByApi(page.request, v.id)
  await adminDecides(admin.request, v.id)

  // The dashboard's Top card offers the upgrade of that verification, at the difference.
  await open(page, '/dashboard')
  const offer = page.getByTestId('tier-card-top').getByTestId('upgrade-offer')
  await expect(offer).toContainText('Upgrade Seeded Metals Ltd to Top', FIRST_PAINT)
  await expect(offer).toContainText('$250.00')

  // So does the verification's own page; the confirmation says what it adds, costs and does.
  await open(page, `/verification/${v.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Seeded Metals Ltd', FIRST_PAINT)
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible()
  await page.getByTestId('upgrade-offer').getByRole('button', { name: 'Upgrade to Top' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Top' })
  await expect(dialog.getByText('PEP screening')).toBeVisible()
  await expect(dialog.getByTestId('upgrade-price')).toContainText('$250.00 to pay now')
  await expect(dialog).toContainText('goes back into review for the Top checks')
  await shot(page, '80-upgrade-dialog', false)
  await dialog.getByRole('button', { name: 'Continue to payment ($250.00)' }).click()

  // The payment page for the difference, with its own order summary and no coupon box.
  await expect(page).toHaveURL(new RegExp(`/payment/${v.id}\\?purpose=upgrade$`))
  await expect(page.getByRole('heading', { name: 'Pay for Your Upgrade' })).toBeVisible(FIRST_PAINT)
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary.getByText('Upgrade: Basic to Top Tier')).toBeVisible()
  await expect(summary.getByTestId('upgrade-top-price')).toContainText('$299.00')
  await expect(summary.getByTestId('upgrade-basic-paid')).toContainText('−$49.00')
  await expect(summary.getByTestId('total')).toHaveText('$250.00')
  await expect(summary.getByLabel('Coupon Code')).toHaveCount(0)
  await shot(page, '81-upgrade-payment')
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $250.00' }).click()

  // Paid: Top Tier, back in review for the Top checks.
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(FIRST_PAINT)
  await expect(toastText(page, 'Payment Successful')).toBeVisible()
  await expect(page.getByTestId('paid-status')).toContainText('now Top Tier and in review for the KYC, AML and PEP checks')
  await shot(page, '82-upgrade-paid')
  await page.getByRole('link', { name: 'View Verification' }).click()
  await expect(page.getByText('Top Tier', { exact: true })).toBeVisible(FIRST_PAINT)
  await expect(page.getByRole('heading', { level: 1 }).getByText('In Review')).toBeVisible()
  await expect(page.getByText('Our compliance team is reviewing your application.')).toBeVisible()
  await expect(page.getByTestId('upgrade-offer')).toHaveCount(0)
  const record = (await (await page.request.get(`/api/verifications/${v.id}`)).json()) as { tier: string; status: string; paymentAmount: number }
  expect(record).toMatchObject({ tier: 'top', status: 'in_review', paymentAmount: 29900 })

  // The reviewer finds it in the In Review queue as TOP, with the upgrade's payment in plain words.
  await open(admin, `/admin/verifications/${v.id}`)
  await expect(admin.getByText('TOP', { exact: true }).first()).toBeVisible(FIRST_PAINT)
  await expect(admin.getByText('$250.00 paid for the upgrade to Top by card through the simulated card provider (test mode)')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Approve' })).toBeVisible()

  expect(problems).toEqual([])
})
