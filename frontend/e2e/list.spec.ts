import { expect, test } from '@playwright/test'
import { createVerificationByApi, registerByApi, shot, submitByApi, toastText } from './helpers'

test('the verifications list pages, filters and deletes', async ({ page }) => {
  await registerByApi(page.request)
  for (let i = 0; i < 9; i++) await createVerificationByApi(page.request, 'basic')
  for (let i = 0; i < 2; i++) await createVerificationByApi(page.request, 'top')
  const submitted = await createVerificationByApi(page.request, 'top')
  await submitByApi(page.request, submitted.id)

  await page.goto('/verifications')
  await expect(page.getByRole('heading', { name: 'Verifications' })).toBeVisible()
  await expect(page.getByText('Manage and track all your verification applications')).toBeVisible()
  const rows = page.getByTestId('verification-row')
  await expect(rows).toHaveCount(10)
  await expect(page.getByText('Showing 1-10 of 12')).toBeVisible()
  // Newest update first: the submitted one leads, then drafts.
  await expect(rows.first().getByRole('link', { name: 'Complete Payment' })).toBeVisible()
  await expect(rows.nth(1).getByRole('link', { name: 'Continue' })).toBeVisible()
  await shot(page, '30-verifications-page-1')

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(rows).toHaveCount(2)
  await expect(page.getByText('Showing 11-12 of 12')).toBeVisible()

  // Changing a filter resets the page to 1.
  await page.getByLabel('Tier').click()
  await page.getByRole('option', { name: 'Top Tier' }).click()
  await expect(page.getByText('Showing 1-3 of 3')).toBeVisible()
  await expect(rows).toHaveCount(3)
  for (const r of await rows.all()) await expect(r).toContainText('Top Tier')
  await shot(page, '31-verifications-filter-top')

  await page.getByLabel('Status').click()
  await page.getByRole('option', { name: 'Submitted' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(submitted.publicId)
  await expect(rows.first().getByRole('link', { name: 'Complete Payment' })).toHaveAttribute('href', `/payment/${submitted.id}`)
  await expect(rows.first().getByText('Submitted')).toBeVisible()

  await page.getByLabel('Status').click()
  await page.getByRole('option', { name: 'Approved' }).click()
  await expect(page.getByText('No verifications found').filter({ visible: true })).toBeVisible()
  await shot(page, '32-verifications-empty')

  await page.getByLabel('Status').click()
  await page.getByRole('option', { name: 'All statuses' }).click()
  await expect(rows).toHaveCount(3)

  // Sorting by ID ascending then descending.
  await page.getByRole('button', { name: 'Company / Verification ID' }).click()
  const firstDesc = await rows.first().locator('p').first().textContent()
  await page.getByRole('button', { name: 'Company / Verification ID' }).click()
  await expect(rows.first().locator('p').first()).not.toHaveText(firstDesc ?? '')

  // The row menu's button names itself in a tooltip on hover.
  await rows.first().getByRole('button', { name: /More actions/ }).hover()
  await expect(page.getByRole('tooltip', { name: 'More actions' })).toBeVisible()

  // Delete a draft through the row menu and the confirm dialog.
  await rows.first().getByRole('button', { name: /More actions/ }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await shot(page, '33-delete-confirm', false)
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toastText(page, 'Verification deleted')).toBeVisible()
  await expect(page.getByText('Showing 1-2 of 2')).toBeVisible()
})

test('the list keeps its page and filters across a reload and Back, and is one card per verification on a phone', async ({ page }) => {
  await registerByApi(page.request)
  for (let i = 0; i < 11; i++) await createVerificationByApi(page.request, 'basic')
  await createVerificationByApi(page.request, 'top')

  await page.goto('/verifications')
  const rows = page.getByTestId('verification-row')
  await expect(page.getByText('Showing 1-10 of 12')).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/verifications\?page=2$/)
  await page.reload()
  await expect(page.getByText('Showing 11-12 of 12')).toBeVisible()
  await expect(rows).toHaveCount(2)
  await page.goBack()
  await expect(page.getByText('Showing 1-10 of 12')).toBeVisible()

  await page.getByLabel('Tier').click()
  await page.getByRole('option', { name: 'Top Tier' }).click()
  await expect(page).toHaveURL(/\/verifications\?tier=top$/)
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Tier' })).toHaveText('Top Tier')
  await expect(rows).toHaveCount(1)

  // Below 768 px the table gives way to cards with the same status and action.
  await page.setViewportSize({ width: 390, height: 844 })
  const cards = page.getByTestId('verification-card')
  await expect(cards).toHaveCount(1)
  await expect(page.getByRole('table')).toHaveCount(0)
  await expect(cards.first()).toContainText('Top Tier')
  await expect(cards.first().getByRole('link', { name: 'Continue' })).toBeVisible()
  await page.setViewportSize({ width: 1366, height: 900 })
  await expect(rows).toHaveCount(1)
})
