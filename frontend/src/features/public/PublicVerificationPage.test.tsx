import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PublicCertificate } from '../../lib/types'
import { renderPage } from '../../test/render'
import { json, mockApi, route } from '../../test/server'
import { pageState } from './certificate'
import PublicVerificationPage from './PublicVerificationPage'

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
    checks: [{ kind: 'verification', label: 'Verification', result: 'verified', text: 'Includes TTT Certificate and Client Information Sheet (CIS)', date: '2026-03-05' }],
    status: 'approved',
    certificateStatus: 'valid',
    verifiedAt: '2026-03-05T10:00:00Z',
    expiresAt: '2027-03-05T10:00:00Z',
    revokedAt: null,
    fingerprint: 'ab'.repeat(32),
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

  it('offers the Full Report for Top with its description', async () => {
    show(cert({ tier: 'top', checks: [{ kind: 'sanctions', label: 'Sanctions screening', result: 'no match', text: 'AML screening', date: '2026-03-05' }] }))
    expect(await screen.findByText('Includes TTT Certificate, CIS, KYC, AML and PEP Checks')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Full Report' }))
    const dialog = screen.getByRole('dialog', { name: 'Full Report' })
    expect(within(dialog).getByText('AML screening')).toBeInTheDocument()
    expect(await within(dialog).findByText('Business License')).toBeInTheDocument()
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

  it("says 'Verification Not Available' for a verification that was never approved", async () => {
    show({ message: 'not available' }, 403)
    expect(await screen.findByRole('heading', { name: 'Verification Not Available' })).toBeInTheDocument()
  })

  it('maps lookups to page states', () => {
    expect(pageState({ isLoading: true })).toBe('loading')
    expect(pageState({ isLoading: false, status: 404 })).toBe('not-found')
    expect(pageState({ isLoading: false, status: 403 })).toBe('not-available')
    expect(pageState({ isLoading: false, status: 500 })).toBe('error')
    expect(pageState({ isLoading: false, certificateStatus: 'expired' })).toBe('expired')
  })
})
