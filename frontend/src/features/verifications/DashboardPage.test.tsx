import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Verification } from '../../lib/types'
import { renderPage } from '../../test/render'
import { verification } from '../../test/fixtures'
import { json, mockApi, route } from '../../test/server'
import DashboardPage from './DashboardPage'
import { featured, upgradePrice } from './dashboard'

const user = { id: 1, email: 'jane@acme.test', isAdmin: false, createdAt: '2026-01-01T00:00:00Z' }

/** api answers the list like the server: filtered by tier and (comma-separated) status, paged, newest first. */
function api(all: Verification[], extra: Parameters<typeof mockApi> = []) {
  return mockApi(
    ...extra,
    route('GET', '/api/user', () => json(user)),
    route('GET', '/api/verifications', (_req, url) => {
      const tier = url.searchParams.get('tier')
      const statuses = url.searchParams.get('status')?.split(',')
      const page = Number(url.searchParams.get('page') ?? 1)
      const size = Number(url.searchParams.get('pageSize') ?? 10)
      const rows = all
        .filter((v) => (!tier || v.tier === tier) && (!statuses || statuses.includes(v.status)))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      return json(rows.slice((page - 1) * size, page * size), { headers: { 'X-Total-Count': String(rows.length) } })
    }),
  )
}

const day = (n: number) => `2026-02-${String(n).padStart(2, '0')}T00:00:00Z`

afterEach(() => vi.unstubAllGlobals())

