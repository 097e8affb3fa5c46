import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { ARTIFACTS } from './helpers'

const BUDGET = 250 * 1024

test('the first load of / ships at most 250 KB of gzipped JavaScript', async ({ page }) => {
  const scripts: { url: string; raw: number; gzip: number }[] = []
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return
    const body = await res.body()
    scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length })
  })
  await page.goto('/', { waitUntil: 'networkidle' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const total = scripts.reduce((n, s) => n + s.gzip, 0)
  fs.writeFileSync(path.join(ARTIFACTS, 'first-load.json'), JSON.stringify({ totalGzipBytes: total, scripts }, null, 2))
  expect(scripts.some((s) => /Admin|Payment/.test(s.url))).toBe(false)
  expect(total).toBeLessThanOrEqual(BUDGET)
})
