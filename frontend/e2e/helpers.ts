import { expect, test, type APIRequestContext, type Browser, type Page, type Request, type Response } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export const ARTIFACTS = path.join(import.meta.dirname, 'artifacts')
fs.mkdirSync(ARTIFACTS, { recursive: true })

/** shot saves the page into e2e/artifacts for people to look at; CI, which keeps only its log, saves none. */
export async function shot(page: Page, name: string, fullPage = true) {
  if (process.env.CI) return
  // Full-page captures of a scrolled page misplace fixed and sticky elements: start from the top.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage })
}

/**
 * noSideScroll expects the page to be no wider than its window, as a phone must not scroll sideways.
 * It asks until the layout has caught up with a new window size, which a busy renderer may take
 * a moment to do, and fails if the page is still too wide after the expect timeout.
 */
export async function noSideScroll(page: Page, what = 'the page') {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  await expect.poll(overflow, { message: `${what} is wider than its window by this many pixels` }).toBeLessThanOrEqual(0)
}

let counter = 0
export function uniqueEmail(prefix = 'trader') {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`
}

export const PASSWORD = 'correct-horse-9'

/** A tiny but valid PDF: the server decides the type from the leading bytes. */
export function pdfFile(name: string) {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n')
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) }
}

/** A valid 1x1 PNG. */
export function pngFile(name: string) {
  return {
    name,
    mimeType: 'image/png',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
  }
}

export async function registerByApi(request: APIRequestContext, email = uniqueEmail()) {
  const r = await request.post('/api/register', { data: { email, password: PASSWORD } })
  expect(r.status(), await r.text()).toBe(201)
  return email
}

export async function createVerificationByApi(request: APIRequestContext, tier: 'basic' | 'top' = 'basic') {
  const r = await request.post('/api/verifications', { data: { tier } })
  expect(r.status(), await r.text()).toBe(201)
  return (await r.json()) as { id: number; publicId: string }
}

/** pickOption chooses an option of a Radix select by its label. */
export async function pickOption(page: Page, label: string | RegExp, option: string) {
  await page.getByLabel(label).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** toastText finds text in the visible toast (Radix also mirrors it into a screen-reader live region). */
export function toastText(page: Page, text: string) {
  return page.locator('li[data-variant]').getByText(text, { exact: true })
}

/** slotFile finds an uploaded file's row in an upload slot. */
export function slotFile(page: Page, name: string) {
  return page.locator('[data-state="done"] li').getByText(name, { exact: true })
}

/** A representative as POST /api/verifications/{id}/representatives takes it. */
export interface RepresentativeInput {
  fullName: string
  position: string
  nationality: string
  dateOfBirth: string
  passportNumber: string
  issuingCountry: string
  expiryDate: string
  email: string
  phoneNumber: string
}

const SAM_SEED: RepresentativeInput = {
  fullName: 'Sam Seed',
  position: 'Director',
  nationality: 'GB',
  dateOfBirth: '1970-01-01',
  passportNumber: 'P1',
  issuingCountry: 'GB',
  expiryDate: '2030-01-01',
  email: 'sam@seeded.example',
  phoneNumber: '+44 7000 000000',
}

/** submitByApi fills every section of a draft through the API (one representative unless given) and submits it. */
export async function submitByApi(request: APIRequestContext, id: number, representatives: RepresentativeInput[] = [SAM_SEED]) {
  await fillByApi(request, id, representatives)
  const r = await request.post(`/api/verifications/${id}/submit`)
  expect(r.ok(), `submit ${r.status()} ${await r.text()}`).toBe(true)
}

/** fillByApi fills every section of a draft through the API, ready to submit. */
export async function fillByApi(request: APIRequestContext, id: number, representatives: RepresentativeInput[] = [SAM_SEED]) {
  const ok = async (p: Promise<import('@playwright/test').APIResponse>) => {
    const r = await p
    expect(r.ok(), `${r.url()} ${r.status()} ${await r.text()}`).toBe(true)
    return r
  }
  const base = `/api/verifications/${id}`
  await ok(
    request.post(`${base}/company-info`, {
      data: {
        companyName: 'Seeded Metals Ltd',
        registrationNumber: 'SM-1',
        registeredAddress: '1 Seed St',
        operatingAddress: '',
        phoneNumber: '+44 20 0000 0000',
        email: 'ops@seeded.example',
        website: '',
        countryOfIncorporation: 'GB',
        dateOfIncorporation: '2010-01-01',
        taxId: 'GB-1',
      },
    }),
  )
  const repIds: number[] = []
  for (const rep of representatives) repIds.push((await (await ok(request.post(`${base}/representatives`, { data: rep }))).json()).id)
  // A Top verification also needs beneficial ownership: here the declaration naming the first representative.
  const { tier } = await (await ok(request.get(base))).json()
  if (tier === 'top' && repIds.length > 0) {
    await ok(request.put(`${base}/ownership-declaration`, { data: { seniorOfficialId: repIds[0] } }))
  }
  await ok(
    request.post(`${base}/banking-info`, {
      data: {
        bankName: 'Barclays',
        bankAddress: 'London',
        accountName: 'Seeded Metals Ltd',
        accountNumber: '12345678',
        swiftCode: 'BARCGB22',
        currency: 'GBP',
        bankContact: '',
      },
    }),
  )
  await ok(
    request.post(`${base}/trade-info`, {
      data: { productsTraded: 'Aluminium', otherProducts: '', incoterms: 'FOB', targetQuantity: '', preferredOrigin: '', targetPrice: '', pastTransactions: '' },
    }),
  )
  for (const type of ['incorporation_certificate', 'business_license', 'shareholder_info']) {
    await ok(request.post(`${base}/documents`, { multipart: { type, file: pdfFile(`${type}.pdf`) } }))
  }
}

/** The administrator e2e/start-server.sh creates with `create-admin`. */
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.example',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-pass',
}

export async function loginByApi(request: APIRequestContext, email: string, password: string) {
  const r = await request.post('/api/login', { data: { email, password } })
  expect(r.status(), await r.text()).toBe(200)
}

/** payByApi pays a submitted verification (or, with `purpose: 'upgrade'`, its upgrade) with the simulated provider's good test card. */
export async function payByApi(request: APIRequestContext, id: number, purpose?: 'upgrade') {
  const r = await request.post('/api/create-payment-intent', { data: purpose ? { verificationId: id, purpose } : { verificationId: id } })
  expect(r.status(), await r.text()).toBe(200)
  const intent = (await r.json()) as { paymentIntentId: string }
  const c = await request.post(`/api/simulated-payments/${encodeURIComponent(intent.paymentIntentId)}/confirm`, {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  })
  expect(c.status(), await c.text()).toBe(200)
}

/** adminDecides approves (no reason) or rejects (with one) a verification as the administrator signed in on `request`. */
export async function adminDecides(request: APIRequestContext, id: number, reason?: string) {
  const r = reason
    ? await request.post(`/api/admin/verifications/${id}/reject`, { data: { reason } })
    : await request.post(`/api/admin/verifications/${id}/approve`)
  expect(r.status(), await r.text()).toBe(200)
}

/**
 * FIRST_PAINT is how long a freshly opened screen may take to show its content: on two cores shared
 * by many jobs a first load (the server, then several lazy chunks) can pass the 10 s default.
 */
export const FIRST_PAINT = { timeout: 45_000 }

/**
 * NAVIGATION is how long a page may take to load. A load takes seconds even on a busy machine; one
 * that has not finished in 90 s never does (CI met one stuck for 5 minutes), so it fails then.
 */
export const NAVIGATION = { timeout: 90_000 }

/**
 * go navigates to `url` and waits for the load event. When the load does not come, the error lists
 * the navigation's requests still open, each with whether its answer had begun, and whether the
 * server answers the same address at once: what tells a stuck browser from a stuck server. (The
 * page itself cannot be asked: DevTools holds every command to a frame until its navigation ends.)
 */
export async function go(page: Page, url: string) {
  const began = Date.now()
  const open = new Map<Request, string>()
  const sent = (r: Request) => open.set(r, `sent at ${Date.now() - began} ms, no answer`)
  const answered = (r: Response) => open.set(r.request(), `sent, answer ${r.status()} begun at ${Date.now() - began} ms`)
  const done = (r: Request) => open.delete(r)
  page.on('request', sent)
  page.on('response', answered)
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  try {
    await page.goto(url, NAVIGATION)
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${await stallReport(page, url, open)}`)
  } finally {
    page.off('request', sent)
    page.off('response', answered)
    page.off('requestfinished', done)
    page.off('requestfailed', done)
  }
}

