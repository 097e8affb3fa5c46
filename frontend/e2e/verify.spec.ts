import { expect, test, type Page } from '@playwright/test'
import { axe } from './axe'
import { approvedByApi, noSideScroll, open, pdfFile, shot } from './helpers'

// A counterparty checks what it was handed on the "Verify a document" page, at a desktop's and a
// phone's width: the real certificate PDF, a changed copy, a PDF we never signed, a certificate ID,
// and the same PDF after the certificate was revoked. axe is injected: bypass the CSP.
test.use({ bypassCSP: true })

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]

async function checkPDF(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel('PDF to verify').setInputFiles({ name, mimeType: 'application/pdf', buffer })
}

async function verdict(page: Page, text: string | RegExp, label: string, width: number) {
  await expect(page.getByTestId('verdict')).toHaveText(text)
  await axe(page, `${label} (${width}px)`)
  await shot(page, `verify-${label.replace(/\W+/g, '-')}-${width}`)
  await noSideScroll(page, `${label} (${width}px)`)
}

test('each verdict of the document check, and the badge snippet on the approved page, at 1366 and 390 px', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const { owner, admin, v } = await approvedByApi(browser, 'verified')
  const pdf = await (await owner.request.get(`/api/verifications/${v.id}/certificate`)).body()
  const changed = Buffer.from(pdf)
  const stream = changed.indexOf('stream\n', changed.indexOf('/Type /Page'))
  changed[stream + 17] ^= 1

  // The approved page offers the badge: its preview loads and its snippet links the public page.
  const ownerPage = await owner.newPage()
  await open(ownerPage, `/verification/${v.id}`)
  const snippet = ownerPage.getByLabel('HTML snippet')
  await expect(snippet).toHaveValue(new RegExp(`/v/${v.publicId}"><img src="[^"]+/api/public/verifications/${v.publicId}/badge.svg"`))
  const preview = ownerPage.getByRole('img', { name: 'Preview of your badge' })
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await shot(ownerPage, 'verify-badge-snippet-1366')

  for (const size of SIZES) {
    await page.setViewportSize(size)
    await open(page, '/verify')
    await expect(page.getByRole('heading', { name: 'Verify a document' })).toBeVisible()
    await axe(page, `verify page (${size.width}px)`)

    await checkPDF(page, 'certificate.pdf', pdf)
    await verdict(page, /^Genuine and valid until /, 'genuine', size.width)
    await expect(page.getByText('Seeded Metals Ltd')).toBeVisible()
    await expect(page.getByTestId('proof-check').first()).toHaveText('Signature: Signed by TTT Verify and unchanged since it was signed')

    await checkPDF(page, 'changed.pdf', changed)
    await verdict(page, 'Modified after it was issued: do not rely on it', 'modified', size.width)
    await expect(page.getByText("The company's public record")).toHaveCount(0)

    await page.getByLabel('PDF to verify').setInputFiles(pdfFile('other.pdf'))
    await verdict(page, 'Not issued by TTT Verify', 'foreign', size.width)

    await page.getByLabel('Or paste a credential or enter a certificate ID').fill(v.publicId)
    await page.getByRole('button', { name: 'Check' }).click()
    await expect(page.getByTestId('verdict')).toHaveText(/^Genuine and valid until /)
  }

  // An expired certificate cannot be produced in a browser run (the server's clock is real): its
  // verdict's layout is checked on the server's answer for it (tests/verify_document_test.go makes it).
  await page.route('**/api/public/verify', (route) =>
    route.fulfill({
      json: { verdict: 'expired', message: 'Genuine, but it expired on November 27, 2026', certificate: null,
        checks: [{ name: 'Live status', passed: false, detail: 'Expired on November 27, 2026' }] },
    }),
  )
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.getByRole('button', { name: 'Check' }).click()
    await verdict(page, 'Genuine, but it expired on November 27, 2026', 'expired', size.width)
  }
  await page.unroute('**/api/public/verify')

  const revoked = await admin.request.post(`/api/admin/verifications/${v.id}/revoke`, { data: { reason: 'Documents found forged' } })
  expect(revoked.status()).toBe(200)
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await open(page, '/verify')
    await checkPDF(page, 'certificate.pdf', pdf)
    await verdict(page, /^Genuine, but this certificate was revoked on /, 'revoked', size.width)
  }

  // The landing page and the certificate page lead here.
  await open(page, '/')
  await page.setViewportSize(SIZES[0])
  await page.getByRole('link', { name: 'Verify a document' }).first().click()
  await expect(page).toHaveURL(/\/verify$/)
})
