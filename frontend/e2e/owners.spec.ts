import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test'
import { axe } from './axe'
import { ADMIN, createVerificationByApi, fillByApi, loginByApi, noSideScroll, payInFullByApi, pngFile, registerByApi, screenedByApi, shot, uniqueEmail } from './helpers'

// Beneficial owners of a Top verification: the applicant's part of the third step (the declaration
// path and its errors) and the reviewer's view, at a desktop and a phone width, axe clean.
test.use({ bypassCSP: true })
const expect = baseExpect.configure({ timeout: 30_000 })
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]

/** topDraftWithoutOwnership is a filled Top draft whose beneficial ownership is still to give. */
async function topDraftWithoutOwnership(request: APIRequestContext) {
  const v = await createVerificationByApi(request, 'top')
  await fillByApi(request, v.id) // declares for Top: withdrawn, so that ownership is what is missing
  const r = await request.delete(`/api/verifications/${v.id}/ownership-declaration`)
  expect(r.status(), await r.text()).toBe(204)
  return v
}

test('the applicant answers beneficial ownership with the declaration, after its errors', async ({ page }) => {
  test.setTimeout(240_000)
  await registerByApi(page.request, uniqueEmail('owners'))
  const v = await topDraftWithoutOwnership(page.request)

  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.goto(`/verification/${v.id}?tab=banking`)
    const part = page.getByTestId('ownership-part')
    await expect(part.getByRole('heading', { name: 'Beneficial Ownership' })).toBeVisible()

    // An empty owner: each field says what it needs.
    await part.getByRole('button', { name: 'Save Owner' }).click()
    await expect(part.getByText('Full name is required')).toBeVisible()
    await expect(part.getByText('Choose at least one nature of control')).toBeVisible()
    await part.getByLabel(/Ownership \(%\)/).fill('10')
    await part.getByRole('checkbox', { name: 'Shares' }).check()
    await expect(part.getByText('An owner through shares or voting rights holds at least 25%; below that, choose another nature of control')).toBeVisible()
    await noSideScroll(page)
    await axe(page, `owner errors (${size.width}px)`)
    await shot(page, `owners-errors-${size.width}`)

    // The declaration without a senior managing official.
    await part.getByRole('radio', { name: 'No natural person owns or controls 25% or more' }).check()
    await part.getByRole('button', { name: 'Make the Declaration' }).click()
    await expect(part.getByText('Choose the senior managing official')).toBeVisible()
    await axe(page, `declaration error (${size.width}px)`)
    await shot(page, `owners-declaration-error-${size.width}`)
  }

  // The declaration made: the step's card on the overview is done.
  const part = page.getByTestId('ownership-part')
  await part.getByRole('combobox', { name: /Senior Managing Official/ }).click()
  await page.getByRole('option', { name: 'Sam Seed, Director' }).click()
  await part.getByRole('button', { name: 'Make the Declaration' }).click()
  await expect(part.getByText('Senior managing official: Sam Seed')).toBeVisible()
  await expect(part.getByRole('radio', { name: 'Name the beneficial owners' })).toBeDisabled()
  await axe(page, 'declaration made (390px)')
  await shot(page, 'owners-declared-390')
  await page.goto(`/verification/${v.id}`)
  await expect(page.getByText(/Barclays · GBP · ownership declared/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit Verification' })).toBeVisible()
  await shot(page, 'owners-draft-overview-390')
})

test("the reviewer reads the owners beside the representatives and in the screening", async ({ page, browser }) => {
  test.setTimeout(240_000)
  const applicant = await browser.newContext()
  await registerByApi(applicant.request, uniqueEmail('owned'))
  const v = await topDraftWithoutOwnership(applicant.request)
  const base = `/api/verifications/${v.id}`
  const owner = await applicant.request.post(`${base}/beneficial-owners`, {
    data: {
      fullName: 'Erika Mustermann',
      dateOfBirth: '1968-05-09',
      nationality: 'DE',
      countryOfResidence: 'CH',
      ownershipPercentage: 62.5,
      natureOfControl: ['shares', 'other'],
      controlText: 'Veto on dividends',
    },
  })
  expect(owner.status(), await owner.text()).toBe(201)
  const { id: ownerId } = (await owner.json()) as { id: number }
  const doc = await applicant.request.post(`${base}/beneficial-owners/${ownerId}/document`, { multipart: { file: pngFile('erika-id.png') } })
  expect(doc.status(), await doc.text()).toBe(201)
  const submitted = await applicant.request.post(`${base}/submit`)
  expect(submitted.ok(), await submitted.text()).toBe(true)
  await payInFullByApi(applicant.request, v.id)
  // The applicant's own overview lists the owner with the holding, nothing more.
  const mine = await applicant.newPage()
  await mine.goto(`/verification/${v.id}`)
  await expect(mine.getByText('62.5% · Shares, Other control: Veto on dividends')).toBeVisible()
  await shot(mine, 'owners-applicant-overview-1366')
  await applicant.close()

  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  await screenedByApi(page.request, v.id)
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.goto(`/admin/verifications/${v.id}`)
    await expect(page.getByText('Beneficial Owners', { exact: true }).first()).toBeVisible()
    await page.getByRole('tab', { name: 'Representatives' }).click()
    const card = page.getByTestId('admin-owner')
    await expect(card.getByText('Erika Mustermann')).toBeVisible()
    await expect(card.getByText('62.5% · Shares, Other control: Veto on dividends')).toBeVisible()
    await expect(card.getByRole('link', { name: /View document/ })).toBeVisible()
    await noSideScroll(page)
    await axe(page, `review owners (${size.width}px)`)
    await shot(page, `owners-review-${size.width}`)

    await page.getByRole('tab', { name: /Screening/ }).click()
    await expect(page.getByRole('region', { name: /Beneficial owner: Erika Mustermann/ })).toBeVisible()
    await axe(page, `review screening with an owner (${size.width}px)`)
    await shot(page, `owners-review-screening-${size.width}`)
  }
})
