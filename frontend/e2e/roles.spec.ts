import { expect, test, type Page } from '@playwright/test'
import { ADMIN, approveInReview, inReviewByApi, loginByApi, open, watch } from './helpers'
import { axeAtWidths } from './axe'

// axe is injected as a script, which the page's Content Security Policy would refuse.
test.use({ bypassCSP: true })

// The reviewer start-server.sh creates with `create-admin --role reviewer`.
const CHECKER = { email: 'checker@e2e.example', password: ADMIN.password }
const SHOTS = process.env.ROLES_SHOTS // a folder to save the layouts in, for people to look at

/** look checks the page at both widths, with the sidebar open on the phone. */
async function look(page: Page, name: string) {
  await axeAtWidths(page, name, SHOTS, {
    visible: true,
    phone: {
      before: () => page.getByRole('button', { name: 'Open sidebar' }).click(),
      after: () => page.getByRole('button', { name: 'Close sidebar' }).click(),
    },
  })
}

test('a reviewer works the queue and sees no administrators’ pages', async ({ page }) => {
  test.setTimeout(180_000)
  const problems = watch(page)
  const v = await inReviewByApi(page.request, 'roles')

  await page.context().clearCookies()
  await loginByApi(page.request, CHECKER.email, CHECKER.password)
  await open(page, '/admin')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible()
  for (const entry of ['Screening', 'Failed Jobs', 'Coupons', 'Lists', 'Users']) {
    await expect(nav.getByRole('link', { name: entry })).toHaveCount(0)
  }
  // The queue is the reviewer's, without the administrators' date-range export.
  await expect(page.getByTestId('admin-row').first()).toBeVisible()
  await expect(page.getByText('Audit log export')).toHaveCount(0)
  await look(page, 'reviewer-sidebar')

  // The reviewer claims and approves; the certificate offers no revocation, an administrator's act.
  await open(page, `/admin/verifications/${v.id}`)
  const bar = page.getByRole('region', { name: 'Reviewer' })
  await bar.getByRole('button', { name: 'Start review' }).click()
  await expect(bar).toContainText('You are reviewing this since')
  await approveInReview(page)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Approved')
  await expect(page.getByRole('button', { name: 'Revoke' })).toHaveCount(0)

  // An administrators' page opened by its address says so and leads back to the queue.
  for (const url of ['/admin/jobs', '/admin/screening']) {
    await open(page, url)
    await expect(page.getByRole('heading', { name: 'Not Allowed', level: 1 })).toBeVisible()
    await expect(page.getByText('This page is for administrators.')).toBeVisible()
  }
  await look(page, 'reviewer-not-allowed')
  await page.getByRole('link', { name: 'Go to the Admin Dashboard' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  expect(problems).toEqual([])
})
