import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CertificateCheck, PublicCertificate } from '../../lib/types'
import { renderPage } from '../../test/render'
import { json, mockApi, route } from '../../test/server'
import { checkDetail, pageState } from './certificate'
import PublicVerificationPage from './PublicVerificationPage'

// As the server words them (application/top_checks_claims.go, domain/screening/claims.go).
const BASIC_CHECK: CertificateCheck = {
  kind: 'verification',
  label: 'Verification',
  result: 'verified',
  text: 'Company, representatives, banking and documents reviewed. Includes TTT Certificate and Client Information Sheet (CIS)',
  date: null,
}

const TOP_CHECKS: CertificateCheck[] = [
  { ...BASIC_CHECK, date: '2026-11-23' },
  {
    kind: 'sanctions',
    label: 'Sanctions screening',
    result: 'no match',
    text: 'Sanctions screening: no match. OFAC SDN, retrieved 20 Nov 2026, UN of 19 Nov 2026. Screened 23 Nov 2026, monitored daily',
    date: '2026-11-23',
  },
  { kind: 'pep', label: 'PEP screening', result: 'no match', text: 'PEP screening: no match. PEP list of 01 Nov 2026. Screened 23 Nov 2026, monitored daily', date: '2026-11-23' },
  {
    kind: 'jurisdiction',
    label: 'Jurisdiction check',
    result: 'checked',
    text: 'Jurisdiction check: countries checked against the FATF lists of 13 Jun 2025. Checked 23 Nov 2026',
    date: '2026-11-23',
  },
  { kind: 'kyc', label: 'KYC', result: 'checked', text: 'KYC: 2 representatives checked (passport, age, nationality). Checked 23 Nov 2026', date: '2026-11-23' },
]

function cert(over: Partial<PublicCertificate> = {}): PublicCertificate {
  return {
    publicId: 'pub-1',
    certificateId: 'pub-1',
    companyName: 'Acme Metals AG',
    registrationNumber: 'CHE-123',
    country: 'CH',
    registeredAddress: 'Bahnhofstrasse 1, Zug',
    email: 'ops@acme.test',
    tier: 'basic',
    checks: [BASIC_CHECK],
    status: 'approved',
    certificateStatus: 'valid',
    verifiedAt: '2026-03-05T10:00:00Z',
    expiresAt: '2027-03-05T10:00:00Z',
    revokedAt: null,
    fingerprint: 'ab'.repeat(32),
    signature: { signedBy: 'TTT Verify', testSignature: false, notice: '' },
    ...over,
  }
}

function show(body: unknown, status = 200) {
  mockApi(
    route('GET', '/api/public/verifications/pub-1', () => json(body, { status })),
    route('GET', '/api/public/verifications/pub-1/documents', () => json([{ type: 'business_license', createdAt: '2026-03-01T00:00:00Z' }])),
  )
  renderPage('/v/:publicId', '/v/pub-1', <PublicVerificationPage />)
}

afterEach(() => vi.unstubAllGlobals())

