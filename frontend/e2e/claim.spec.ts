import { expect, test, type Page } from '@playwright/test'
import { ADMIN, inReviewByApi, loginByApi, open, watch } from './helpers'
import { axeAtWidths } from './axe'

// axe is injected as a script, which the page's Content Security Policy would refuse.
test.use({ bypassCSP: true })

// The second administrator start-server.sh creates.
const REVIEWER = { email: 'reviewer@e2e.example', password: ADMIN.password }
const SHOTS = process.env.CLAIM_SHOTS // a folder to save the layouts in, for people to look at

async function look(page: Page, name: string) {
  await axeAtWidths(page, name, SHOTS)
}

test('two reviewers: one claims, the other sees who and since when, takes over with a reason and approves', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const problems = watch(page)
  const v = await inReviewByApi(page.request, 'claim')

  // The reviewer starts the review first.
  const other = await browser.newContext()
  await loginByApi(other.request, REVIEWER.email, REVIEWER.password)
  expect((await other.request.post(`/api/admin/verifications/${v.id}/claim`)).status()).toBe(200)

  await page.context().clearCookies()
  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  await open(page, '/admin')
  const row = page.getByTestId('admin-row').filter({ hasText: v.publicId }).first()
  await expect(row.getByText('reviewer@e2e.example')).toBeVisible()
  await look(page, 'claim-queue')

  await open(page, `/admin/verifications/${v.id}`)
  const bar = page.getByRole('region', { name: 'Reviewer' })
  await expect(bar).toContainText('Claimed by reviewer@e2e.example since')
  await look(page, 'claim-review-other')

  // Approving while the reviewer holds it is refused with their name.
  await page.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: /Approve verification/ }).getByRole('button', { name: 'Approve and issue certificate' }).click()
  await expect(page.getByText(/Claimed by reviewer@e2e\.example since .*; take it over to decide/).first()).toBeVisible()

  await bar.getByRole('button', { name: 'Take over' }).click()
  const dialog = page.getByRole('dialog', { name: 'Take over this review?' })
  await dialog.getByLabel(/Reason for taking over/).fill('The reviewer is on leave')
  await look(page, 'claim-takeover-dialog')
  await dialog.getByRole('button', { name: 'Take over' }).click()
  await expect(bar).toContainText('You are reviewing this since')
  await expect(page.getByText('Approval refused')).toHaveCount(0) // the refusal named the previous holder
  await look(page, 'claim-review-mine')

  await page.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: /Approve verification/ }).getByRole('button', { name: 'Approve and issue certificate' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Approved')
  await expect(page.getByText('The reviewer is on leave')).toBeVisible() // the audit trail keeps the reason
  await other.close()
  expect(problems).toEqual([])
})