async function stallReport(page: Page, url: string, open: Map<Request, string>) {
  const requests = [...open].map(([r, state]) => `${r.method()} ${r.url()} (${r.resourceType()}, ${state})`)
  const asked = Date.now()
  const server = await page
    .context()
    .request.get(url, { timeout: 10_000 })
    .then(
      (r) => `answers ${r.status()} in ${Date.now() - asked} ms`,
      (e: Error) => `does not answer: ${e.message.split('\n')[0]}`,
    )
  return [
    `Requests of this navigation still open: ${requests.join('; ') || 'none (the browser never sent the page request)'}.`,
    `The server, asked for ${url} again: ${server}.`,
  ].join('\n')
}

/** open goes to `url` and waits until the screen shows its main heading and no spinner. */
export async function open(page: Page, url: string) {
  await go(page, url)
  await expect(page.locator('h1').first()).toBeVisible(FIRST_PAINT)
  await expect(page.locator('[role="status"]', { hasText: /^Loading$/ })).toHaveCount(0, FIRST_PAINT)
}

/** payInFullByApi pays a submitted verification with the 100% coupon start-server.sh creates. */
export async function payInFullByApi(request: APIRequestContext, id: number) {
  const r = await request.post('/api/create-payment-intent', { data: { verificationId: id, couponCode: 'FREE100' } })
  expect(((await r.json()) as { paid: boolean }).paid).toBe(true)
}

