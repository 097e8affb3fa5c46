import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { ARTIFACTS } from './helpers'

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
