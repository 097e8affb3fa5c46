import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import { axe } from './axe'
import { ADMIN, adminDecides, createVerificationByApi, FIRST_PAINT, loginByApi, noSideScroll, payByApi, registerByApi, submitByApi } from './helpers'

// The admin dashboard's charts draw what the server counted, say it again in a table, and pass axe
// at 1366 px and on a 390 px phone without sideways scrolling.
test.use({ bypassCSP: true })
const SHOTS = process.env.CHART_SHOTS

test('the admin dashboard charts this week’s decisions and revenue, with their tables', async ({ page, browser }) => {
  const applicant = await browser.newContext()
  await registerByApi(applicant.request)
  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  for (const reason of [undefined, 'The business licence is illegible.']) {
    const v = await createVerificationByApi(applicant.request)
    await submitByApi(applicant.request, v.id)
    await payByApi(applicant.request, v.id)
    await adminDecides(page.request, v.id, reason)
  }
  await applicant.close()

  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size)
    await page.goto('/admin')
    const decisions = page.getByTestId('chart-decisions')
    await expect(decisions.locator('.recharts-bar-rectangle').first()).toBeVisible(FIRST_PAINT)
    await expect(page.getByTestId('chart-revenue').locator('.recharts-bar-rectangle').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    await axe(page, `admin charts (${size.width}px)`)
    await noSideScroll(page, `admin charts (${size.width}px)`)
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: `${SHOTS}/admin-${size.width}.png`, fullPage: true })
    }
    // This week's row of the table alternative counts at least the two decisions made above.
    await decisions.getByRole('button', { name: 'Show table' }).click()
    const lastWeek = decisions.getByRole('table').getByRole('row').last()
    const [submitted, approved, rejected] = (await lastWeek.getByRole('cell').allTextContents()).map(Number)
    expect(submitted).toBeGreaterThanOrEqual(2)
    expect(approved).toBeGreaterThanOrEqual(1)
    expect(rejected).toBeGreaterThanOrEqual(1)
    await axe(page, `admin charts with a table (${size.width}px)`)
    if (SHOTS) await decisions.screenshot({ path: `${SHOTS}/decisions-table-${size.width}.png` })
    await decisions.getByRole('button', { name: '4 wk' }).click()
    await expect(decisions.getByRole('table').getByRole('row')).toHaveCount(5)
  }
})
