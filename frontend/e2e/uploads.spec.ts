import { expect, test } from '@playwright/test'
import { createVerificationByApi, pdfFile, registerByApi, shot, toastText } from './helpers'

test('client-side upload checks reject large and wrong-type files', async ({ page }) => {
  await registerByApi(page.request)
  const v = await createVerificationByApi(page.request)
  await page.goto(`/verification/${v.id}?tab=documents`)
  const input = page.getByLabel('Upload Certificate of Incorporation')

  await input.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(30 * 1024 * 1024 + 1, 0x20) })
  await expect(toastText(page, 'File too large')).toBeVisible()
  await expect(toastText(page, 'The file size should not exceed 30MB')).toBeVisible()
  await shot(page, '40-upload-too-large', false)

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(toastText(page, 'Invalid file type')).toBeVisible()
  await expect(toastText(page, 'Only PDF, JPG, and PNG files are allowed')).toBeVisible()
  await shot(page, '41-upload-wrong-type', false)

  // Nothing was uploaded.
  const docs = await page.request.get(`/api/verifications/${v.id}/documents`)
  expect(await docs.json()).toEqual([])

  // The server checks bytes, not names: a .pdf that is not a PDF is refused (415), read as the type check.
  await expect(toastText(page, 'Invalid file type')).toHaveCount(0) // the client's own refusal has gone
  await input.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') })
  await expect(toastText(page, 'Invalid file type')).toBeVisible()
  expect(await (await page.request.get(`/api/verifications/${v.id}/documents`)).json()).toEqual([])

  await input.setInputFiles(pdfFile('real.pdf'))
  await expect(toastText(page, 'Document uploaded')).toBeVisible()
  await page.getByRole('button', { name: 'Delete real.pdf' }).click()
  await expect(toastText(page, 'Document deleted')).toBeVisible()
})
