import { expect, test, type Page } from '@playwright/test'
import { axe } from './axe'
import { createVerificationByApi, pdfFile, registerByApi, shot, slotFile, toastText } from './helpers'

test.use({ bypassCSP: true })

const MB = 1024 * 1024

/** bigPdf is a valid PDF padded to `size` bytes: the server reads the type from its leading bytes. */
function bigPdf(name: string, size = 8 * MB) {
  const pdf = pdfFile(name)
  return { ...pdf, buffer: Buffer.concat([pdf.buffer, Buffer.alloc(size - pdf.buffer.length, 0x20)]) }
}

/** throttle limits the page's upload speed in bytes per second (Chromium's network emulation), or lifts the limit. */
async function throttle(page: Page, uploadThroughput: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput })
}

async function openDocuments(page: Page) {
  await registerByApi(page.request)
  const v = await createVerificationByApi(page.request)
  await page.goto(`/verification/${v.id}?tab=documents`)
  const slot = page.getByRole('tabpanel', { name: 'Documents' }).locator('[data-state]').filter({ hasText: 'Certificate of Incorporation' })
  return { id: v.id, slot, input: page.getByLabel('Upload Certificate of Incorporation') }
}

/** percent reads the bar's value, or -1 while there is no bar. */
async function percent(page: Page) {
  const bar = page.getByRole('progressbar', { name: /^Uploading / })
  return (await bar.count()) ? Number(await bar.getAttribute('aria-valuenow')) : -1
}

test('a large upload shows its progress through a slow connection, then the document is listed', async ({ page }) => {
  test.setTimeout(120_000)
  const { id, slot, input } = await openDocuments(page)
  // 8 MB at 256 KB/s: some 32 seconds on the way, long enough to look at the bar at both widths.
  await throttle(page, 256 * 1024)
  await input.setInputFiles(bigPdf('articles.pdf'))

  const bar = slot.getByRole('progressbar', { name: 'Uploading articles.pdf' })
  await expect(bar).toBeVisible()
  await expect.poll(() => percent(page)).toBeGreaterThan(0)
  const midway = await percent(page)
  expect(midway).toBeLessThan(100)
  await expect(bar).toHaveAttribute('aria-valuetext', /^\d+\.\d MB of 8\.0 MB, \d+%$/)
  await expect(slot.getByText(/^\d+\.\d MB of 8\.0 MB, \d+%$/)).toBeVisible()
  await expect(slot.getByRole('button', { name: 'Cancel upload of articles.pdf' })).toBeVisible()
  await slot.scrollIntoViewIfNeeded()
  await shot(page, '70-upload-progress-1366', false)
  await axe(page, 'upload progress (1366px)')

  await page.setViewportSize({ width: 390, height: 844 })
  await slot.scrollIntoViewIfNeeded()
  // The bar moved on meanwhile.
  const later = await percent(page)
  expect(later).toBeGreaterThan(midway)
  expect(later).toBeLessThan(100)
  await shot(page, '71-upload-progress-390', false)
  await axe(page, 'upload progress (390px)')

  // The document is listed when the server has it.
  await expect(slotFile(page, 'articles.pdf')).toBeVisible({ timeout: 60_000 })
  await expect(toastText(page, 'Document uploaded')).toBeVisible()
  await expect(bar).toHaveCount(0)
  const docs = (await (await page.request.get(`/api/verifications/${id}/documents`)).json()) as { originalFilename: string; size: number }[]
  expect(docs.map((d) => [d.originalFilename, d.size])).toEqual([['articles.pdf', 8 * MB]])
})

test('Cancel stops a large upload, and nothing is stored', async ({ page }) => {
  const { id, slot, input } = await openDocuments(page)
  await throttle(page, 256 * 1024)
  await input.setInputFiles(bigPdf('cancelled.pdf'))
  await expect.poll(() => percent(page)).toBeGreaterThan(0)
  await slot.getByRole('button', { name: 'Cancel upload of cancelled.pdf' }).click()

  await expect(slot).toHaveAttribute('data-state', 'empty')
  await expect(slot.getByRole('progressbar')).toHaveCount(0)
  await expect(input).toBeEnabled()
  await expect(page.locator('li[data-variant]')).toHaveCount(0)
  // The server saw a body cut short: give it a moment to have given up, then look.
  await page.waitForTimeout(1_000)
  expect(await (await page.request.get(`/api/verifications/${id}/documents`)).json()).toEqual([])

  // The slot takes a file again as before.
  await throttle(page, -1)
  await input.setInputFiles(pdfFile('after.pdf'))
  await expect(slotFile(page, 'after.pdf')).toBeVisible()
})

test('after a dropped connection Retry sends the same file again', async ({ page }) => {
  const { id, slot, input } = await openDocuments(page)
  // The first upload's connection is reset; the retry goes through.
  let dropped = 0
  await page.route(`**/api/verifications/${id}/documents`, async (route) => {
    if (route.request().method() === 'POST' && dropped === 0) {
      dropped += 1
      await route.abort('connectionreset')
      return
    }
    await route.fallback()
  })
  await input.setInputFiles(bigPdf('retried.pdf', 3 * MB))

  const alert = slot.getByRole('alert')
  await expect(alert).toContainText('Connection lost')
  await expect(alert).toContainText('The connection dropped before retried.pdf finished uploading.')
  await expect(toastText(page, 'Upload failed')).toHaveCount(0)
  expect(dropped).toBe(1)
  expect(await (await page.request.get(`/api/verifications/${id}/documents`)).json()).toEqual([])
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await slot.scrollIntoViewIfNeeded()
    await shot(page, `72-upload-dropped-${width}`, false)
    await axe(page, `dropped upload (${width}px)`)
  }

  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(slotFile(page, 'retried.pdf')).toBeVisible()
  await expect(toastText(page, 'Document uploaded')).toBeVisible()
  await expect(alert).toHaveCount(0)
  const docs = (await (await page.request.get(`/api/verifications/${id}/documents`)).json()) as { originalFilename: string; size: number }[]
  expect(docs.map((d) => [d.originalFilename, d.size])).toEqual([['retried.pdf', 3 * MB]])
})
