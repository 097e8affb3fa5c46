import { expect, test, type Page } from '@playwright/test'
import { ADMIN, adminDecides, createVerificationByApi, fillByApi, loginByApi, noSideScroll, open, payByApi, registerByApi, screenedByApi } from './helpers'

// Both lists fit a laptop: at 1280 and 1366 px the table is no wider than its card (no sideways
// scrolling inside it) and the Actions column, the last one, is whole. The rows carry what makes
// a row wide in real life: a long company name and e-mail, a revoked certificate beside its status.

/** fitsItsCard measures the list's table against the box that would scroll it, and the Actions header against the table. */
async function fitsItsCard(page: Page, name: string) {
  const table = page.getByRole('table', { name: 'Verifications' })
  await expect(table).toBeVisible()
  const m = await table.evaluate((t) => {
    const box = t.parentElement as HTMLElement
    const actions = [...t.querySelectorAll('th')].find((th) => th.textContent?.trim() === 'Actions') as HTMLElement
    const a = actions.getBoundingClientRect()
    const b = box.getBoundingClientRect()
    return { table: t.scrollWidth, box: box.clientWidth, scrolls: box.scrollWidth > box.clientWidth, clipped: actions.scrollWidth > actions.clientWidth, actionsRight: a.right, boxRight: b.right }
  })
  expect(m.scrolls, `${name}: the table scrolls sideways inside its card (${m.table}px in ${m.box}px)`).toBe(false)
  expect(m.table, `${name}: table width`).toBeLessThanOrEqual(m.box)
  expect(m.clipped, `${name}: the Actions header is cut`).toBe(false)
  expect(m.actionsRight, `${name}: the Actions column ends inside the card`).toBeLessThanOrEqual(m.boxRight + 0.5)
}

const LONG_NAME = 'Consolidated Intercontinental Non-Ferrous Metals Trading and Logistics Company (Singapore) Pte. Ltd.'

test('both lists fit 1280 and 1366 px without scrolling sideways', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const email = await registerByApi(page.request, `a-rather-long-procurement-mailbox.${Date.now().toString(36)}@consolidated-intercontinental-metals.example`)
  const rows = []
  for (const tier of ['basic', 'top', 'basic'] as const) {
    const v = await createVerificationByApi(page.request, tier)
    await fillByApi(page.request, v.id)
    const r = await page.request.put(`/api/verifications/${v.id}/company-info`, {
      data: {
        companyName: LONG_NAME,
        registrationNumber: 'SM-1',
        registeredAddress: '1 Seed St',
        operatingAddress: '',
        phoneNumber: '+65 6000 0000',
        email: 'ops@seeded.example',
        website: '',
        countryOfIncorporation: 'SG',
        dateOfIncorporation: '2010-01-01',
        taxId: 'SG-1',
      },
    })
    expect(r.ok(), await r.text()).toBe(true)
    rows.push(v)
  }
  const [approved, revoked, inReview] = rows
  for (const v of rows) {
    const s = await page.request.post(`/api/verifications/${v.id}/submit`)
    expect(s.ok(), await s.text()).toBe(true)
    await payByApi(page.request, v.id)
  }
  const ctx = await browser.newContext()
  const admin = await ctx.newPage()
  await loginByApi(admin.request, ADMIN.email, ADMIN.password)
  await adminDecides(admin.request, approved.id)
  // The revoked row is a Top verification: it may be approved once its screening run is done.
  await screenedByApi(admin.request, revoked.id)
  await adminDecides(admin.request, revoked.id)
  const r = await admin.request.post(`/api/admin/verifications/${revoked.id}/revoke`, { data: { reason: 'Licence withdrawn by the registry' } })
  expect(r.ok(), await r.text()).toBe(true)
  expect(inReview.id).toBeGreaterThan(0)

  await open(page, '/verifications')
  await open(admin, `/admin?status=all&email=${encodeURIComponent(email)}`)
  await expect(admin.getByTestId('admin-row')).toHaveCount(3)
  for (const width of [1280, 1366, 1440]) {
    for (const p of [page, admin]) await p.setViewportSize({ width, height: 900 })
    await fitsItsCard(page, `applicant list at ${width}`)
    await fitsItsCard(admin, `admin list at ${width}`)
  }
  // Narrower, beside the sidebar, the columns no longer fit: each row is a card, and nothing scrolls sideways.
  for (const width of [1024, 1100]) {
    for (const p of [page, admin]) await p.setViewportSize({ width, height: 900 })
    for (const [p, card] of [[page, 'verification-card'], [admin, 'admin-card']] as const) {
      await expect(p.getByTestId(card)).toHaveCount(3)
      await expect(p.getByRole('table', { name: 'Verifications' })).toHaveCount(0)
      await noSideScroll(p, `${card} page at ${width}`)
    }
  }
  await ctx.close()
})
