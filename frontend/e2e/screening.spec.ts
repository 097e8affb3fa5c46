import { expect, test } from '@playwright/test'
import { ADMIN, loginByApi, shot } from './helpers'

// e2e/start-server.sh imports the UN fixture (adapters/screening/testdata/un) before serving.
test('an administrator sees the lists in force and finds a listed person written differently', async ({ page }) => {
  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Screening' }).click()
  await expect(page.getByRole('heading', { name: 'Screening', level: 1 })).toBeVisible()

  const un = page.getByTestId('list-row').filter({ hasText: 'UN' })
  await expect(un).toContainText('First import')

  // "LAST, First" order and a typo: TAGANDA, BOSCO is listed as BOSCO TAGANDA.
  await page.getByLabel(/^Name/).fill('Tagandda, Bosco')
  await page.getByRole('button', { name: 'Check' }).click()
  const hit = page.getByTestId('hit').first()
  await expect(hit).toContainText('BOSCO TAGANDA')
  await expect(hit).toContainText('UN')
  await expect(hit.getByTestId('explanation-row').first()).toContainText('Name')
  await shot(page, 'admin-screening-check')

  // A name on no list answers with no hit, and says which lists were searched.
  await page.getByLabel(/^Name/).fill('Harriet Pennywhistle')
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByRole('heading', { name: 'No match for “Harriet Pennywhistle”' })).toBeVisible()
  await expect(page.getByText(/Searched .*UN/)).toBeVisible()
  await expect(page.getByText('Threshold used: 0.85 (the default)')).toBeVisible()

  // A reviewer lowers the minimum score to look at weaker candidates; the answer says which applied.
  await page.getByLabel('Minimum score (0 to 1)').fill('0.6')
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByText('Threshold used: 0.60 (your minimum score)')).toBeVisible()
})

test('the screening page is for administrators only', async ({ page }) => {
  const r = await page.request.post('/api/admin/screening/search', { data: { name: 'Bosco Taganda', kind: 'any' } })
  expect(r.status()).toBe(401)
})
