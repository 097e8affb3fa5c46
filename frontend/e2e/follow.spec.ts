import { expect, test } from '@playwright/test'
import { axe } from './axe'
import { approvedByApi, noSideScroll, open, shot, uniqueEmail } from './helpers'

// A counterparty follows a certificate from its public page, at a desktop's and a phone's width,
// and the pages the e-mailed links open ask before they act. axe is injected: bypass the CSP.
test.use({ bypassCSP: true })

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]

test('the follow form, its errors and its one answer, and the confirm and unsubscribe pages, at 1366 and 390 px', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const { owner, v } = await approvedByApi(browser, 'followed')

  for (const size of SIZES) {
    await page.setViewportSize(size)
    await open(page, `/v/${v.publicId}`)
    const form = page.getByRole('form', { name: 'Follow this certificate' })
    await form.scrollIntoViewIfNeeded()
    await form.getByLabel('Your e-mail').fill('not-an-address')
    await form.getByRole('button', { name: 'Follow' }).click()
    await expect(form.getByText('Please enter a valid email')).toBeVisible()
    await axe(page, `follow form with an error (${size.width}px)`)
    await shot(page, `follow-error-${size.width}`, false)

    await form.getByLabel('Your e-mail').fill(uniqueEmail('buyer'))
    await form.getByRole('button', { name: 'Follow' }).click()
    const answer = page.getByRole('status').filter({ hasText: 'We will e-mail a confirmation link to this address' })
    await expect(answer).toBeVisible()
    await expect(form).toHaveCount(0)
    await axe(page, `follow answer (${size.width}px)`)
    await shot(page, `follow-answer-${size.width}`)
    await noSideScroll(page, `follow answer (${size.width}px)`)

    await open(page, '/follow/confirm?token=made-up')
    await axe(page, `confirm page (${size.width}px)`)
    await shot(page, `follow-confirm-${size.width}`, false)
    await page.getByRole('button', { name: 'Confirm and follow' }).click()
    await expect(page.getByRole('alert')).toHaveText('This confirmation link is invalid or has expired')
    await axe(page, `confirm page, expired link (${size.width}px)`)

    await open(page, '/follow/unsubscribe?token=made-up')
    await axe(page, `unsubscribe page (${size.width}px)`)
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByRole('status')).toHaveText('You will receive no more e-mails about this certificate.')
    await axe(page, `unsubscribed (${size.width}px)`)
    await shot(page, `follow-unsubscribed-${size.width}`, false)
  }

  // The owner sees the count of confirmed followers (nobody confirmed here), never who.
  const mine = await owner.newPage()
  await open(mine, `/verification/${v.id}`)
  await expect(mine.getByTestId('followers')).toHaveText('Nobody follows this certificate yet')
  await shot(mine, 'follow-owner-count', false)
})
