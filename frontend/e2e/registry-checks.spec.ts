import { expect as baseExpect, test } from '@playwright/test'
import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import { ADMIN, createVerificationByApi, fillByApi, loginByApi, noSideScroll, payInFullByApi, registerByApi, screenedByApi, shot, uniqueEmail } from './helpers'

const expect = baseExpect.configure({ timeout: 30_000 })
test.use({ bypassCSP: true })

// GLEIF and VIES on the port after the server's (e2e/start-server.sh points GLEIF_API_URL and
// VIES_API_URL there): GLEIF answers the recorded lei-record of Bloomberg Finance L.P.; VIES says
// the member state is unavailable until `viesUp`, then that the number is valid with another name.
const PORT = Number(process.env.E2E_PORT ?? 18473) + 1
const RECORD = fs.readFileSync(path.join(import.meta.dirname, '../../adapters/registry/testdata/gleif_5493001KJTIIGC8Y1R12.json'))
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const SHOTS = process.env.SHOTS_DIR
let viesUp = false
let stub: http.Server

test.beforeAll(async () => {
  stub = http.createServer((req, res) => {
    if (req.url === '/api/v1/lei-records/5493001KJTIIGC8Y1R12') {
      res.writeHead(200, { 'Content-Type': 'application/vnd.api+json' }).end(RECORD)
    } else if (req.url?.startsWith('/api/v1/')) {
      res.writeHead(404).end('{"errors":[{"status":"404","title":"Not Found"}]}')
    } else if (!viesUp) {
      res.writeHead(200).end('{"actionSucceed":false,"errorWrappers":[{"error":"MS_UNAVAILABLE"}]}')
    } else {
      res.writeHead(200).end('{"countryCode":"FR","vatNumber":"40303265045","valid":true,"name":"GLOBEX SARL","address":"---"}')
    }
  })
  await new Promise<void>((resolve) => stub.listen(PORT, '127.0.0.1', resolve))
})
test.afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())))

test('the reviewer sees the registry findings of a Top verification and checks an unavailable register again', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const owner = await browser.newContext()
  await registerByApi(owner.request, uniqueEmail('registry'))
  const v = await createVerificationByApi(owner.request, 'top')
  await fillByApi(owner.request, v.id)
  const put = async (url: string, data: object) => expect((await owner.request.put(url, { data })).status()).toBe(200)
  await put(`/api/verifications/${v.id}/company-info`, {
    companyName: 'Bloomberg Finance LP',
    registrationNumber: '2882049',
    registeredAddress: '1209 Orange Street, Wilmington, DE 19801',
    phoneNumber: '+1 212 318 2000',
    email: 'ops@bloomberg.example',
    countryOfIncorporation: 'US',
    dateOfIncorporation: '1993-06-03',
    taxId: 'US-2882049',
    lei: '5493001KJTIIGC8Y1R12',
    vatNumber: 'FR40303265045',
  })
  await put(`/api/verifications/${v.id}/banking-info`, {
    bankName: 'Deutsche Bank AG',
    bankAddress: 'Taunusanlage 12, 60325 Frankfurt am Main, United Kingdom',
    accountName: 'Bloomberg Finance LP',
    accountNumber: 'DE89 3704 0044 0532 0130 00',
    swiftCode: 'DEUTDEFF',
    currency: 'EUR',
  })
  expect((await owner.request.post(`/api/verifications/${v.id}/submit`)).status()).toBe(200)
  await payInFullByApi(owner.request, v.id)

  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  await screenedByApi(page.request, v.id)
  await page.goto(`/admin/verifications/${v.id}`)
  await page.getByRole('tab', { name: /^Screening/ }).click()
  const heading = page.getByRole('heading', { name: 'Registry and identifier checks' })
  await expect(heading).toBeVisible()
  const lei = page.getByRole('article', { name: 'LEI 5493001KJTIIGC8Y1R12' })
  await expect(lei.getByText('match: LEI 5493001KJTIIGC8Y1R12 verified with GLEIF')).toBeVisible()
  const vat = page.getByRole('article', { name: 'VAT number FR40303265045' })
  await expect(vat.getByText('unavailable: the service did not answer')).toBeVisible()
  await expect(page.getByRole('article', { name: 'SWIFT/BIC DEUTDEFF' }).getByText('Mismatch', { exact: true })).toBeVisible()

  const card = page.locator('div', { has: heading }).filter({ has: page.getByRole('button', { name: 'Check Again' }) }).last()
  await expect(card).toHaveCount(1)
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height })
    await noSideScroll(page, `registry findings (${width}px)`)
    await heading.scrollIntoViewIfNeeded()
    await page.addScriptTag({ content: AXE })
    const violations = await page.evaluate(async () => {
      const w = window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string }[] }> } }
      return (await w.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations.map((x) => x.id)
    })
    expect(violations, `axe at ${width}px`).toEqual([])
    await shot(page, `registry-findings-${width}`, false)
    if (SHOTS) await card.screenshot({ path: path.join(SHOTS, `registry-findings-${width}.png`) })
  }
  await page.setViewportSize({ width: 1366, height: 900 })

  viesUp = true
  await page.getByRole('button', { name: 'Check Again' }).click()
  await expect(vat.getByText('Mismatch', { exact: true })).toBeVisible()
  await expect(vat.getByRole('cell', { name: 'GLOBEX SARL' })).toBeVisible()
})
