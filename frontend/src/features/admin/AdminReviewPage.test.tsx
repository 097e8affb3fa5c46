import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminVerification } from '../../lib/types'
import { renderPage } from '../../test/render'
import { json, mockApi, route } from '../../test/server'
import { toastEl } from '../../test/utils'
import AdminReviewPage from './AdminReviewPage'
import { adminVerification } from '../../test/fixtures'

function av(over: Partial<AdminVerification> = {}): AdminVerification {
  return adminVerification({
    id: 5,
    status: 'submitted',
    progress: 100,
    publicId: 'pub-5',
    createdAt: '2026-03-05T10:00:00Z',
    updatedAt: '2026-03-06T10:00:00Z',
    ...over,
  })
}

const doc = (id: number, type: string, name: string, size: number) => ({
  id,
  verificationId: 5,
  type,
  filename: name,
  originalFilename: name,
  mimeType: 'application/pdf',
  size,
  objectPath: `k/${id}`,
  url: `/api/files/k/${id}`,
  createdAt: '2026-03-05T10:00:00Z',
  flags: [],
})

/** staff is the signed-in reviewer or administrator. */
const staff = (role: 'reviewer' | 'admin') => ({ id: 9, email: `${role}@ttt.test`, isAdmin: true, role, createdAt: '2026-01-01T00:00:00Z' })