describe('dashboard', () => {
  it('shows on each tier card the verification that matters most: a valid certificate over a newer draft', async () => {
    api([
      verification({ id: 1, tier: 'basic', status: 'approved', paymentStatus: 'paid', progress: 100, approvedAt: day(1), expiresAt: '2099-01-01T00:00:00Z', updatedAt: day(1), companyName: 'Acme Metals' }),
      verification({ id: 2, tier: 'basic', status: 'draft', progress: 40, updatedAt: day(9), companyName: 'Acme Draft' }),
    ])
    renderPage('/dashboard', '/dashboard', <DashboardPage />)
    const basic = await screen.findByTestId('tier-card-basic')
    expect(await within(basic).findByText('Acme Metals')).toBeInTheDocument()
    expect(within(basic).getByText('Approved')).toBeInTheDocument()
    expect(within(basic).getByText('100%')).toBeInTheDocument()
    expect(within(basic).getByText(/valid until Jan 1, 2099/)).toBeInTheDocument()
    expect(within(basic).getByRole('link', { name: 'View Verification' })).toHaveAttribute('href', '/verification/1')
  })

  it('puts what needs the applicant first: rejected and unpaid verifications, and shows them on the tier cards', async () => {
    api([
      verification({ id: 3, tier: 'top', status: 'rejected', paymentStatus: 'paid', progress: 100, rejectionReason: 'Licence expired', updatedAt: day(3), companyName: 'Acme Top' }),
      verification({ id: 4, tier: 'top', status: 'draft', progress: 20, updatedAt: day(8) }),
      verification({ id: 5, tier: 'basic', status: 'submitted', progress: 100, updatedAt: day(5), companyName: 'Acme Unpaid' }),
      verification({ id: 6, tier: 'basic', status: 'in_review', paymentStatus: 'paid', progress: 100, updatedAt: day(6), companyName: 'Acme Review' }),
    ])
    renderPage('/dashboard', '/dashboard', <DashboardPage />)
    const attention = await screen.findByRole('heading', { name: 'Needs your action' })
    const section = attention.closest('section')!
    const rows = within(section).getAllByTestId('dashboard-row')
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Acme Unpaid'), expect.stringContaining('Acme Top')])
    expect(within(rows[0]).getByRole('link', { name: /Make Payment/ })).toHaveAttribute('href', '/payment/5')
    expect(within(rows[1]).getByText(/Licence expired/)).toBeInTheDocument()

    const top = screen.getByTestId('tier-card-top')
    expect(within(top).getByText('Rejected')).toBeInTheDocument()
    expect(within(top).getByText(/needs your changes/)).toBeInTheDocument()
    const basic = screen.getByTestId('tier-card-basic')
    expect(within(basic).getByRole('link', { name: 'Make Payment' })).toBeInTheDocument()
    // In review has its own list.
    const review = await screen.findByRole('list', { name: 'In Review' })
    expect(within(review).getByText('Acme Review')).toBeInTheDocument()
  })

  it('reads In Progress from the server by status and pages Completed Verifications by 10', async () => {
    const approved = Array.from({ length: 12 }, (_, i) =>
      verification({ id: 100 + i, tier: 'basic', status: 'approved', paymentStatus: 'paid', progress: 100, updatedAt: day(10 + i), companyName: `Company ${100 + i}` }),
    )
    const { calls } = api([...approved, verification({ id: 7, status: 'draft', updatedAt: day(2) })])
    const u = userEvent.setup()
    renderPage('/dashboard', '/dashboard', <DashboardPage />)
    const completed = await screen.findByRole('list', { name: 'Completed Verifications' })
    expect(within(completed).getAllByTestId('dashboard-row')).toHaveLength(10)
    expect(calls).toContain('GET /api/verifications?page=1&pageSize=10&sort=updatedAt&order=desc&status=draft%2Csubmitted')
    expect(calls).toContain('GET /api/verifications?page=1&pageSize=10&sort=updatedAt&order=desc&status=approved%2Crevoked%2Cexpired')
    expect(within(await screen.findByRole('list', { name: 'In Progress' })).getByText('Verification #7')).toBeInTheDocument()
    const pager = screen.getByText('Showing 1-10 of 12').closest('nav')!
    await u.click(within(pager).getByRole('button', { name: /Next/ }))
    expect(await screen.findByText('Showing 11-12 of 12')).toBeInTheDocument()
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Completed Verifications' })).getAllByTestId('dashboard-row')).toHaveLength(2))
  })

  it("says on the Top card and its row that the checks are running, never what they found", async () => {
    api([verification({ id: 5, tier: 'top', status: 'in_review', paymentStatus: 'paid', progress: 100, updatedAt: day(3), companyName: 'Acme Top',
      screening: { status: 'running' } })])
    renderPage('/dashboard', '/dashboard', <DashboardPage />)
    const card = await screen.findByTestId('tier-card-top')
    expect(await within(card).findByText('Checks running')).toBeInTheDocument()
    expect(within(await screen.findByTestId('dashboard-row')).getByText('Checks running')).toBeInTheDocument()
    expect(within(screen.getByTestId('tier-card-basic')).queryByText(/Checks/)).toBeNull()
  })

  it('ticks Company Information on a card with no verification, as the checklist rule says', async () => {
    api([])
    renderPage('/dashboard', '/dashboard', <DashboardPage />)
    const top = await screen.findByTestId('tier-card-top')
    await within(top).findByText('Not Started')
    const items = within(top).getAllByRole('listitem')
    expect(items.map((i) => [i.textContent, i.getAttribute('data-done')])).toEqual([
      ['Company Information', 'true'],
      ['KYC Requirements', 'false'],
      ['Enhanced Due Diligence', 'false'],
      ['Document Verification', 'false'],
    ])
    expect(within(top).getByText('0%')).toBeInTheDocument()
    expect(within(top).queryByRole('link')).toBeNull()
  })

  it("offers Upgrade to Top on the Top card for an approved Basic, at the $250 difference, and leads to the difference's payment", async () => {
    let upgraded = false
    const { calls } = api(
      [verification({ id: 9, tier: 'basic', status: 'approved', paymentStatus: 'paid', paymentAmount: 4900, progress: 100, approvedAt: day(1), expiresAt: '2099-01-01T00:00:00Z', companyName: 'Acme Metals' })],
      [
        route('POST', '/api/verifications/9/upgrade', () => {
          upgraded = true
          return json({ verification: verification({ id: 9, status: 'approved', paymentStatus: 'paid' }), paymentRequired: true, amount: 25000, currency: 'usd' })
        }),
      ],
    )
    const u = userEvent.setup()
    const { router } = renderPage('/dashboard', '/dashboard', <DashboardPage />)
    const top = await screen.findByTestId('tier-card-top')
    const offer = await within(top).findByTestId('upgrade-offer')
    expect(offer).toHaveTextContent('Upgrade Acme Metals to Top')
    expect(offer).toHaveTextContent('$250.00')
    await u.click(within(offer).getByRole('button', { name: 'Upgrade to Top' }))
    const dialog = await screen.findByRole('dialog', { name: /Upgrade to Top/ })
    expect(within(dialog).getByTestId('upgrade-price')).toHaveTextContent('$250.00 to pay now')
    expect(dialog).toHaveTextContent('goes back into review for the Top checks')
    await u.click(within(dialog).getByRole('button', { name: 'Continue to payment ($250.00)' }))
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/payment/9?purpose=upgrade'))
    expect(upgraded).toBe(true)
    expect(calls).toContain('POST /api/verifications/9/upgrade')
  })

  it('upgrades an unpaid Basic draft at once: Top costs $299 instead of $49 and nothing is charged now', async () => {
    let tier: Verification['tier'] = 'basic'
    api([], [
      route('GET', '/api/verifications/2', () => json(verification({ id: 2, tier }))),
      route('POST', '/api/verifications/2/upgrade', () => {
        tier = 'top'
        return json({ verification: verification({ id: 2, tier: 'top' }), paymentRequired: false, amount: 0, currency: 'usd' })
      }),
    ])
    const { UpgradeOffer } = await import('./UpgradeOffer')
    const u = userEvent.setup()
    renderPage('/x', '/x', <UpgradeOffer v={verification({ id: 2 })} />)
    expect(screen.getByTestId('upgrade-offer')).toHaveTextContent('$299.00 instead of $49.00')
    await u.click(screen.getByRole('button', { name: 'Upgrade to Top' }))
    const dialog = await screen.findByRole('dialog', { name: /Upgrade to Top/ })
    expect(within(dialog).getByTestId('upgrade-price')).toHaveTextContent('Nothing is charged now')
    await u.click(within(dialog).getByRole('button', { name: 'Upgrade to Top' }))
    expect(await screen.findAllByText('Upgraded to Top Tier')).not.toHaveLength(0)
    expect(tier).toBe('top')
  })
})

