import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminVerification, ReviewClaim } from '@/lib/types'
import { renderPage } from '@/test/render'
import { json, mockApi, route } from '@/test/server'
import { adminVerification } from '@/test/fixtures'
import AdminDashboardPage from './AdminDashboardPage'
import AdminReviewPage from './AdminReviewPage'

const ana: ReviewClaim = { holderId: 7, holderEmail: 'ana@ttt.example', claimedAt: '2026-03-06T09:30:00Z', activeAt: '2026-03-06T09:30:00Z', mine: false }
const mine: ReviewClaim = { ...ana, holderId: 1, holderEmail: 'me@ttt.example', mine: true }

function av(over: Partial<AdminVerification> = {}): AdminVerification {
  return adminVerification({ id: 5, status: 'in_review', progress: 100, publicId: 'pub-5', paymentStatus: 'paid', ...over })
}

/** reviewApi serves the review page of verification 5 and records the claim calls and their bodies. */
function reviewApi(state: { v: AdminVerification }) {
  const posted: string[] = []
  const m = mockApi(
    route('POST', '/api/admin/verifications/5/claim', () => {
      posted.push('claim')
      state.v = { ...state.v, claim: mine }
      return json(state.v)
    }),
    route('POST', '/api/admin/verifications/5/release', () => {
      posted.push('release')
      state.v = { ...state.v, claim: null }
      return json(state.v)
    }),
    route('POST', '/api/admin/verifications/5/takeover', async (req) => {
      posted.push(`takeover ${JSON.stringify(await req.json())}`)
      state.v = { ...state.v, claim: mine }
      return json(state.v)
    }),
    route('GET', '/api/admin/verifications/5', () => json(state.v)),
    route('GET', /\/api\/admin\/verifications\/5\/(representatives|documents|events)$/, () => json([])),
    route('GET', /\/api\/admin\/verifications\/5\/.+$/, () => json(null)),
  )
  return { ...m, posted }
}

afterEach(() => vi.unstubAllGlobals())

describe('claiming a review', () => {
  it('starts a review when nobody holds it, then offers Release', async () => {
    const { posted } = reviewApi({ v: av() })
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    const bar = await screen.findByRole('region', { name: 'Reviewer' })
    expect(bar).toHaveTextContent('Nobody is reviewing this verification')
    await user.click(within(bar).getByRole('button', { name: 'Start review' }))
    expect(await within(bar).findByText(/^You are reviewing this since Mar 6, 2026/)).toBeInTheDocument()
    expect(posted).toEqual(['claim'])

    await user.click(within(bar).getByRole('button', { name: 'Release' }))
    expect(await within(bar).findByRole('button', { name: 'Start review' })).toBeInTheDocument()
    expect(posted).toEqual(['claim', 'release'])
  })

  it("names another reviewer's claim and takes it over only with a reason", async () => {
    const { posted } = reviewApi({ v: av({ claim: ana }) })
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    const bar = await screen.findByRole('region', { name: 'Reviewer' })
    expect(bar).toHaveTextContent(/Claimed by ana@ttt\.example since Mar 6, 2026/)
    expect(within(bar).queryByRole('button', { name: 'Start review' })).toBeNull()

    await user.click(within(bar).getByRole('button', { name: 'Take over' }))
    const dialog = await screen.findByRole('dialog', { name: 'Take over this review?' })
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }))
    expect(await within(dialog).findByText('A reason is required to take over a review')).toBeInTheDocument()
    expect(posted).toEqual([])

    await user.type(within(dialog).getByLabelText(/Reason for taking over/), 'Ana is on leave')
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posted).toEqual(['takeover {"reason":"Ana is on leave"}'])
    expect(await within(bar).findByText(/^You are reviewing this since/)).toBeInTheDocument()
  })

  it('shows no claim controls once the verification is decided', async () => {
    reviewApi({ v: av({ status: 'approved' }) })
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    await screen.findByText('Review Verification #5')
    expect(screen.queryByRole('region', { name: 'Reviewer' })).toBeNull()
  })
})

describe('the queue by reviewer', () => {
  it("badges claimed rows with their holder and filters to mine or the unclaimed", async () => {
    const { calls } = mockApi(
      route('GET', '/api/admin/verifications/stats', () => json({ total: 3, draft: 0, submitted: 0, in_review: 3, approved: 0, rejected: 0, screeningAttention: 0 })),
      route('GET', '/api/admin/verifications', () =>
        json([av({ id: 1, claim: ana }), av({ id: 2, claim: mine }), av({ id: 3 })], { headers: { 'X-Total-Count': '3' } }),
      ),
    )
    const user = userEvent.setup()
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    await screen.findByText('Showing 1-3 of 3')
    const rows = screen.getAllByTestId('admin-row')
    expect(within(rows[0]).getByText(/ana@ttt\.example/)).toHaveTextContent('Claimed by ana@ttt.example')
    expect(within(rows[1]).getByText(/You$/)).toHaveTextContent('Claimed by You')
    expect(within(rows[2]).queryByText(/Claimed by/)).toBeNull()

    const filter = screen.getByRole('combobox', { name: 'Reviewer' })
    expect(filter).toHaveTextContent('All')
    await user.click(filter)
    await user.click(await screen.findByRole('option', { name: 'Mine' }))
    await waitFor(() => expect(calls).toContain('GET /api/admin/verifications?status=in_review&claim=mine&page=1&pageSize=10&sort=reviewSince&order=asc'))
    expect(calls).toContain('GET /api/admin/verifications/stats?claim=mine')
    await user.click(filter)
    await user.click(await screen.findByRole('option', { name: 'Unclaimed' }))
    await waitFor(() => expect(calls).toContain('GET /api/admin/verifications?status=in_review&claim=unclaimed&page=1&pageSize=10&sort=reviewSince&order=asc'))
  })
})
