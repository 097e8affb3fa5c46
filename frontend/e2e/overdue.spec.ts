import { expect, test } from '@playwright/test'
import { ADMIN, inReviewByApi, loginByApi, open, ownServer, watch } from './helpers'
import { axeAtWidths } from './axe'

// The promise's clock needs verifications that have waited for days: this journey starts a server of
// its own (three ports up) with seeded history, whose verifications in review entered it weeks ago.
const PORT = Number(process.env.E2E_PORT ?? 18473) + 3
test.use({ baseURL: `http://127.0.0.1:${PORT}`, bypassCSP: true }) // axe is injected as a script
ownServer(PORT, { E2E_SEED: '40' })

test('the In Review queue lists the oldest first, flags what waited over 2 business days and counts it on the dashboard', async ({ page, browser }) => {
  const problems = watch(page)
  const applicant = await browser.newContext()
  const { email } = await inReviewByApi(applicant.request, 'waiting')

  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  const stats = (await (await page.request.get('/api/admin/verifications/stats')).json()) as { overdue: number }
  expect(stats.overdue).toBeGreaterThan(0)
  await open(page, '/admin')
  const count = page.getByTestId('count-overdue')
  await expect(count).toContainText(`Overdue reviews (over 2 business days)${stats.overdue}`)

  await count.click()
  const rows = page.getByTestId('admin-row')
  const first = rows.first()
  await expect(first.getByTestId('waiting')).toContainText('Overdue')
  await expect(first.getByTestId('waiting').getByText(/^\d+ business days$/)).toHaveClass(/text-red-700/)
  // Oldest first: the waits shown never grow down the page, and the one paid a moment ago is not overdue.
  const waits = (await rows.getByTestId('waiting').allInnerTexts()).map((w) => Number(w.match(/^(\d+) business day/)?.[1]))
  expect(waits.length).toBeGreaterThan(1)
  expect(waits).toEqual([...waits].sort((a, b) => b - a))
  const search = page.getByLabel('User Email')
  await search.fill(email)
  await expect(rows).toHaveCount(1)
  // A started business day counts as one (none on a weekend), and it is not overdue.
  await expect(rows.first().getByTestId('waiting')).toHaveText(/^[01] business days?$/)

  await search.fill('')
  await expect(rows.first().getByTestId('waiting')).toContainText('Overdue')
  await axeAtWidths(page, 'overdue-queue', process.env.OVERDUE_SHOTS)
  expect(problems).toEqual([])
})
