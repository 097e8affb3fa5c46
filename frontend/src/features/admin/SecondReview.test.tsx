import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminVerification, FirstApproval } from '@/lib/types'
import { renderPage } from '@/test/render'
import { json, mockApi, route } from '@/test/server'
import { adminVerification } from '@/test/fixtures'
import AdminDashboardPage from './AdminDashboardPage'
import AdminReviewPage from './AdminReviewPage'

const byAna: FirstApproval = { approverEmail: 'ana@ttt.example', approvedAt: '2026-03-06T09:30:00Z', mine: false, awaiting: true, sentBack: null }

function av(over: Partial<AdminVerification> = {}): AdminVerification {
  return adminVerification({ id: 5, tier: 'top', status: 'in_review', progress: 100, publicId: 'pub-5', paymentStatus: 'paid', fourEyes: true, ...over })
}

/** reviewApi serves the review page of verification 5 and records the decisions posted. */
function reviewApi(state: { v: AdminVerification }) {
  const posted: string[] = []
  mockApi(
    route('POST', '/api/admin/verifications/5/send-back', async (req) => {
      const body = (await req.json()) as { reason: string }
      posted.push(`send-back ${body.reason}`)
      state.v = { ...state.v, firstApproval: { ...byAna, awaiting: false, sentBack: { byEmail: 'me@ttt.example', at: '2026-03-06T10:00:00Z', note: body.reason } } }
      return json(state.v)
    }),
    route('POST', '/api/admin/verifications/5/approve', () => {
      posted.push('approve')
      state.v = { ...state.v, status: 'approved', firstApproval: null }
      return json(state.v)
    }),
    route('GET', '/api/admin/verifications/5', () => json(state.v)),
    route('GET', /\/api\/admin\/verifications\/5\/(representatives|documents|events)$/, () => json([])),
    route('GET', /\/api\/admin\/verifications\/5\/screening$/, () => json({ status: 'done', open: [], hits: [] })),
    route('GET', /\/api\/admin\/verifications\/5\/.+$/, () => json(null)),
  )
  return posted
}

afterEach(() => vi.unstubAllGlobals())

describe('four eyes on the review page', () => {
  it('lets another reviewer send an approval back, only with a note, which then shows for the reviewers', async () => {
    const posted = reviewApi({ v: av({ firstApproval: byAna }) })
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    const bar = await screen.findByRole('region', { name: 'Second review' })
    expect(bar).toHaveTextContent(/Approved by ana@ttt\.example on Mar 6, 2026.*, awaiting second review/)
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
    expect(screen.getByText(/approved once and waits for a second reviewer.*confirm the approval, send it back or reject it/)).toBeInTheDocument()

    await user.click(within(bar).getByRole('button', { name: 'Send back' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send this approval back?' })
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }))
    expect(await within(dialog).findByText('A note is required to send an approval back')).toBeInTheDocument()
    expect(posted).toEqual([])
    await user.type(within(dialog).getByLabelText(/Note for the reviewers/), 'The register extract is out of date')
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posted).toEqual(['send-back The register extract is out of date'])
    expect(await screen.findByText(/me@ttt\.example sent back ana@ttt\.example's approval on .*: The register extract is out of date/)).toBeInTheDocument()
    expect(screen.getByText(/waiting for your decision\. Check every section and document, then approve or reject it/)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Second review' })).toBeNull()
  })

  it('confirms the approval, which issues the certificate', async () => {
    const posted = reviewApi({ v: av({ firstApproval: byAna }) })
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    const bar = await screen.findByRole('region', { name: 'Second review' })
    await user.click(within(bar).getByRole('button', { name: 'Confirm approval' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Approve and issue certificate' }))
    await waitFor(() => expect(posted).toEqual(['approve']))
  })

  it('tells the first approver why they cannot confirm, without the buttons', async () => {
    reviewApi({ v: av({ firstApproval: { ...byAna, approverEmail: 'me@ttt.example', mine: true } }) })
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    const bar = await screen.findByRole('region', { name: 'Second review' })
    expect(bar).toHaveTextContent(/You approved this on Mar 6, 2026.*, awaiting second review/)
    expect(bar).toHaveTextContent('The second approval must come from another reviewer')
    expect(within(bar).queryByRole('button')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument()
  })

  it('says an approval is the first of two before it is given', async () => {
    reviewApi({ v: av() })
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    await user.click(await screen.findByRole('button', { name: 'Approve' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Your approval is recorded as the first of two: nothing is issued')
    expect(within(dialog).getByRole('button', { name: 'Approve (first of two)' })).toBeInTheDocument()
  })
})

describe('the queue by second review', () => {
  it('badges rows awaiting a second review and filters to them', async () => {
    const { calls } = mockApi(
      route('GET', '/api/admin/verifications/stats', () => json({ total: 2, draft: 0, submitted: 0, in_review: 2, approved: 0, rejected: 0, screeningAttention: 0 })),
      route('GET', '/api/admin/verifications', () => json([av({ id: 1, firstApproval: byAna }), av({ id: 2 })], { headers: { 'X-Total-Count': '2' } })),
    )
    const user = userEvent.setup()
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    await screen.findByText('Showing 1-2 of 2')
    const rows = screen.getAllByTestId('admin-row')
    expect(within(rows[0]).getByText('Awaiting second review')).toBeInTheDocument()
    expect(within(rows[1]).queryByText('Awaiting second review')).toBeNull()

    await user.click(screen.getByRole('combobox', { name: 'Second review' }))
    await user.click(await screen.findByRole('option', { name: 'Awaiting second review' }))
    await waitFor(() =>
      expect(calls).toContain('GET /api/admin/verifications?status=in_review&secondReview=awaiting&page=1&pageSize=10&sort=reviewSince&order=asc'),
    )
  })
})
