import { expect as baseExpect, test } from '@playwright/test'
import { axe } from './axe'
import { ADMIN, adminDecides, createVerificationByApi, loginByApi, open, payInFullByApi, registerByApi, shot, submitByApi, uniqueEmail } from './helpers'

const expect = baseExpect.configure({ timeout: 30_000 })
test.use({ bypassCSP: true })

// The audit exports from the browser: the review page's audit trail links its CSV and its signed
// PDF report, which download as what they say; the dashboard's date-range export links the chosen
// days. Both screens stay axe clean at 1366 and 390 px.
test('an administrator exports a verification audit trail and the audit log of a range of days', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const owner = await browser.newContext()
  await registerByApi(owner.request, uniqueEmail('audit'))
  const v = await createVerificationByApi(owner.request, 'basic')
  await submitByApi(owner.request, v.id)
  await payInFullByApi(owner.request, v.id)
  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  await adminDecides(page.request, v.id)

  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height })
    await open(page, `/admin/verifications/${v.id}`)
    const csvLink = page.getByRole('link', { name: 'Export audit (CSV)' })
    const pdfLink = page.getByRole('link', { name: 'Audit report (PDF)' })
    await csvLink.scrollIntoViewIfNeeded()
    await expect(csvLink).toBeVisible()
    await expect(pdfLink).toBeVisible()
    await shot(page, `audit-review-${width}`)
    await axe(page, `review page at ${width}`)

    await open(page, '/admin')
    const exportLink = page.getByRole('link', { name: 'Export audit log (CSV)' })
    await exportLink.scrollIntoViewIfNeeded()
    await expect(exportLink).toHaveAttribute('href', /\/api\/admin\/audit\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/)
    await shot(page, `audit-dashboard-${width}`, false)
    await axe(page, `dashboard at ${width}`)
  }

  const csv = await page.request.get(`/api/admin/verifications/${v.id}/audit.csv`)
  expect(csv.headers()['content-type']).toContain('text/csv')
  const text = await csv.text()
  expect(text.split('\r\n')[0]).toBe('record,time,actor,action,from_status,to_status,subject,list,entry,detail')
  expect(text).toContain(`,${ADMIN.email},approve,`)
  const pdf = await page.request.get(`/api/admin/verifications/${v.id}/audit.pdf`)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  const day = new Date().toISOString().slice(0, 10)
  const log = await (await page.request.get(`/api/admin/audit.csv?from=${day}&to=${day}`)).text()
  expect(log).toContain(`,${v.id},${ADMIN.email},approve,`)
  expect((await owner.request.get(`/api/admin/audit.csv?from=${day}&to=${day}`)).status()).toBe(403)
})
