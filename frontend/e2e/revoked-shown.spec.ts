import { expect as baseExpect, test } from '@playwright/test'
import { ADMIN, adminDecides, createVerificationByApi, fillByApi, loginByApi, open, payInFullByApi, pngFile, registerByApi, shot, uniqueEmail } from './helpers'

const expect = baseExpect.configure({ timeout: 30_000 })

const rep = (fullName: string, passportNumber: string) => ({
  fullName,
  position: 'Director',
  nationality: 'GB',
  dateOfBirth: '1970-01-01',
  passportNumber,
  issuingCountry: 'GB',
  expiryDate: '2030-01-01',
  email: 'director@seeded.example',
  phoneNumber: '+44 7000 000000',
})

// A revoked certificate reads Revoked, never Approved, wherever its status shows, at both widths;
// each passport is named after its representative.
test('a revoked certificate reads Revoked in every list and badge; passports name their representative', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const owner = await browser.newContext()
  await registerByApi(owner.request, uniqueEmail('revoked'))
  const v = await createVerificationByApi(owner.request, 'basic')
  await fillByApi(owner.request, v.id, [rep('Ada Stone', 'AS1'), rep('Ben Stone', 'BS2')])
  const reps = (await (await owner.request.get(`/api/verifications/${v.id}/representatives`)).json()) as { id: number }[]
  for (const r of reps) {
    const up = await owner.request.post(`/api/verifications/${v.id}/representatives/${r.id}/passport`, { multipart: { file: pngFile('passport.png') } })
    expect(up.status(), await up.text()).toBe(201)
  }
  expect((await owner.request.post(`/api/verifications/${v.id}/submit`)).ok()).toBe(true)
  await payInFullByApi(owner.request, v.id)
  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  await adminDecides(page.request, v.id)
  expect((await page.request.post(`/api/admin/verifications/${v.id}/revoke`, { data: { reason: 'Documents found forged' } })).ok()).toBe(true)

  const mine = await owner.newPage()
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await mine.setViewportSize({ width, height })
    await open(mine, `/verification/${v.id}`)
    await expect(mine.locator('h1').getByText('Revoked', { exact: true })).toBeVisible()
    await expect(mine.locator('h1').getByText('Approved', { exact: true })).toHaveCount(0)
    await expect(mine.locator('[data-status="revoked"]')).toBeVisible()
    await shot(mine, `revoked-detail-${width}`, false)

    await open(mine, '/verifications?status=revoked')
    const row = mine.locator('[data-testid="verification-row"], [data-testid="verification-card"]').filter({ hasText: 'Seeded Metals Ltd' }).filter({ visible: true })
    await expect(row.getByText('Revoked', { exact: true })).toBeVisible()
    await shot(mine, `revoked-list-${width}`, false)

    await open(mine, '/dashboard')
    const completed = mine.getByRole('list', { name: 'Completed Verifications' })
    await expect(completed.getByText('Revoked', { exact: true })).toBeVisible()
    await expect(completed.getByText('Approved', { exact: true })).toHaveCount(0)
    await shot(mine, `revoked-dashboard-${width}`)

    await page.setViewportSize({ width, height })
    await open(page, `/admin?status=revoked&publicId=${v.publicId}`)
    await expect(page.getByTestId('count-revoked')).toContainText(/Revoked\s*[1-9]/)
    await shot(page, `revoked-admin-queue-${width}`, false)
    await open(page, `/admin/verifications/${v.id}`)
    await expect(page.locator('h1').getByText('Revoked', { exact: true })).toBeVisible()
    await page.getByRole('tab', { name: 'Documents' }).click()
    await expect(page.getByText(/Ada Stone/).first()).toBeVisible()
    await expect(page.getByText(/Ben Stone/).first()).toBeVisible()
    await shot(page, `revoked-admin-documents-${width}`, false)
  }
  await owner.close()
})
