import { expect, test } from '@playwright/test'
import { createVerificationByApi, open, registerByApi, submitByApi } from './helpers'

// On a phone the order total and the coupon come before "Pay"; on a desktop they sit beside the card
// form. An applied coupon comes off again, and the paid state says how much was paid.
test('payment: the order before the card form on a phone, a coupon removed, the amount paid', async ({ page }) => {
  await registerByApi(page.request)
  const v = await createVerificationByApi(page.request, 'basic')
  await submitByApi(page.request, v.id)
  const summary = page.getByRole('region', { name: 'Order Summary' })
  const card = page.getByLabel('Card Number')

  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, `/payment/${v.id}`)
  await expect(card).toBeVisible()
  const [s, c] = [await summary.boundingBox(), await card.boundingBox()]
  expect(s!.y + s!.height, 'the order summary ends above the card number').toBeLessThanOrEqual(c!.y)

  await page.setViewportSize({ width: 1440, height: 900 })
  await expect(async () => {
    const [s2, c2] = [await summary.boundingBox(), await card.boundingBox()]
    expect(s2!.x, 'the order summary is right of the card form').toBeGreaterThan(c2!.x + c2!.width)
  }).toPass()

  await page.getByLabel('Coupon Code').fill('HALF50')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('button', { name: 'Pay $24.50' })).toBeVisible()
  await page.getByRole('button', { name: 'Remove coupon HALF50' }).click()
  await expect(page.getByRole('button', { name: 'Pay $49.00' })).toBeVisible()
  await expect(page.getByTestId('discount-line')).toHaveCount(0)

  await card.fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $49.00' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByTestId('paid-amount')).toHaveText('Amount paid$49.00 USD')
  await page.reload()
  await expect(page.getByTestId('paid-amount')).toHaveText('Amount paid$49.00 USD')
})
