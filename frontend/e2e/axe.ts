import { expect, type Page } from '@playwright/test'
import fs from 'node:fs'
import { createRequire } from 'node:module'

// axe-core run in the page (specs that use it set `test.use({ bypassCSP: true })`): no WCAG 2.1
// A/AA violation, or none of the given rules.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: string[]
}

// What an open popover used to break (it hid the whole app, focusable content and all), and the
// landmarks' names: best-practice rules, scanned besides the WCAG tags wherever a popover is open.
export const POPOVER_RULES = ['aria-hidden-focus', 'landmark-one-main', 'page-has-heading-one', 'region', 'landmark-unique']

export async function axe(page: Page, name: string, rules?: string[]) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE })
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: TAGS }
  const violations = await page.evaluate(async (only) => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }[] }> }
    }
    const r = await w.axe.run(document, { runOnly: only, resultTypes: ['violations'] })
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }))
  }, runOnly)
  expect(violations as Violation[], `${name}: axe (${rules ? rules.join(', ') : 'WCAG 2.1 AA'}) violations`).toEqual([])
}


/**
 * axeAtWidths runs axe at 1366 and 390 px, saving a screenshot of each into shots when it is set
 * (full page unless `visible`), and returns to 1366 px. `phone` runs around the 390 px check, e.g.
 * to open the sidebar there and close it afterwards.
 */
export async function axeAtWidths(
  page: Page,
  name: string,
  shots: string | undefined,
  opts: { visible?: boolean; phone?: { before: () => Promise<void>; after: () => Promise<void> } } = {},
) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 })
    const phone = width < 1024 ? opts.phone : undefined
    await phone?.before()
    await axe(page, `${name} (${width}px)`)
    if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: !opts.visible })
    await phone?.after()
  }
  await page.setViewportSize({ width: 1366, height: 900 })
}
