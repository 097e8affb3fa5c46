import { expect, test, type Page } from '@playwright/test'
import { ADMIN, createVerificationByApi, ownServer, loginByApi, open, payInFullByApi, registerByApi, screenedByApi, submitByApi, uniqueEmail, watch } from './helpers'
import { axeAtWidths } from './axe'

// The suite's server runs the default FOUR_EYES=off; this journey starts a server of its own with
// FOUR_EYES=top beside it (two ports up: the next one is the registry stub's), for its tests alone.
const PORT = Number(process.env.E2E_PORT ?? 18473) + 2
const BASE = `http://127.0.0.1:${PORT}`
const REVIEWER = { email: 'reviewer@e2e.example', password: ADMIN.password } // start-server.sh's second administrator
const SHOTS = process.env.FOUR_EYES_SHOTS // a folder to save the layouts in, for people to look at

// axe is injected as a script, which the page's Content Security Policy would refuse.
test.use({ baseURL: BASE, bypassCSP: true })

ownServer(PORT, { E2E_FOUR_EYES: 'top' })

function look(page: Page, name: string) {
  return axeAtWidths(page, name, SHOTS)
}

test('four eyes: a Top approval waits for a second administrator, who sends it back with a note, then confirms the next one', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const problems = watch(page)
  const applicant = await browser.newContext()
  await registerByApi(applicant.request, uniqueEmail('foureyes'))
  const v = await createVerificationByApi(applicant.request, 'top')
  await submitByApi(applicant.request, v.id)
  await payInFullByApi(applicant.request, v.id)

  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  await screenedByApi(page.request, v.id)
  await open(page, `/admin/verifications/${v.id}`)
  await page.getByRole('button', { name: 'Approve' }).click()
  const first = page.getByRole('dialog', { name: /Approve verification/ })
  await expect(first).toContainText('Your approval is recorded as the first of two')
  await first.getByRole('button', { name: 'Approve (first of two)' }).click()
  const bar = page.getByRole('region', { name: 'Second review' })
  await expect(bar).toContainText(/You approved this on .*, awaiting second review/)
  await expect(bar).toContainText('The second approval must come from another reviewer')
  await expect(bar.getByRole('button')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  await look(page, 'four-eyes-first-approver')

  // The applicant still sees In Review, and nothing is public.
  const mine = (await (await applicant.request.get(`/api/verifications/${v.id}`)).json()) as { status: string }
  expect(mine.status).toBe('in_review')
  expect((await applicant.request.get(`/api/public/verifications/${v.publicId}`)).status()).toBe(403)

  // The second reviewer finds it in the queue and sends it back with a note.
  const second = await (await browser.newContext()).newPage()
  await loginByApi(second.request, REVIEWER.email, REVIEWER.password)
  await open(second, '/admin?secondReview=awaiting')
  const row = second.getByTestId('admin-row').filter({ hasText: v.publicId }).first()
  await expect(row.getByText('Awaiting second review')).toBeVisible()
  await look(second, 'four-eyes-queue')
  await open(second, `/admin/verifications/${v.id}`)
  const theirs = second.getByRole('region', { name: 'Second review' })
  await expect(theirs).toContainText(/Approved by admin@e2e\.example on .*, awaiting second review/)
  await look(second, 'four-eyes-second-reviewer')
  await theirs.getByRole('button', { name: 'Send back' }).click()
  const dialog = second.getByRole('dialog', { name: 'Send this approval back?' })
  await dialog.getByRole('button', { name: 'Send back' }).click()
  await expect(dialog.getByText('A note is required to send an approval back')).toBeVisible()
  await dialog.getByLabel(/Note for the reviewers/).fill('The register extract is older than three months')
  await dialog.getByRole('button', { name: 'Send back' }).click()
  await expect(second.getByText(/reviewer@e2e\.example sent back admin@e2e\.example's approval on .*: The register extract is older than three months/)).toBeVisible()

  // The first administrator reads the note and approves again; the reviewer confirms, which issues the certificate.
  await page.reload()
  await expect(page.getByText(/sent back admin@e2e\.example's approval on .*: The register extract is older than three months/)).toBeVisible(
    { timeout: 45_000 },
  )
  await look(page, 'four-eyes-sent-back')
  await page.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: /Approve verification/ }).getByRole('button', { name: 'Approve (first of two)' }).click()
  await expect(bar).toContainText(/You approved this on .*, awaiting second review/)

  await second.reload()
  await theirs.getByRole('button', { name: 'Confirm approval' }).click({ timeout: 45_000 })
  await second.getByRole('dialog', { name: /Approve verification/ }).getByRole('button', { name: 'Approve and issue certificate' }).click()
  await expect(second.getByRole('heading', { level: 1 })).toContainText('Approved')
  await expect(second.getByText('Approved, awaiting second review').first()).toBeVisible() // the audit trail keeps both approvals
  expect((await applicant.request.get(`/api/public/verifications/${v.publicId}`)).status()).toBe(200)
  await applicant.close()
  expect(problems).toEqual([])
})