/** screenedByApi waits (as an administrator) until the Top verification's screening run is done. */
export async function screenedByApi(adminRequest: APIRequestContext, id: number) {
  await expect
    .poll(async () => ((await (await adminRequest.get(`/api/admin/verifications/${id}/screening`)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('done')
}

/** approveInReview approves the verification open on the admin review page: Approve, then the confirmation. */
export async function approveInReview(page: Page) {
  await page.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: /Approve verification/ }).getByRole('button', { name: 'Approve and issue certificate' }).click()
}

/** watch collects uncaught errors and React warnings for the test to fail on; expected 4xx only log "Failed to load resource". */
export function watch(page: Page) {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`console: ${m.text()}`)
  })
  return problems
}

/**
 * inReviewByApi makes a Basic verification wait for review the way its owner would: registers on
 * `request` (which stays signed in as the owner), fills in, submits and pays with the 100% coupon.
 * It returns the verification and the owner's e-mail.
 */
export async function inReviewByApi(request: APIRequestContext, who: string) {
  const email = uniqueEmail(who)
  await registerByApi(request, email)
  const v = await createVerificationByApi(request, 'basic')
  await submitByApi(request, v.id)
  await payInFullByApi(request, v.id)
  return { ...v, email }
}

/**
 * approvedByApi makes an approved Basic verification the way its people would: the owner's
 * verification waits for review (inReviewByApi), and the administrator approves it. It returns both
 * signed-in browser contexts.
 */
export async function approvedByApi(browser: Browser, who: string) {
  const owner = await browser.newContext()
  const v = await inReviewByApi(owner.request, who)
  const admin = await browser.newContext()
  await loginByApi(admin.request, ADMIN.email, ADMIN.password)
  await adminDecides(admin.request, v.id)
  return { owner, admin, v }
}

/**
 * ownServer gives the spec that calls it a server of its own on port, started by start-server.sh
 * with env added (reusing the binary the suite's server built) before its tests and stopped after
 * them. Its tests run one at a time.
 */
export function ownServer(port: number, env: Record<string, string>) {
  let server: ChildProcess | undefined
  test.describe.configure({ mode: 'serial' }) // one worker, one server
  test.beforeAll(async () => {
    test.setTimeout(240_000)
    server = spawn('bash', ['e2e/start-server.sh'], {
      env: { ...process.env, ...env, PORT: String(port), E2E_REUSE_BINARY: '1' },
      stdio: 'ignore',
      detached: true, // its own process group, ended with it below
    })
    await expect
      .poll(() => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0), { timeout: 240_000, intervals: [500] })
      .toBe(200)
  })
  test.afterAll(() => {
    if (server?.pid) process.kill(-server.pid)
  })
}
