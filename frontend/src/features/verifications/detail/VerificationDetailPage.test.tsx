import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../../app/providers'
import { makeStore } from '../../../app/store'
import type { Verification } from '../../../lib/types'
import { json, mockApi, route, type Handler } from '../../../test/server'
import VerificationDetailPage from './VerificationDetailPage'
import { verification } from '../../../test/fixtures'
import { toastEl } from '../../../test/utils'

function v(over: Partial<Verification> = {}): Verification {
  return verification({ id: 7, publicId: 'pub7', ...over })
}

const company = {
  companyName: 'Acme Metals',
  registrationNumber: 'R-42',
  registeredAddress: '1 Quay',
  operatingAddress: '',
  phoneNumber: '1',
  email: 'a@b.co',
  website: '',
  countryOfIncorporation: 'CH',
  dateOfIncorporation: '2001-01-01',
  taxId: 'T',
}
const banking = {
  bankName: 'UBS',
  bankAddress: 'Zurich',
  accountName: 'Acme Metals',
  accountNumber: 'CH9300762011623852957',
  swiftCode: 'UBSWCHZH80A',
  currency: 'CHF',
  bankContact: '',
}
const trade = { productsTraded: '["Copper","Nickel"]', otherProducts: '', incoterms: 'FOB', targetQuantity: '', preferredOrigin: '', targetPrice: '', pastTransactions: '' }
const rep = { id: 1, fullName: 'Ann Lee', position: 'CEO', nationality: 'CH', dateOfBirth: '1980-01-01', passportNumber: 'X', issuingCountry: 'CH', expiryDate: '2030-01-01', email: 'ann@acme.test', phoneNumber: '2' }
const doc = { id: 3, verificationId: 7, type: 'business_license', filename: 'x', originalFilename: 'licence.pdf', mimeType: 'application/pdf', size: 10, objectPath: 'x', url: '/api/files/x', createdAt: '2026-01-03T00:00:00Z' }
const allDocs = [
  doc,
  { ...doc, id: 4, type: 'incorporation_certificate', originalFilename: 'inc.pdf', url: '/api/files/y' },
  { ...doc, id: 5, type: 'shareholder_info', originalFilename: 'sh.pdf', url: '/api/files/z' },
]
const passportOnly = [{ ...doc, id: 6, type: 'passport', originalFilename: 'passport.png', url: '/api/files/p' }]

function sections(full: boolean): Handler[] {
  return [
    route('GET', '/api/verifications/7/company-info', () => json(company)),
    route('GET', '/api/verifications/7/representatives', () => json(full ? [rep] : [])),
    route('GET', '/api/verifications/7/banking-info', () => json(banking)),
    route('GET', '/api/verifications/7/trade-info', () => json(full ? trade : null)),
    route('GET', '/api/verifications/7/documents', () => json(full ? allDocs : passportOnly)),
  ]
}

function renderDetail(path = '/verification/7') {
  const router = createMemoryRouter([{ path: '/verification/:id', element: <VerificationDetailPage /> }], { initialEntries: [path] })
  render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return router
}

afterEach(() => vi.unstubAllGlobals())