function api(state: { v: AdminVerification }, extra: Parameters<typeof mockApi> = [], role: 'reviewer' | 'admin' = 'admin') {
  return mockApi(
    ...extra,
    route('GET', '/api/user', () => json(staff(role))),
    route('GET', '/api/admin/verifications/5', () => json(state.v)),
    route('GET', '/api/admin/verifications/5/company-info', () =>
      json({ companyName: 'Acme Metals', registrationNumber: 'R-1', countryOfIncorporation: 'CH', dateOfIncorporation: '2010-01-02', registeredAddress: 'Zug', operatingAddress: '', phoneNumber: '+41', email: 'ops@acme.test', website: 'acme.test', taxId: 'CHE-1' }),
    ),
    route('GET', '/api/admin/verifications/5/representatives', () => json([])),
    route('GET', '/api/admin/verifications/5/banking-info', () =>
      json({ bankName: 'UBS', bankAddress: 'Zurich', accountName: 'Acme', accountNumber: 'CH9300762011623852957', swiftCode: 'UBSWCHZH80A', currency: 'CHF', bankContact: '' }),
    ),
    route('GET', '/api/admin/verifications/5/trade-info', () =>
      json({ productsTraded: '["Copper","Zinc"]', otherProducts: '', incoterms: 'CIF', targetQuantity: '', preferredOrigin: '', targetPrice: '', pastTransactions: '' }),
    ),
    route('GET', '/api/admin/verifications/5/documents', () =>
      json([doc(1, 'business_license', 'licence.pdf', 2048), doc(2, 'incorporation_certificate', 'inc.pdf', 153600), doc(3, 'business_license', 'licence-2.pdf', 512)]),
    ),
    route('GET', '/api/admin/verifications/5/events', () =>
      json([{ id: 1, actorEmail: 'owner@acme.test', action: 'submit', fromStatus: 'draft', toStatus: 'submitted', reason: null, createdAt: '2026-03-05T10:00:00Z' }]),
    ),
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('admin review', () => {
  it('links the audit trail to its CSV export and its signed PDF report', async () => {
    api({ v: av() })
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    expect(await screen.findByRole('link', { name: 'Export audit (CSV)' })).toHaveAttribute('href', '/api/admin/verifications/5/audit.csv')
    expect(screen.getByRole('link', { name: 'Audit report (PDF)' })).toHaveAttribute('href', '/api/admin/verifications/5/audit.pdf')
  })

  it('shows the details, the Review Required banner and the decision buttons while submitted', async () => {
    api({ v: av() })
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    // The company names the page; the verification's number is secondary.
    expect(await screen.findByRole('heading', { name: /Acme Metals/, level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Review Verification #5')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Review · Acme Metals · TTT Verify'))
    expect(screen.getByText('Review Required')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/admin')
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument()
    expect(screen.getByText('pub-5')).toBeInTheDocument()
    expect(screen.getByText('owner@acme.test', { selector: 'dd' })).toBeInTheDocument()
    expect(await screen.findByText('Copper')).toBeInTheDocument() // products as badges
    expect(screen.getByText('Zinc')).toBeInTheDocument()
    expect(screen.getByText('Submitted for review')).toBeInTheDocument()
  })

  it('hides Approve and Reject outside submitted and in_review', async () => {
    api({ v: av({ status: 'rejected', rejectionReason: 'Blurry scan' }) })
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    expect(await screen.findByText('Reason: Blurry scan')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull()
    expect(screen.queryByText('Review Required')).toBeNull()
  })

  it('shows the full account number and documents grouped by type with sizes in KB', async () => {
    api({ v: av() }, [route('GET', '/api/files/k/2', () => new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }))])
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:inc', revokeObjectURL: () => {} }))
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    await screen.findByText('Review Verification #5')
    await user.click(screen.getByRole('tab', { name: 'Banking' }))
    expect(await screen.findByText('CH9300762011623852957')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Documents' }))
    const groups = await screen.findAllByTestId('document-group')
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Certificate of Incorporation', 'Business License'])
    expect(within(groups[1]).getByText('licence.pdf')).toBeInTheDocument()
    expect(within(groups[1]).getByText(/^2\.0 KB/)).toBeInTheDocument()
    expect(within(groups[0]).getByText(/^150\.0 KB/)).toBeInTheDocument()
    // View opens the document inside the page (its own copy, as a blob), with a way to open it in a tab.
    await user.click(within(groups[0]).getByRole('button', { name: 'View inc.pdf' }))
    const viewer = await screen.findByRole('dialog', { name: 'Certificate of Incorporation' })
    expect(await within(viewer).findByTitle('Certificate of Incorporation: inc.pdf')).toHaveAttribute('src', 'blob:inc')
    expect(within(viewer).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', '/api/files/k/2')
  })

  it('shows an image document as an image in the viewer', async () => {
    api({ v: av() }, [
      route('GET', '/api/admin/verifications/5/documents', () => json([{ ...doc(4, 'passport', 'passport.png', 900), mimeType: 'image/png' }])),
    ])
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    await screen.findByText('Review Verification #5')
    await user.click(screen.getByRole('tab', { name: 'Documents' }))
    await user.click(await screen.findByRole('button', { name: 'View passport.png' }))
    expect(await screen.findByRole('img', { name: 'Passport / ID: passport.png' })).toHaveAttribute('src', '/api/files/k/4')
  })

  it('asks before approving, says what approval does, and warns when nothing was paid', async () => {
    const state = { v: av({ paymentStatus: 'pending' }) }
    let approved = 0
    api(state, [
      route('POST', '/api/admin/verifications/5/approve', () => {
        approved++
        state.v = av({ status: 'approved', paymentStatus: 'pending', approvedAt: '2026-03-07T00:00:00Z', certificateStatus: 'valid' })
        return json(state.v)
      }),
    ])
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    await screen.findByRole('heading', { name: /Acme Metals/, level: 1 })
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    const dialog = await screen.findByRole('dialog', { name: 'Approve verification #5?' })
    expect(dialog).toHaveTextContent('Approving issues the Basic certificate for Acme Metals')
    expect(dialog).toHaveTextContent('public certificate page goes live')
    expect(within(dialog).getByRole('note')).toHaveTextContent('has not been paid for')
    expect(approved).toBe(0)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(approved).toBe(0)
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve and issue certificate' }))
    expect(await toastEl('Verification Approved')).not.toHaveLength(0)
    expect(approved).toBe(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("offers saved rejection reasons: the standard ones, and the reviewer's own once used", async () => {
    window.localStorage.clear()
    const state = { v: av() }
    const sent: unknown[] = []
    api(state, [
      route('POST', '/api/admin/verifications/5/reject', async (req) => {
        sent.push(await req.json())
        return json(av({ status: 'rejected', rejectionReason: 'x' }))
      }),
    ])
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    await user.click(await screen.findByRole('button', { name: 'Reject' }))
    const dialog = screen.getByRole('dialog', { name: 'Reject Verification' })
    await user.click(within(dialog).getByRole('combobox', { name: 'Saved reasons' }))
    await user.click(await screen.findByRole('option', { name: /^The business licence has expired/ }))
    expect(within(dialog).getByLabelText(/Rejection Reason/)).toHaveValue('The business licence has expired. Please upload a licence that is currently in force.')
    await user.clear(within(dialog).getByLabelText(/Rejection Reason/))
    await user.type(within(dialog).getByLabelText(/Rejection Reason/), 'Our own words about the licence.')
    await user.click(within(dialog).getByRole('button', { name: 'Reject Verification' }))
    expect(await toastEl('Verification Rejected')).not.toHaveLength(0)
    expect(sent).toEqual([{ reason: 'Our own words about the licence.' }])
    const { reasonChoices, savedReasons } = await import('./rejectionReasons')
    expect(reasonChoices(savedReasons())[0]).toBe('Our own words about the licence.')
  })

  it('requires a non-blank rejection reason and sends it', async () => {
    const state = { v: av() }
    let sent: unknown
    api(state, [
      route('POST', '/api/admin/verifications/5/reject', async (req) => {
        sent = await req.json()
        state.v = av({ status: 'rejected', rejectionReason: 'Blurry' })
        return json(state.v)
      }),
    ])
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    await user.click(await screen.findByRole('button', { name: 'Reject' }))
    const dialog = screen.getByRole('dialog', { name: 'Reject Verification' })
    await user.click(within(dialog).getByRole('button', { name: 'Reject Verification' }))
    await waitFor(() => expect(within(dialog).getByLabelText(/Rejection Reason/)).toHaveAccessibleDescription('Rejection reason is required'))
    await user.type(within(dialog).getByLabelText(/Rejection Reason/), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Reject Verification' }))
    await waitFor(() => expect(within(dialog).getByLabelText(/Rejection Reason/)).toHaveAccessibleDescription('Rejection reason is required'))
    expect(sent).toBeUndefined()
    await user.type(within(dialog).getByLabelText(/Rejection Reason/), ' Blurry ')
    await user.click(within(dialog).getByRole('button', { name: 'Reject Verification' }))
    expect(await toastEl('Verification Rejected')).not.toHaveLength(0)
    expect(sent).toEqual({ reason: 'Blurry' })
    expect(await screen.findByText('Reason: Blurry')).toBeInTheDocument()
  })

  it('reinstates a revoked certificate after a confirmation with a reason, and offers Revoke again', async () => {
    const approved = { status: 'approved', paymentStatus: 'paid', approvedAt: '2026-03-07T00:00:00Z', expiresAt: '2099-03-07T00:00:00Z' } as const
    const state = { v: av({ ...approved, revokedAt: '2026-04-01T00:00:00Z', revocationReason: 'Documents found forged', certificateStatus: 'revoked' }) }
    let sent: unknown
    api(state, [
      route('POST', '/api/admin/verifications/5/reinstate', async (req) => {
        sent = await req.json()
        state.v = av({ ...approved, certificateStatus: 'valid' })
        return json(state.v)
      }),
    ])
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
    await user.click(await screen.findByRole('button', { name: 'Reinstate' }))
    const dialog = screen.getByRole('dialog', { name: 'Reinstate Certificate' })
    expect(dialog).toHaveTextContent('show the certificate as valid again')
    await user.click(within(dialog).getByRole('button', { name: 'Reinstate Certificate' }))
    await waitFor(() => expect(within(dialog).getByLabelText(/Reinstatement Reason/)).toHaveAccessibleDescription('Reinstatement reason is required'))
    expect(sent).toBeUndefined()
    await user.type(within(dialog).getByLabelText(/Reinstatement Reason/), 'Forgery report withdrawn')
    await user.click(within(dialog).getByRole('button', { name: 'Reinstate Certificate' }))
    expect(await toastEl('Certificate Reinstated')).not.toHaveLength(0)
    expect(sent).toEqual({ reason: 'Forgery report withdrawn' })
    expect(await screen.findByRole('button', { name: 'Revoke' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reinstate' })).toBeNull()
  })

  it.each([
    ['Revoke', { certificateStatus: 'valid' }],
    ['Reinstate', { revokedAt: '2026-04-01T00:00:00Z', certificateStatus: 'revoked' }],
  ] as const)("offers a reviewer no %s, an administrator's act", async (button, over) => {
    const approved = { status: 'approved', paymentStatus: 'paid', approvedAt: '2026-03-07T00:00:00Z', expiresAt: '2099-03-07T00:00:00Z' } as const
    const { calls } = api({ v: av({ ...approved, ...over }) }, [], 'reviewer')
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    expect(await screen.findByRole('heading', { name: 'Certificate' })).toBeInTheDocument()
    await waitFor(() => expect(calls).toContain('GET /api/user'))
    expect(screen.getByRole('link', { name: /Public page/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: button })).toBeNull()
  })

  it("reports 'Approval Failed' with the server's message", async () => {
    api({ v: av() }, [route('POST', '/api/admin/verifications/5/approve', () => json({ message: 'verification is not submitted' }, { status: 409 }))])
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    await user.click(await screen.findByRole('button', { name: 'Approve' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve and issue certificate' }))
    expect(await toastEl('Approval Failed')).not.toHaveLength(0)
    expect(await toastEl('verification is not submitted')).not.toHaveLength(0)
  })

  it('generates the CIS of an approved verification', async () => {
    const approved: Partial<AdminVerification> = { status: 'approved', paymentStatus: 'paid', approvedAt: '2026-03-07T00:00:00Z', expiresAt: '2099-03-07T00:00:00Z', certificateStatus: 'valid' }
    const state = { v: av(approved) }
    api(state, [
      route('POST', '/api/admin/verifications/5/generate-cis', () => {
        state.v = av({ ...approved, cisFormPath: 'cis/5.pdf', cisFormGeneratedAt: '2026-03-08T09:30:00Z' })
        return json(state.v)
      }),
    ])
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    await user.click(await screen.findByRole('button', { name: 'Generate CIS Form' }))
    expect(await toastEl('CIS Form Generated')).not.toHaveLength(0)
    expect(await screen.findByRole('button', { name: 'Download CIS Form' })).toBeInTheDocument()
    expect(screen.getByText(/^Generated /)).toBeInTheDocument()
  })

  const revoked = { revokedAt: '2026-04-01T00:00:00Z', revocationReason: 'Documents found forged', certificateStatus: 'revoked' } as const
  const expired = { expiresAt: '2026-03-07T00:00:00Z', certificateStatus: 'expired' } as const
  it.each([
    ['revoked', 'a CIS', 'was revoked', revoked, 'cis/5.pdf'],
    ['revoked', 'no CIS', 'was revoked', revoked, null],
    ['expired', 'a CIS', 'has expired', expired, 'cis/5.pdf'],
    ['expired', 'no CIS', 'has expired', expired, null],
  ] as const)('offers no CIS, new CIS or certificate when the certificate is %s (with %s)', async (_, _has, why, over, cisFormPath) => {
    api({ v: av({ status: 'approved', paymentStatus: 'paid', approvedAt: '2025-03-07T00:00:00Z', expiresAt: '2099-03-07T00:00:00Z', cisFormPath, ...over }) })
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    expect(await screen.findByText(`The certificate ${why}, so its CIS is no longer issued.`)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Download CIS Form' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Generate CIS Form' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Certificate' })).toBeNull()
  })
})