describe('public certificate page', () => {
  it('shows a valid Basic certificate with every field, the date as month dd, yyyy and the fingerprint', async () => {
    show(cert())
    expect(await screen.findByRole('heading', { name: 'Verified Trading Partner' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Certificate status: Valid' })).toHaveTextContent('Valid until March 05, 2027')
    expect(screen.getAllByText('Acme Metals AG').length).toBeGreaterThan(0)
    expect(screen.getByText('CHE-123')).toBeInTheDocument()
    expect(screen.getByText('Switzerland')).toBeInTheDocument()
    expect(screen.getByText('Bahnhofstrasse 1, Zug')).toBeInTheDocument()
    expect(screen.getByText('ops@acme.test')).toBeInTheDocument()
    expect(screen.getByText('Includes TTT Certificate and Client Information Sheet (CIS)')).toBeInTheDocument()
    expect(screen.getByText('March 05, 2026')).toBeInTheDocument()
    expect(screen.getByText('Certificate ID')).toBeInTheDocument()
    expect(screen.getByText('pub-1')).toBeInTheDocument()
    expect(screen.getByTestId('fingerprint')).toHaveTextContent('ab'.repeat(32))
    expect(screen.queryByRole('button', { name: 'Full Report' })).toBeNull()
  })

  it('lists the Basic check with its text', async () => {
    show(cert())
    const list = await screen.findByRole('list', { name: 'Checks performed' })
    const items = within(list).getAllByTestId('certificate-check')
    expect(items).toHaveLength(1)
    expect(items[0]).toHaveTextContent('Verification')
    expect(items[0]).toHaveTextContent('Company, representatives, banking and documents reviewed.')
  })

  it('states the tier line once and every date one way, month dd, yyyy', async () => {
    show(cert({ tier: 'top', checks: TOP_CHECKS }))
    await screen.findByText('Includes TTT Certificate, CIS, KYC, AML and PEP Checks')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Full Report' }))
    expect(await screen.findByText('Business License')).toBeInTheDocument()
    const page = document.body.textContent!
    expect(page.match(/Includes TTT Certificate/g)).toHaveLength(1)
    expect(page).not.toMatch(/\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}/)
    expect(page).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}/)
    expect(page).toMatch(/Checked [A-Z][a-z]+ \d{2}, \d{4}\./)
  })

  it('lists each Top check with its result, sentence and date, and offers the Full Report', async () => {
    show(cert({ tier: 'top', checks: TOP_CHECKS }))
    expect(await screen.findByText('Includes TTT Certificate, CIS, KYC, AML and PEP Checks')).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Checks performed' })
    const items = within(list).getAllByTestId('certificate-check')
    expect(items).toHaveLength(5)
    expect(items[3]).toHaveTextContent('Jurisdiction checkchecked')
    expect(within(items[3]).getByText('Countries checked against the FATF lists of June 13, 2025.')).toBeInTheDocument()
    const sanctions = items[1]
    expect(within(sanctions).getByText('Sanctions screening')).toBeInTheDocument()
    expect(within(sanctions).getByText('no match')).toBeInTheDocument()
    expect(within(sanctions).getByText('November 23, 2026')).toBeInTheDocument()
    // The sentence's opening "Sanctions screening: no match." and its date are the line above it.
    expect(within(sanctions).getByText('OFAC SDN, retrieved November 20, 2026, UN of November 19, 2026. Monitored daily')).toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('button', { name: 'Full Report' }))
    const dialog = screen.getByRole('dialog', { name: 'Full Report' })
    expect(within(dialog).getByText('OFAC SDN, retrieved November 20, 2026, UN of November 19, 2026. Monitored daily')).toBeInTheDocument()
    expect(within(dialog).getAllByTestId('certificate-check')).toHaveLength(5)
    expect(await within(dialog).findByText('Business License')).toBeInTheDocument()
  })

  it('never claims a Top check that did not run', async () => {
    show(cert({ tier: 'top', checks: TOP_CHECKS.filter((k) => k.kind !== 'pep') }))
    expect(await screen.findByText('Includes TTT Certificate, CIS, KYC and AML Checks')).toBeInTheDocument()
    expect(screen.getAllByTestId('certificate-check')).toHaveLength(4)
    expect(screen.queryByText(/PEP/)).toBeNull()
  })

  it('shows N/A when there is no verification date', async () => {
    // The document promises a date; the page still copes with an older server that sends none.
    show(cert({ verifiedAt: null as unknown as string }))
    expect(await screen.findByText('N/A')).toBeInTheDocument()
  })

  it('makes an expired certificate unmistakable', async () => {
    show(cert({ certificateStatus: 'expired', expiresAt: '2026-01-31T00:00:00Z' }))
    expect(await screen.findByRole('heading', { name: 'Verification Expired' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Certificate status: Expired' })).toHaveTextContent('expired on January 31, 2026')
    expect(screen.queryByRole('heading', { name: 'Verified Trading Partner' })).toBeNull()
  })

  it('makes a revoked certificate unmistakable', async () => {
    show(cert({ certificateStatus: 'revoked', revokedAt: '2026-04-02T00:00:00Z' }))
    expect(await screen.findByRole('heading', { name: 'Verification Revoked' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Certificate status: Revoked' })).toHaveTextContent('revoked on April 02, 2026')
    expect(screen.getByText('Revoked On')).toBeInTheDocument()
    expect(screen.queryByText('Valid Until')).toBeNull()
  })

  it("says 'Verification Not Found' for an unknown ID", async () => {
    show({ message: 'not found' }, 404)
    expect(await screen.findByRole('heading', { name: 'Verification Not Found' })).toBeInTheDocument()
  })

  it('offers a search on the not-found page: at least 3 characters, approved certificates linked to their pages', async () => {
    const { calls } = mockApi(
      route('GET', '/api/public/verifications/pub-1', () => json({ message: 'not found' }, { status: 404 })),
      route('GET', '/api/public/search', (_req, url) =>
        json(
          url.searchParams.get('q') === 'Borealis'
            ? [
                { certificateId: 'abc234', companyName: 'Borealis Trading GmbH', country: 'DE', tier: 'top', certificateStatus: 'valid', expiresAt: '2027-11-22T09:00:00Z' },
                { certificateId: 'def567', companyName: 'Borealis Old AG', country: 'CH', tier: 'basic', certificateStatus: 'expired', expiresAt: '2025-01-02T09:00:00Z' },
              ]
            : [],
        ),
      ),
    )
    const user = userEvent.setup()
    renderPage('/v/:publicId', '/v/pub-1', <PublicVerificationPage />)
    await screen.findByRole('heading', { name: 'Verification Not Found' })
    const box = screen.getByRole('searchbox', { name: 'Certificate ID, company name or registration number' })
    await user.type(box, ' Bo ')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(box).toHaveAccessibleDescription('Enter at least 3 characters')
    expect(calls.some((c) => c.startsWith('GET /api/public/search'))).toBe(false)
    await user.clear(box)
    await user.type(box, 'Borealis{Enter}')
    const found = await screen.findByRole('list', { name: 'Certificates found' })
    const links = within(found).getAllByRole('link')
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/v/abc234', '/v/def567'])
    expect(links[0]).toHaveTextContent('Borealis Trading GmbH')
    expect(links[0]).toHaveTextContent(/Valid until/)
    expect(links[1]).toHaveTextContent('Expired')
    expect(calls).toContain('GET /api/public/search?q=Borealis')
    await user.clear(box)
    await user.type(box, 'HRB-000{Enter}')
    expect(await screen.findByText(/No approved certificate matches/)).toBeInTheDocument()
  })

  it("says 'Verification Not Available' for a verification that was never approved", async () => {
    show({ message: 'not available' }, 403)
    expect(await screen.findByRole('heading', { name: 'Verification Not Available' })).toBeInTheDocument()
  })

  it("shows a check's sentence without the label, result and date shown above it, its dates as month dd, yyyy", () => {
    expect(checkDetail(TOP_CHECKS[1])).toBe('OFAC SDN, retrieved November 20, 2026, UN of November 19, 2026. Monitored daily')
    expect(checkDetail(TOP_CHECKS[3])).toBe('Countries checked against the FATF lists of June 13, 2025.')
    expect(checkDetail(TOP_CHECKS[4])).toBe('2 representatives checked (passport, age, nationality).')
    expect(checkDetail(BASIC_CHECK)).toBe('Company, representatives, banking and documents reviewed.')
    expect(checkDetail({ kind: 'kyc', label: 'KYC', result: 'checked', text: 'KYC: ', date: null })).toBe('KYC: ')
  })

  it('maps lookups to page states', () => {
    expect(pageState({ isLoading: true })).toBe('loading')
    expect(pageState({ isLoading: false, status: 404 })).toBe('not-found')
    expect(pageState({ isLoading: false, status: 403 })).toBe('not-available')
    expect(pageState({ isLoading: false, status: 500 })).toBe('error')
    expect(pageState({ isLoading: false, certificateStatus: 'expired' })).toBe('expired')
  })
})
