import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { verification } from '@/test/fixtures'
import { renderPage } from '@/test/render'
import { json, mockApi, route } from '@/test/server'
import VerificationsPage from './VerificationsPage'

/** api answers 12 verifications, ten a page, filtered by status. */
function api() {
  return mockApi(
    route('GET', '/api/verifications', (_req, url) => {
      const status = url.searchParams.get('status')
      const page = Number(url.searchParams.get('page'))
      const all = Array.from({ length: 12 }, (_, i) => verification({ id: i + 1, publicId: `TTT-${i + 1}`, companyName: `Company ${i + 1}` }))
      const rows = status && status !== 'draft' ? [] : all
      return json(rows.slice((page - 1) * 10, page * 10), { headers: { 'X-Total-Count': String(rows.length) } })
    }),
  )
}

const list = (path = '/verifications') => renderPage('/verifications', path, <VerificationsPage />)

afterEach(() => vi.unstubAllGlobals())

describe('verifications list', () => {
  it('shows the columns, the default sort and ten rows a page', async () => {
    const { calls } = api()
    list()
    expect(await screen.findByText('Showing 1-10 of 12')).toBeInTheDocument()
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Company / Verification ID',
      'Tier',
      'Status',
      'Progress',
      'Created',
      'Updated',
      'Actions',
    ])
    expect(screen.getByRole('columnheader', { name: 'Updated' })).toHaveAttribute('aria-sort', 'descending')
    expect(calls).toContain('GET /api/verifications?page=1&pageSize=10&sort=updatedAt&order=desc')
    expect(within(screen.getAllByTestId('verification-row')[0]).getByRole('link', { name: 'Company 1' })).toHaveAttribute('href', '/verification/1')
  })

  it('sorts by a header, turns the order around on a second click and keeps the sort in the address', async () => {
    const { calls } = api()
    const { router } = list()
    expect(await screen.findByText('Showing 1-10 of 12')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Company / Verification ID' }))
    expect(screen.getByRole('columnheader', { name: 'Company / Verification ID' })).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByRole('columnheader', { name: 'Updated' })).toHaveAttribute('aria-sort', 'none')
    await waitFor(() => expect(calls).toContain('GET /api/verifications?page=1&pageSize=10&sort=id&order=desc'))
    expect(router.state.location.search).toBe('?sort=id')
    await user.click(screen.getByRole('button', { name: 'Company / Verification ID' }))
    expect(screen.getByRole('columnheader', { name: 'Company / Verification ID' })).toHaveAttribute('aria-sort', 'ascending')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('ID, ascending')
  })

  it('opens on the page and filters the address names, and goes back to the page before', async () => {
    const { calls } = api()
    const { router } = list('/verifications?status=draft&page=2')
    expect(await screen.findByText('Showing 11-12 of 12')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Draft')
    expect(calls).toContain('GET /api/verifications?page=2&pageSize=10&sort=updatedAt&order=desc&status=draft')

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Previous/ }))
    expect(await screen.findByText('Showing 1-10 of 12')).toBeInTheDocument()
    await act(() => router.navigate(-1))
    expect(await screen.findByText('Showing 11-12 of 12')).toBeInTheDocument()
  })

  it('moves an address past the last page to the last page', async () => {
    const { calls } = api()
    const { router } = list('/verifications?page=9')
    expect(await screen.findByText('Showing 11-12 of 12')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=2')
    expect(calls).toContain('GET /api/verifications?page=2&pageSize=10&sort=updatedAt&order=desc')
  })

  it('says a filter found nothing', async () => {
    api()
    list('/verifications?status=approved')
    expect(await screen.findByText('No verifications found')).toBeInTheDocument()
    expect(screen.getByText('Try another filter.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows a revoked or expired certificate as Revoked or Expired, never Approved, and filters by them', async () => {
    const approved = { status: 'approved' as const, paymentStatus: 'paid' as const, progress: 100, approvedAt: '2025-01-01T00:00:00Z' }
    const { calls } = mockApi(
      route('GET', '/api/verifications', () =>
        json(
          [
            verification({ id: 1, companyName: 'Revoked Co', ...approved, revokedAt: '2025-06-01T00:00:00Z', expiresAt: '2099-01-01T00:00:00Z' }),
            verification({ id: 2, companyName: 'Expired Co', ...approved, expiresAt: '2026-01-01T00:00:00Z' }),
            verification({ id: 3, companyName: 'Valid Co', ...approved, expiresAt: '2099-01-01T00:00:00Z' }),
          ],
          { headers: { 'X-Total-Count': '3' } },
        ),
      ),
    )
    list('/verifications?status=revoked')
    const rows = await screen.findAllByTestId('verification-row')
    expect(rows.map((r) => within(r).getByText(/^(Approved|Revoked|Expired)$/).textContent)).toEqual(['Revoked', 'Expired', 'Approved'])
    expect(calls).toContain('GET /api/verifications?page=1&pageSize=10&sort=updatedAt&order=desc&status=revoked')
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Revoked')
  })

  it("says on each Top row whether its checks run or are complete, and nothing on a Basic one", async () => {
    const paid = { status: 'in_review' as const, paymentStatus: 'paid' as const, progress: 100 }
    mockApi(
      route('GET', '/api/verifications', () =>
        json(
          [
            verification({ id: 1, companyName: 'Running Co', tier: 'top', ...paid, screening: { status: 'running' } }),
            verification({ id: 2, companyName: 'Done Co', tier: 'top', ...paid, screening: { status: 'done' } }),
            verification({ id: 3, companyName: 'Basic Co', ...paid, screening: null }),
          ],
          { headers: { 'X-Total-Count': '3' } },
        ),
      ),
    )
    list()
    const rows = await screen.findAllByTestId('verification-row')
    expect(rows.map((r) => within(r).queryByText(/^Checks (running|complete)$/)?.textContent?.trim() ?? null)).toEqual([
      'Checks running',
      'Checks complete',
      null,
    ])
  })
})
