import { expect, test, type Locator } from '@playwright/test'
import { ADMIN, adminDecides, createVerificationByApi, loginByApi, open, payByApi, registerByApi, submitByApi } from './helpers'

// Issue 27's smaller findings, as a phone and a desktop show them.

/** brokenWords counts the words (the text nodes between <wbr> break points) that a line break splits. */
async function brokenWords(el: Locator) {
  return el.evaluate((node) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
    let broken = 0
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const r = document.createRange()
      r.selectNodeContents(t)
      const lines = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)))
      if (lines.size > 1) broken++
    }
    return broken
  })
}

test('on a phone: tabs hint that they scroll, the e-mail and the unread count do not break mid-word', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const email = await registerByApi(page.request, `procurement.${Date.now().toString(36)}@consolidated-metals-trading.example`)
  const draft = await createVerificationByApi(page.request, 'top')
  const approved = await createVerificationByApi(page.request, 'basic')
  await submitByApi(page.request, approved.id)
  await payByApi(page.request, approved.id)
  const ctx = await browser.newContext()
  const admin = await ctx.newPage()
  await loginByApi(admin.request, ADMIN.email, ADMIN.password)
  await adminDecides(admin.request, approved.id)
  await ctx.close()

  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, `/verification/${draft.id}`)
  const tabs = page.getByRole('tablist', { name: 'Verification sections' })
  // More tabs to the right, none to the left: the fade says so.
  await expect(page.getByTestId('tabs-more-after')).toHaveAttribute('data-shown', 'true')
  await expect(page.getByTestId('tabs-more-before')).toHaveAttribute('data-shown', 'false')
  await open(page, `/verification/${draft.id}?tab=documents`)
  const active = page.getByRole('tab', { name: 'Documents', selected: true })
  await expect(async () => {
    const [l, t] = [await tabs.boundingBox(), await active.boundingBox()]
    expect(t!.x, 'the active tab starts inside the list').toBeGreaterThanOrEqual(l!.x)
    expect(t!.x + t!.width, 'the active tab ends inside the list').toBeLessThanOrEqual(l!.x + l!.width + 0.5)
  }).toPass()
  await expect(page.getByTestId('tabs-more-before')).toHaveAttribute('data-shown', 'true')

  await page.getByRole('button', { name: 'Account menu' }).click()
  const address = page.getByRole('menu').getByText(email, { exact: true })
  await expect(address).toBeVisible()
  expect(await brokenWords(address), 'the e-mail breaks inside a word').toBe(0)
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: /^Notifications/ }).click()
  const count = page.getByRole('menu', { name: 'Notifications' }).getByText(/^\(\d+ unread\)$/)
  await expect(count).toBeVisible()
  expect(await brokenWords(count), 'the unread count wraps').toBe(0)
})

test("the public certificate's footer lines up with its card", async ({ page }) => {
  await registerByApi(page.request)
  const v = await createVerificationByApi(page.request, 'basic')
  await submitByApi(page.request, v.id)
  await payByApi(page.request, v.id)
  const admin = await (await page.context().browser()!.newContext()).newPage()
  await loginByApi(admin.request, ADMIN.email, ADMIN.password)
  await adminDecides(admin.request, v.id)
  await page.request.post('/api/logout')
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await open(page, `/v/${v.publicId}`)
    const [main, foot] = await Promise.all(
      ['main', 'footer > div'].map((sel) =>
        page.locator(sel).first().evaluate((el) => {
          const r = el.getBoundingClientRect()
          const s = getComputedStyle(el)
          return { left: r.left + parseFloat(s.paddingLeft), right: r.right - parseFloat(s.paddingRight) }
        }),
      ),
    )
    expect(foot, `footer column at ${width}`).toEqual(main)
  }
})