describe('verification detail', () => {
  it('shows Verification Not Found for a 404', async () => {
    mockApi(route('GET', '/api/verifications/7', () => json({ message: 'verification not found' }, { status: 404 })))
    renderDetail()
    expect(await screen.findByRole('heading', { name: 'Verification Not Found' })).toBeInTheDocument()
  })

  it('shows Error Loading Verification with a way back for other failures', async () => {
    mockApi(route('GET', '/api/verifications/7', () => json({ message: 'database unavailable' }, { status: 503 })))
    renderDetail()
    expect(await screen.findByRole('heading', { name: 'Error Loading Verification' })).toBeInTheDocument()
    expect(screen.getByText('database unavailable')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Verifications/ })).toHaveAttribute('href', '/verifications')
  })

  it('draft overview: breadcrumb, summaries, progress and the submit rule', async () => {
    mockApi(route('GET', '/api/verifications/7', () => json(v())), ...sections(false))
    renderDetail()
    expect(await screen.findByText('Acme Metals · R-42')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home')
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Verification #7')
    expect(screen.getByText('UBS · CHF')).toBeInTheDocument()
    expect(await screen.findByText('2 of 5 sections')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuenow', '40')
    expect(screen.getByText('Complete all sections to submit')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit Verification' })).toBeNull()
    expect(screen.getByRole('tab', { name: 'Company Info' })).toBeEnabled()
    // A passport is listed with the documents but does not complete the documents step.
    // Each card's accessible name is its visible text, with its state spoken.
    expect(screen.getByRole('button', { name: /^Documents \(not started\).*Start$/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Company Information (complete) Acme Metals · R-42 Edit' })).toBeInTheDocument()
  })

  it('draft overview at 100% submits and shows the dialog', async () => {
    const { calls } = mockApi(
      route('GET', '/api/verifications/7', () => json(v({ progress: 100 }))),
      route('POST', '/api/verifications/7/submit', () => json(v({ status: 'submitted' }))),
      ...sections(true),
    )
    renderDetail()
    expect(await screen.findByText('Copper, Nickel')).toBeInTheDocument()
    expect(await screen.findByText('5 of 5 sections')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Submit Verification' }))
    expect(await screen.findByRole('dialog', { name: /Verification Submitted!/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Proceed to Payment' })).toHaveAttribute('href', '/payment/7')
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/verifications')
    expect(calls).toContain('POST /api/verifications/7/submit')
  })

  it('shows the server message when submit fails', async () => {
    mockApi(
      route('GET', '/api/verifications/7', () => json(v({ progress: 100 }))),
      route('POST', '/api/verifications/7/submit', () => json({ message: 'verification is incomplete: missing documents' }, { status: 422 })),
      ...sections(true),
    )
    renderDetail()
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Verification' }))
    expect(await screen.findByText('verification is incomplete: missing documents', { selector: 'li *' })).toBeInTheDocument()
  })

  it('documents: Submit marks every empty required slot and lists all open points at once; each goes when settled', async () => {
    const { calls } = mockApi(
      route('GET', '/api/verifications/7', () => json(v({ progress: 80 }))),
      ...sections(true).slice(0, 4),
      route('GET', '/api/verifications/7/documents', () => json([doc])), // only the business licence
    )
    const user = userEvent.setup()
    renderDetail('/verification/7?tab=documents')
    await user.click(await screen.findByRole('button', { name: 'Submit Verification' }))
    // The spec's toast still names the first problem...
    expect(await toastEl('Declaration required')).not.toHaveLength(0)
    // ...and the page shows them all.
    const points = screen.getByTestId('open-points')
    expect(within(points).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Upload the Certificate of Incorporation',
      'Upload the Shareholder Information',
      'Accept the declaration of authenticity',
    ])
    expect(screen.getByLabelText(/Upload Certificate of Incorporation/)).toHaveAccessibleDescription('This document is required')
    expect(screen.getByLabelText(/Upload Shareholder Information/)).toHaveAccessibleDescription('This document is required')
    expect(screen.getByLabelText(/Upload Company Profile/)).not.toHaveAttribute('aria-invalid') // optional
    expect(screen.getAllByText('This document is required')).toHaveLength(2) // the licence is on file
    const declaration = screen.getByRole('checkbox')
    expect(declaration).toHaveAttribute('aria-invalid', 'true')
    expect(declaration).toHaveAccessibleDescription('Please accept the declaration to submit')
    await user.click(declaration)
    expect(declaration).not.toHaveAttribute('aria-invalid')
    expect(within(points).getAllByRole('listitem')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Submit Verification' }))
    expect(await toastEl('Required documents missing')).not.toHaveLength(0)
    expect(calls.some((c) => c.includes('/submit'))).toBe(false)
  })

  it('rejected: read-only cards, disabled section tabs and Update and Resubmit opens the company tab', async () => {
    let status: Verification['status'] = 'rejected'
    const { calls } = mockApi(
      route('GET', '/api/verifications/7', () => json(v({ status, rejectionReason: 'Licence expired', paymentStatus: 'paid' }))),
      route('POST', '/api/verifications/7/resubmit', () => {
        status = 'draft'
        return json(v({ status: 'draft' }))
      }),
      ...sections(true),
    )
    const router = renderDetail()
    expect(await screen.findByText('Reason: Licence expired')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Company Info' })).toBeDisabled()
    expect(await screen.findByText('•••• 2957')).toBeInTheDocument()
    expect(screen.getByText('Ann Lee')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /^View / })[0]).toHaveAttribute('href', '/api/files/x')
    await userEvent.click(screen.getByRole('button', { name: 'Update and Resubmit' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=company'))
    expect(await screen.findByRole('form', { name: 'Company Information' })).toBeInTheDocument()
    expect(calls).toContain('POST /api/verifications/7/resubmit')
  })

  it("Update and Resubmit opens the section a standard reason names, and the reason stays on every step until resubmitted", async () => {
    const reason = "The bank account is not held in the company's name. Please provide an account held by the company."
    let status: Verification['status'] = 'rejected'
    mockApi(
      // The server keeps the reason on the reopened draft until it is submitted again.
      route('GET', '/api/verifications/7', () => json(v({ status, rejectionReason: reason, paymentStatus: 'paid' }))),
      route('POST', '/api/verifications/7/resubmit', () => {
        status = 'draft'
        return json(v({ status: 'draft', rejectionReason: reason, paymentStatus: 'paid' }))
      }),
      ...sections(true),
    )
    const user = userEvent.setup()
    const router = renderDetail()
    await user.click(await screen.findByRole('button', { name: 'Update and Resubmit' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=banking'))
    expect(await screen.findByRole('form', { name: 'Banking Details' })).toBeInTheDocument()
    const banner = () => screen.getByText((_, el) => el?.tagName === 'DIV' && el.textContent?.startsWith(`Reason: ${reason}`) === true)
    expect(screen.getByText('Changes requested by our reviewer')).toBeInTheDocument()
    expect(banner()).toBeInTheDocument()
    for (const tab of ['Company Info', 'Representatives', 'Trade Info', 'Documents', 'Overview']) {
      await user.click(screen.getByRole('tab', { name: tab }))
      expect(banner()).toBeInTheDocument()
    }
  })

  it('approved basic without a CIS says it is not yet available', async () => {
    mockApi(route('GET', '/api/verifications/7', () => json(v({ status: 'approved', paymentStatus: 'paid' }))), ...sections(true))
    renderDetail()
    expect(await screen.findByText(/not yet available/)).toHaveTextContent('within 24 hours of approval')
    expect(screen.queryByRole('button', { name: 'Download CIS Form' })).toBeNull()
  })

  it('approved basic with a CIS offers the download and the share link', async () => {
    mockApi(
      route('GET', '/api/verifications/7', () => json(v({ status: 'approved', paymentStatus: 'paid', cisFormPath: 'cis/7.pdf' }))),
      ...sections(true),
    )
    renderDetail()
    expect(await screen.findByRole('button', { name: 'Download CIS Form' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Share Temporary Link' })).toBeInTheDocument()
  })

  it('approved top offers the certificate', async () => {
    mockApi(route('GET', '/api/verifications/7', () => json(v({ status: 'approved', tier: 'top', paymentStatus: 'paid' }))), ...sections(true))
    renderDetail()
    expect(await screen.findByRole('link', { name: 'Download Certificate' })).toHaveAttribute('href', '/api/verifications/7/certificate')
  })

  it('offers the live badge with an HTML snippet that links the public page', async () => {
    mockApi(
      route('GET', '/api/verifications/7', () => json(v({ status: 'approved', tier: 'top', paymentStatus: 'paid' }))),
      route('GET', '/api/verifications/7/company-info', () => json({ ...company, companyName: 'Acme & "Sons"' })),
      ...sections(true),
    )
    renderDetail()
    const snippet = (await screen.findByLabelText('HTML snippet')) as HTMLTextAreaElement
    const publicId = v({}).publicId
    expect(snippet.value).toBe(
      `<a href="${window.location.origin}/v/${publicId}"><img src="${window.location.origin}/api/public/verifications/${publicId}/badge.svg" ` +
        `alt="Acme &amp; &quot;Sons&quot;: verified by TTT Verify" width="320" height="76"></a>`,
    )
    expect(screen.getByRole('img', { name: 'Preview of your badge' })).toHaveAttribute('src', `/api/public/verifications/${publicId}/badge.svg`)
    expect(screen.getByRole('button', { name: 'Copy snippet' })).toBeInTheDocument()
  })

  it('tells the owner of a Top verification whether its checks run or are complete, and nothing more', async () => {
    const state = { v: v({ status: 'in_review', tier: 'top', paymentStatus: 'paid', screening: { status: 'running' } }) }
    mockApi(route('GET', '/api/verifications/7', () => json(state.v)), ...sections(true))
    renderDetail()
    expect(await screen.findByText('Checks running')).toBeInTheDocument()
    expect(screen.queryByText(/match|hit|sanction/i)).toBeNull()
  })

  it('says the checks are complete once the screening is done', async () => {
    mockApi(route('GET', '/api/verifications/7', () => json(v({ status: 'in_review', tier: 'top', paymentStatus: 'paid', screening: { status: 'done' } }))), ...sections(true))
    renderDetail()
    expect(await screen.findByText('Checks complete')).toBeInTheDocument()
    expect(screen.queryByText('Checks running')).toBeNull()
  })

  it('submitted and unpaid offers Make Payment (a Basic verification has no checks badge)', async () => {
    mockApi(route('GET', '/api/verifications/7', () => json(v({ status: 'submitted' }))), ...sections(true))
    renderDetail()
    expect(await screen.findByRole('link', { name: 'Make Payment' })).toHaveAttribute('href', '/payment/7')
    expect(screen.getByText('Basic', { selector: 'span' })).toBeInTheDocument()
    expect(screen.queryByText(/^Checks (running|complete)/)).toBeNull()
  })

  it.each([
    ['rejected', { status: 'rejected', rejectionReason: 'Licence expired', paymentStatus: 'paid' }, 'button', 'Update and Resubmit'],
    ['submitted and unpaid', { status: 'submitted' }, 'link', 'Make Payment'],
  ] as const)('%s: the state has the one primary action; Upgrade to Top waits, quiet, below the sections', async (_, over, role, primary) => {
    mockApi(route('GET', '/api/verifications/7', () => json(v(over))), ...sections(true))
    renderDetail()
    const action = await screen.findByRole(role, { name: primary })
    const offer = await screen.findByTestId('upgrade-offer')
    const upgrade = screen.getByRole('button', { name: 'Upgrade to Top' })
    expect(upgrade).toHaveClass('border-slate-300') // outline, not filled
    expect(upgrade).not.toHaveClass('bg-brand-700')
    expect(action).not.toHaveClass('border-slate-300')
    // Read in order, the state's action comes first and the offer after the documents.
    const documents = screen.getByRole('heading', { name: 'Documents' })
    expect(action.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(documents.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('approved Basic with nothing due: Upgrade to Top is the offer on top, a filled button', async () => {
    mockApi(route('GET', '/api/verifications/7', () => json(v({ status: 'approved', paymentStatus: 'paid', expiresAt: '2099-01-01T00:00:00Z' }))), ...sections(true))
    renderDetail()
    const upgrade = await screen.findByRole('button', { name: 'Upgrade to Top' })
    expect(upgrade).toHaveClass('bg-brand-700')
    const documents = await screen.findByRole('heading', { name: 'Documents' })
    expect(upgrade.compareDocumentPosition(documents) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  describe('approved actions', () => {
    const approved = () => route('GET', '/api/verifications/7', () => json(v({ status: 'approved', paymentStatus: 'paid', cisFormPath: 'cis/7.pdf' })))
    const share = () => route('POST', '/api/verifications/7/cis-form/share', () => json({ success: true, url: '/api/shared/cis/tok123', expiresAt: '2026-05-01T12:00:00Z' }))

    it('offers the certificate to a Basic verification too, and the public page', async () => {
      mockApi(approved(), ...sections(true))
      renderDetail()
      expect(await screen.findByRole('link', { name: 'Download Certificate' })).toHaveAttribute('href', '/api/verifications/7/certificate')
      expect(screen.getByRole('link', { name: /Public certificate page/ })).toHaveAttribute('href', '/v/pub7')
    })

    it('tells the owner how many counterparties follow the certificate, never who', async () => {
      mockApi(route('GET', '/api/verifications/7', () => json(v({ status: 'approved', paymentStatus: 'paid', followers: 3 }))), ...sections(true))
      renderDetail()
      expect(await screen.findByTestId('followers')).toHaveTextContent('3 counterparties follow this certificate by e-mail')
    })

    it('downloads the verifiable credential as the JWT itself', async () => {
      let accept = ''
      mockApi(
        approved(),
        route('GET', '/api/public/verifications/pub7/credential', (req) => {
          accept = req.headers.get('Accept') ?? ''
          return new Response('eyJ.payload.sig', { headers: { 'Content-Type': 'application/vc+jwt' } })
        }),
        ...sections(true),
      )
      const saved: Blob[] = []
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push(b), 'blob:cred'), revokeObjectURL: () => {} }))
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        expect(this.download).toBe('TTT-Credential-pub7.jwt')
      })
      const user = userEvent.setup()
      renderDetail()
      await user.click(await screen.findByRole('button', { name: 'Download credential' }))
      await waitFor(() => expect(click).toHaveBeenCalled())
      expect(accept).toBe('application/vc+jwt')
      expect(await saved[0].text()).toBe('eyJ.payload.sig')
    })

    it('copies the share link (origin + server path) and shows when it expires', async () => {
      mockApi(approved(), share(), ...sections(true))
      const user = userEvent.setup() // installs a clipboard stub
      const writeText = vi.spyOn(navigator.clipboard, 'writeText')
      renderDetail()
      await user.click(await screen.findByRole('button', { name: 'Share Temporary Link' }))
      const link = `${window.location.origin}/api/shared/cis/tok123`
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(link))
      expect(await screen.findByTestId('share-link')).toHaveTextContent(link)
      expect((await screen.findAllByText(/copied to the clipboard\. It expires/)).length).toBeGreaterThan(0)
    })

    it('shows the link in the toast when the clipboard fails', async () => {
      mockApi(approved(), share(), ...sections(true))
      const user = userEvent.setup()
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
      renderDetail()
      await user.click(await screen.findByRole('button', { name: 'Share Temporary Link' }))
      expect((await screen.findAllByText(new RegExp(`${window.location.origin}/api/shared/cis/tok123 \\(expires`), { selector: 'li[data-variant] *' })).length).toBeGreaterThan(0)
    })

    it('lists the links that still work and revokes one', async () => {
      let links = [
        { id: 2, createdAt: '2026-04-02T10:00:00Z', expiresAt: '2026-04-05T10:00:00Z', used: false, usedAt: null },
        { id: 1, createdAt: '2026-04-01T10:00:00Z', expiresAt: '2026-04-04T10:00:00Z', used: true, usedAt: '2026-04-01T12:00:00Z' },
      ]
      const { calls } = mockApi(
        approved(),
        route('GET', '/api/verifications/7/cis-form/shares', () => json(links)),
        route('DELETE', '/api/verifications/7/cis-form/shares/1', () => {
          links = links.filter((l) => l.id !== 1)
          return new Response(null, { status: 204 })
        }),
        ...sections(true),
      )
      const user = userEvent.setup()
      renderDetail()
      const list = await screen.findByTestId('share-links')
      expect(list).toHaveTextContent('not opened yet')
      expect(list).toHaveTextContent('first opened')
      const revokeButtons = screen.getAllByRole('button', { name: 'Revoke' })
      expect(revokeButtons).toHaveLength(2)
      await user.click(revokeButtons[1])
      await waitFor(() => expect(screen.getAllByRole('button', { name: 'Revoke' })).toHaveLength(1))
      expect(calls).toContain('DELETE /api/verifications/7/cis-form/shares/1')
      expect((await screen.findAllByText('Link revoked', { selector: 'li[data-variant] *' })).length).toBeGreaterThan(0)
    })

    // 404: the server has none; 409: the certificate was revoked after the page loaded.
    it.each([
      [404, 'The CIS form could not be found for this verification.'],
      [409, 'This certificate is revoked, so its CIS is no longer issued'],
    ])("says 'CIS Form Not Available' with the server's reason (%i)", async (status, message) => {
      vi.stubGlobal('open', vi.fn(() => null))
      mockApi(approved(), route('GET', '/api/verifications/7/cis-form', () => json({ message }, { status })), ...sections(true))
      const user = userEvent.setup()
      renderDetail()
      await user.click(await screen.findByRole('button', { name: 'Download CIS Form' }))
      expect((await screen.findAllByText('CIS Form Not Available', { selector: 'li[data-variant] *' })).length).toBeGreaterThan(0)
      expect((await screen.findAllByText(message, { selector: 'li[data-variant] *' })).length).toBeGreaterThan(0)
    })

    it('shows a revoked certificate and no downloads', async () => {
      mockApi(
        route('GET', '/api/verifications/7', () =>
          json(v({ status: 'approved', paymentStatus: 'paid', cisFormPath: 'cis/7.pdf', revokedAt: '2026-04-01T00:00:00Z', revocationReason: 'Company dissolved' })),
        ),
        ...sections(true),
      )
      renderDetail()
      expect(await screen.findByText('Certificate revoked')).toBeInTheDocument()
      expect(screen.getByText(/Company dissolved/)).toBeInTheDocument()
      expect(screen.queryByRole('link', { name: 'Download Certificate' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Share Temporary Link' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Download CIS Form' })).toBeNull()
      expect(screen.getByText(/The certificate was revoked, so the CIS can no longer be downloaded or shared/)).toBeInTheDocument()
    })

    it('offers nothing of an expired certificate and says it expired', async () => {
      const { calls } = mockApi(
        route('GET', '/api/verifications/7', () =>
          json(v({ status: 'approved', paymentStatus: 'paid', cisFormPath: 'cis/7.pdf', approvedAt: '2025-01-01T00:00:00Z', expiresAt: '2026-01-01T00:00:00Z' })),
        ),
        ...sections(true),
      )
      renderDetail()
      expect(await screen.findByText('Certificate expired')).toBeInTheDocument()
      expect(screen.queryByText('Verification approved')).toBeNull()
      expect(screen.getByText(/The certificate has expired, so the CIS can no longer be downloaded or shared/)).toBeInTheDocument()
      expect(screen.queryByRole('link', { name: 'Download Certificate' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Download CIS Form' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Share Temporary Link' })).toBeNull()
      expect(screen.queryByTestId('share-links')).toBeNull()
      expect(calls).not.toContain('GET /api/verifications/7/cis-form/shares')
    })

    it("follows the server's actions, not the stored CIS path", async () => {
      const approvedV = v({ status: 'approved', paymentStatus: 'paid', cisFormPath: 'cis/7.pdf' })
      mockApi(route('GET', '/api/verifications/7', () => json({ ...approvedV, actions: { ...approvedV.actions, cis: false, shareCis: false } })), ...sections(true))
      renderDetail()
      expect(await screen.findByRole('link', { name: 'Download Certificate' })).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Download CIS Form' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Share Temporary Link' })).toBeNull()
    })
  })
})
