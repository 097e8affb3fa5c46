import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { type Page } from '@playwright/test'
import { ADMIN, adminDecides, ARTIFACTS, createVerificationByApi, FIRST_PAINT, loginByApi, payInFullByApi, registerByApi, submitByApi } from './helpers'

const BUDGET = 250 * 1024

test('the first load of / ships at most 250 KB of gzipped JavaScript, precompressed and cached for good', async ({ page }) => {
  const scripts: { url: string; raw: number; gzip: number; encoding?: string; cache?: string }[] = []
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return
    const body = await res.body()
    const headers = await res.allHeaders()
    scripts.push({
      url: new URL(res.url()).pathname,
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
    })
  })
  await page.goto('/', { waitUntil: 'networkidle' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const total = scripts.reduce((n, s) => n + s.gzip, 0)
  fs.writeFileSync(path.join(ARTIFACTS, 'first-load.json'), JSON.stringify({ totalGzipBytes: total, scripts }, null, 2))
  // Neither admin and payment screens nor the API client, the store and the app's providers.
  expect(scripts.filter((s) => /Admin|Payment|\/(api|AppShell|guards)-/.test(s.url))).toEqual([])
  expect(total).toBeLessThanOrEqual(BUDGET)
  for (const s of scripts) {
    expect(s.encoding, s.url).toBe('br')
    expect(s.cache, s.url).toBe('public, max-age=31536000, immutable')
  }
})

test('index.html paints a loading shell before any script runs, and robots.txt is real', async ({ request }) => {
  const index = await request.get('/dashboard')
  expect(index.headers()['cache-control']).toBe('no-cache')
  expect(await index.text()).toContain('Loading TTT Verify')
  const robots = await request.get('/robots.txt')
  expect(robots.headers()['content-type']).toContain('text/plain')
  expect(await robots.text()).toContain('Disallow: /api/')
})

test('the sign-in page and a certificate check load no menu, select or tooltip code', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname)
  })
  for (const url of ['/auth', '/v/UNKNOWNCERTIFICATE0000000']) {
    await page.goto(url, { waitUntil: 'networkidle' })
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  }
  expect(scripts.some((s) => /\/libs-/.test(s))).toBe(true)
  expect(scripts.filter((s) => /\/(widgets|AppLayout)-/.test(s))).toEqual([])
})

/**
 * layoutShift opens url on a phone-sized page whose API answers arrive late (as on a slow network)
 * and returns the cumulative layout shift once the page has settled.
 */
async function layoutShift(page: Page, url: string, ready: string) {
  await page.setViewportSize({ width: 412, height: 823 })
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number }
    w.cls = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.cls += e.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.route(/\/api\/(verifications|public)/, async (route) => {
    await new Promise((r) => setTimeout(r, 400))
    await route.continue()
  })
  await page.goto(url)
  await expect(page.getByText(ready).first()).toBeVisible(FIRST_PAINT)
  await page.waitForTimeout(1000)
  return page.evaluate(() => (window as unknown as { cls: number }).cls)
}

test('the dashboard and a certificate appear whole, without pushing what is on screen down', async ({ page, browser }) => {
  await registerByApi(page.request)
  const approved = await createVerificationByApi(page.request)
  await submitByApi(page.request, approved.id)
  await payInFullByApi(page.request, approved.id)
  const unpaid = await createVerificationByApi(page.request)
  await submitByApi(page.request, unpaid.id) // "Needs your action" above the tier cards
  const admin = await browser.newContext()
  await loginByApi(admin.request, ADMIN.email, ADMIN.password)
  await adminDecides(admin.request, approved.id)
  await admin.close()

  expect(await layoutShift(page, '/dashboard', 'Needs your action')).toBeLessThan(0.1)
  const anon = await browser.newPage()
  expect(await layoutShift(anon, `/v/${approved.publicId}`, 'Valid until')).toBeLessThan(0.1)
  await anon.close()
})

test('only the admin dashboard loads the charts and Recharts', async ({ page, browser }) => {
  const scripts: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname)
  })
  for (const url of ['/', '/auth', '/v/UNKNOWNCERTIFICATE0000000']) {
    await page.goto(url, { waitUntil: 'networkidle' })
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(FIRST_PAINT)
  }
  await registerByApi(page.request)
  await page.goto('/dashboard', { waitUntil: 'networkidle' })
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(FIRST_PAINT)
  expect(scripts.filter((s) => /\/(charts|AdminCharts)-/.test(s))).toEqual([])

  const admin = await browser.newPage()
  const adminScripts: string[] = []
  admin.on('request', (req) => {
    if (req.resourceType() === 'script') adminScripts.push(new URL(req.url()).pathname)
  })
  await loginByApi(admin.request, ADMIN.email, ADMIN.password)
  await admin.goto('/admin')
  await expect(admin.getByRole('heading', { name: 'Submitted and decided' })).toBeVisible(FIRST_PAINT)
  expect(adminScripts.filter((s) => /\/charts-/.test(s))).toHaveLength(1)
  await admin.close()
})
