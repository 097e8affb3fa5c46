import { expect, test } from '@playwright/test'
import { ADMIN, adminDecides, createVerificationByApi, loginByApi, open, payByApi, registerByApi, submitByApi } from './helpers'

// A reviewer in Singapore (UTC+8) reads every date on the calendar of Singapore, and the admin's times
// name their zone. src/lib/format.zones.test.ts tries three zones around midnight.
test.use({ timezoneId: 'Asia/Singapore' })

test('in Singapore, dates follow the local calendar and admin times name their zone', async ({ page, browser }) => {
  await registerByApi(page.request)
  const v = await createVerificationByApi(page.request, 'basic')
  await submitByApi(page.request, v.id)
  await payByApi(page.request, v.id)
  const ctx = await browser.newContext({ timezoneId: 'Asia/Singapore' })
  const admin = await ctx.newPage()
  await loginByApi(admin.request, ADMIN.email, ADMIN.password)
  await adminDecides(admin.request, v.id)
  const today = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Singapore', year: 'numeric', month: 'short', day: 'numeric' }).format(new Date())

  await open(admin, `/admin/verifications/${v.id}`)
  // The certificate's "Approved" date is the day its date-times show.
  await expect(admin.locator('dt', { hasText: /^Approved$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(today)
  await expect(admin.getByText(new RegExp(`^${today}, \\d\\d:\\d\\d [AP]M GMT\\+8$`)).first()).toBeVisible()
  await ctx.close()

  await page.request.post('/api/logout')
  await open(page, `/v/${v.publicId}`)
  // The public page writes its dates in full (November 27, 2026), one format for the page.
  const todayLong = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Singapore', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date())
  await expect(page.getByText(`Checked ${todayLong}.`, { exact: false })).toBeVisible()
})