describe('featured and upgradePrice', () => {
  const now = new Date('2026-06-01T00:00:00Z')
  it('ranks valid certificates, then action needed, then review, then drafts, then expired or revoked', () => {
    const expired = verification({ id: 1, status: 'approved', paymentStatus: 'paid', approvedAt: day(1), expiresAt: '2026-05-01T00:00:00Z' })
    const draft = verification({ id: 2, status: 'draft' })
    const review = verification({ id: 3, status: 'in_review', paymentStatus: 'paid' })
    const unpaid = verification({ id: 4, status: 'submitted' })
    const valid = verification({ id: 5, status: 'approved', paymentStatus: 'paid', expiresAt: '2027-05-01T00:00:00Z' })
    expect(featured([expired, draft], now)?.id).toBe(2)
    expect(featured([expired, draft, review], now)?.id).toBe(3)
    expect(featured([expired, draft, review, unpaid], now)?.id).toBe(4)
    expect(featured([expired, draft, review, unpaid, valid], now)?.id).toBe(5)
    expect(featured([], now)).toBeUndefined()
  })

  it('charges the $250 difference once Basic was paid (whatever a coupon took off), and the Top price before', () => {
    expect(upgradePrice({ paymentStatus: 'paid' })).toEqual({ amount: 25000, payNow: true })
    expect(upgradePrice({ paymentStatus: 'pending' })).toEqual({ amount: 29900, payNow: false })
  })
})
