import { expect as baseExpect, test } from '@playwright/test'
import path from 'node:path'
import {
  ADMIN,
  approveInReview,
  ARTIFACTS,
  createVerificationByApi,
  loginByApi,
  noSideScroll,
  payInFullByApi,
  registerByApi,
  screenedByApi,
  shot,
  submitByApi,
  toastText,
  uniqueEmail,
  type RepresentativeInput,
} from './helpers'

// A long journey through pages that load on demand, on a shared and often busy machine.
const expect = baseExpect.configure({ timeout: 30_000 })

// e2e/start-server.sh imports the UN fixture, the PEP fixture and the FATF lists before serving.
// Each representative is a listed person written differently: Tariq Aziz (UN, born 1936-07-01)
// and Jan Novak (PEP fixture, born 1961-04-09).
const rep = (fullName: string, dateOfBirth: string, passportNumber: string): RepresentativeInput => ({
  fullName,
  position: 'Director',
  nationality: 'GB',
  dateOfBirth,
  passportNumber,
  issuingCountry: 'GB',
  expiryDate: '2031-01-01',
  email: 'director@seeded.example',
  phoneNumber: '+44 7000 000001',
})

test('the reviewer decides every screening hit in the Screening tab and approves; the public page states the checks', async ({ page, browser }) => {
  test.setTimeout(360_000)
  const run = Date.now().toString(36).toUpperCase()

  // The applicant submits and pays a Top verification whose representatives are on the lists.
  const owner = await browser.newContext()
  await registerByApi(owner.request, uniqueEmail('topchecks'))
  const v = await createVerificationByApi(owner.request, 'top')
  await submitByApi(owner.request, v.id, [rep('Tarik Aziz', '1936-07-01', `TA${run}`), rep('Jan Nowak', '1961-04-09', `JN${run}`)])
  await payInFullByApi(owner.request, v.id)

  await loginByApi(page.request, ADMIN.email, ADMIN.password)
  await screenedByApi(page.request, v.id)

  // The applicant sees that the checks are done, and nothing about what they found.
  const ownerPage = await owner.newPage()
  await ownerPage.goto(`/verification/${v.id}`)
  await expect(ownerPage.getByText('Checks complete')).toBeVisible()
  await expect(ownerPage.getByText(/TARIQ|Novak-Example|match/i)).toHaveCount(0)

  // The queue counts and filters the verifications whose screening needs attention.
  await page.goto('/admin')
  await page.getByLabel('Public ID').fill(v.publicId)
  const attention = page.getByTestId('count-screening')
  await expect(attention).toHaveText(/needs attention\s*1\s*Show only these/)
  await attention.click()
  await expect(attention).toHaveAttribute('aria-pressed', 'true')
  const row = page.getByTestId('admin-row').filter({ hasText: v.publicId })
  await expect(row.getByText('Screening needs attention')).toBeVisible()
  await row.getByRole('link', { name: 'Review' }).click()

  // What is open shows above the tabs in one banner, and Approve waits, saying why beside it.
  await expect(page.getByText(`Review Verification #${v.id}`)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Open screening items' })).toContainText('2 screening hits are undecided')
  await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveAccessibleDescription(/^Approval blocked: /)
  await expect(page.locator('[role="status"][data-tone]')).toHaveCount(1)
  // At 1440×900 the summary leaves the tabs above the fold; on a phone nothing scrolls sideways.
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height })
    if (width === 1440) {
      const tabs = await page.getByRole('tablist').boundingBox()
      expect(tabs!.y + tabs!.height).toBeLessThanOrEqual(height)
    } else {
      await noSideScroll(page)
      await page.waitForTimeout(500) // the navigation drawer slides away as the layout narrows
    }
    await shot(page, `top-checks-review-blocked-${width}`, false)
  }
  await page.setViewportSize({ width: 1366, height: 900 })

  await page.getByRole('button', { name: 'Open Screening' }).click()
  await expect(page.getByRole('heading', { name: 'Screening run' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Lists used' })).toContainText('UN')
  await expect(page.getByRole('list', { name: 'Lists used' })).toContainText('PEP CSV')

  // The sanctions hit: score, explanation and the listed entry.
  const aziz = page.getByRole('region', { name: 'Representative: Tarik Aziz' })
  await expect(aziz.getByTestId('screening-check').filter({ hasText: 'Sanctions' })).toContainText('Possible matches')
  const sanctionsHit = aziz.getByTestId('hit')
  await expect(sanctionsHit.getByRole('heading', { name: 'TARIQ AZIZ' })).toBeVisible()
  await expect(sanctionsHit).toContainText('Undecided')
  await expect(sanctionsHit).toContainText('Tariq Mikhail Aziz') // an alias of the listed entry
  await expect(sanctionsHit).toContainText('1936-07-01')
  await expect(sanctionsHit.getByTestId('explanation-row').first()).toContainText('Name')
  await shot(page, 'top-checks-screening-tab')

  // A phone shows the same without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await sanctionsHit.scrollIntoViewIfNeeded()
  await noSideScroll(page)
  await shot(page, 'top-checks-screening-tab-phone')
  await sanctionsHit.screenshot({ path: path.join(ARTIFACTS, 'top-checks-hit-phone.png') })
  await page.setViewportSize({ width: 1366, height: 900 })

  // A decision needs a note; then each hit is decided and its history names the reviewer.
  const azizForm = sanctionsHit.getByRole('form', { name: 'Decision on TARIQ AZIZ' })
  await azizForm.getByRole('radio', { name: /False positive/ }).check()
  await azizForm.getByRole('button', { name: 'Record decision' }).click()
  await expect(azizForm.getByText('A note is required')).toBeVisible()
  await azizForm.getByLabel(/^Note/).fill('Listed person born in Mosul in 1936 is deceased; our director holds a British passport.')
  await azizForm.getByRole('button', { name: 'Record decision' }).click()
  await expect(toastText(page, 'Decision recorded')).toBeVisible()
  const history = sanctionsHit.getByRole('list', { name: 'Decision history' })
  await expect(history).toContainText('False positive')
  await expect(history).toContainText(ADMIN.email)
  await expect(page.getByRole('list', { name: 'Open screening items' })).toContainText('1 screening hit is undecided')

  const nowak = page.getByRole('region', { name: 'Representative: Jan Nowak' })
  const pepHit = nowak.getByTestId('hit')
  await expect(pepHit).toContainText('PEP')
  const nowakForm = pepHit.getByRole('form', { name: 'Decision on Jan Novak-Example' })
  await nowakForm.getByRole('radio', { name: /False positive/ }).check()
  await nowakForm.getByLabel(/^Note/).fill('Different person: the Czech MP is not our director.')
  await nowakForm.getByRole('button', { name: 'Record decision' }).click()
  await expect(pepHit.getByRole('list', { name: 'Decision history' })).toContainText('Different person')
  await expect(page.getByRole('list', { name: 'Open screening items' })).toHaveCount(0)

  // Every hit decided: approval goes through.
  await approveInReview(page)
  await expect(toastText(page, 'Verification Approved')).toBeVisible()
  await expect(page.getByText('Approval refused')).toHaveCount(0)

  // The public page states each check with its lists and dates, and nothing about the hits.
  const visitor = await browser.newContext()
  const pub = await visitor.newPage()
  await pub.goto(`/v/${v.publicId}`)
  await expect(pub.getByRole('heading', { name: 'Verified Trading Partner' })).toBeVisible()
  await expect(pub.getByText('Includes TTT Certificate, CIS, KYC, AML and PEP Checks')).toBeVisible()
  const checks = pub.getByRole('list', { name: 'Checks performed' })
  // Verification, sanctions, PEP, jurisdictions, KYC and beneficial ownership (submitByApi declares it).
  await expect(checks.getByTestId('certificate-check')).toHaveCount(6)
  const sanctions = checks.getByTestId('certificate-check').filter({ hasText: 'Sanctions screening' })
  await expect(sanctions).toContainText('no match')
  // The date it was screened is beside the label; the sentence keeps the lists' dates, written as the page writes dates.
  await expect(sanctions).toContainText(/UN of February 27, 2026\. Monitored daily/)
  await expect(checks.getByTestId('certificate-check').filter({ hasText: 'PEP screening' })).toContainText(/no match.*PEP list(,| of)/)
  await expect(checks).toContainText('FATF lists of June 13, 2025')
  await expect(pub.locator('article')).not.toContainText(/\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}/)
  await expect(checks).toContainText('2 representatives checked (passport, age, nationality)')
  await expect(checks).toContainText('Beneficial ownership declared and screened')
  await expect(pub.getByText(/Aziz|Nowak|Novak|false positive/i)).toHaveCount(0)
  await pub.getByRole('button', { name: 'Full Report' }).click()
  await expect(pub.getByRole('dialog', { name: 'Full Report' }).getByTestId('certificate-check')).toHaveCount(6)
  await shot(pub, 'top-checks-public-full-report', false)
  await pub.keyboard.press('Escape')
  await pub.setViewportSize({ width: 390, height: 844 })
  await noSideScroll(pub)
  await shot(pub, 'top-checks-public-phone')

  await visitor.close()
  await owner.close()
})
