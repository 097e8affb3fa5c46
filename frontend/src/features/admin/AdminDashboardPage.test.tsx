import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminVerification } from '@/lib/types'
import { renderPage } from '@/test/render'
import { json, mockApi, route } from '@/test/server'
import { toastEl } from '@/test/utils'
import AdminDashboardPage from './AdminDashboardPage'
import { adminVerification } from '@/test/fixtures'

function av(id: number, over: Partial<AdminVerification> = {}): AdminVerification {
  return adminVerification({
    id,
    status: 'in_review',
    progress: 100,
    publicId: `pub-${id}`,
    paymentStatus: 'paid',
    createdAt: '2026-03-05T10:00:00Z',
    updatedAt: '2026-03-06T10:00:00Z',
    userEmail: `owner${id}@acme.test`,
    ...over,
  })
}

function api(role: 'reviewer' | 'admin' = 'admin') {
  const deleted: number[] = []
  const m = mockApi(
    route('GET', '/api/user', () => json({ id: 9, email: `${role}@ttt.test`, isAdmin: true, role, createdAt: '2026-01-01T00:00:00Z' })),
    route('GET', '/api/admin/verifications/stats', () => json({ total: 60, draft: 1, submitted: 2, in_review: 23, approved: 30, rejected: 4, screeningAttention: 3, overdue: 2 })),
    route('GET', '/api/admin/verifications', (_req, url) => {
      const page = Number(url.searchParams.get('page'))
      const n = page === 3 ? 3 : 10
      return json(
        Array.from({ length: n }, (_, i) => {
          const id = (page - 1) * 10 + i + 1
          // Verification 2 is a Top one whose screening needs a reviewer.
          if (id === 2) return av(id, { tier: 'top', screening: { status: 'done', attention: true } })
          // Verification 1 has waited past the promise, 3 within it.
          if (id === 1) return av(id, { waiting: { since: '2026-03-02T10:00:00Z', businessDays: 4, overdue: true } })
          if (id === 3) return av(id, { waiting: { since: '2026-03-05T10:00:00Z', businessDays: 1, overdue: false } })
          return av(id)
        }),
        { headers: { 'X-Total-Count': '23' } },
      )
    }),
    route('DELETE', /\/api\/verifications\/\d+/, (req) => {
      deleted.push(Number(new URL(req.url).pathname.split('/').pop()))
      return new Response(null, { status: 204 })
    }),
  )
  return { ...m, deleted }
}

afterEach(() => vi.unstubAllGlobals())

describe('admin dashboard', () => {
  it('shows the five counts from the stats endpoint and the In Review queue by default', async () => {
    const { calls } = api()
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    expect(await screen.findByText('Showing 1-10 of 23')).toBeInTheDocument()
    expect(within(screen.getByTestId('count-draft')).getByText('1')).toBeInTheDocument()
    expect(within(screen.getByTestId('count-submitted')).getByText('2')).toBeInTheDocument()
    expect(within(screen.getByTestId('count-in_review')).getByText('23')).toBeInTheDocument()
    expect(within(screen.getByTestId('count-approved')).getByText('30')).toBeInTheDocument()
    expect(within(screen.getByTestId('count-rejected')).getByText('4')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('In Review')
    expect(screen.getByRole('combobox', { name: 'Tier' })).toHaveTextContent('All')
    expect(calls).toContain('GET /api/admin/verifications?status=in_review&page=1&pageSize=10&sort=reviewSince&order=asc')
    expect(calls).toContain('GET /api/admin/verifications/stats')
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['DB ID', 'Public ID', 'User', 'Tier', 'Status', 'Waiting', 'Date', 'Actions'])
    const row = screen.getAllByTestId('admin-row')[0]
    expect(within(row).getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/admin/verifications/1')
    expect(within(row).getByText('owner1@acme.test')).toBeInTheDocument()
  })

  it("pages on the server with 'Showing x-y of n'", async () => {
    const { calls } = api()
    const user = userEvent.setup()
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    await screen.findByText('Showing 1-10 of 23')
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: /Next/ }))
    expect(await screen.findByText('Showing 11-20 of 23')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Next/ }))
    expect(await screen.findByText('Showing 21-23 of 23')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled()
    expect(calls.some((c) => c.includes('page=3&'))).toBe(true)
  })

  it('sends the text filters to the server, resets the page and clears everything', async () => {
    const { calls } = api()
    const user = userEvent.setup()
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    await screen.findByText('Showing 1-10 of 23')
    await user.click(screen.getByRole('button', { name: /Next/ }))
    await screen.findByText('Showing 11-20 of 23')
    await user.click(screen.getByLabelText('User Email'))
    await user.paste('jane@acme.test')
    await user.click(screen.getByLabelText('Public ID'))
    await user.paste('pub-9')
    await user.type(screen.getByLabelText('DB ID'), '9')
    await waitFor(
      () => expect(calls).toContain('GET /api/admin/verifications?status=in_review&email=jane%40acme.test&publicId=pub-9&id=9&page=1&pageSize=10&sort=reviewSince&order=asc'),
      { timeout: 3000 },
    )
    expect(calls).toContain('GET /api/admin/verifications/stats?email=jane%40acme.test&publicId=pub-9&id=9')
    await user.click(screen.getByRole('button', { name: 'Clear All Filters' }))
    expect(screen.getByLabelText('User Email')).toHaveValue('')
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All')
    await waitFor(() => expect(calls).toContain('GET /api/admin/verifications?page=1&pageSize=10&sort=createdAt&order=desc'), { timeout: 3000 })
    expect(screen.getByRole('button', { name: 'Clear All Filters' })).toBeDisabled()
  }, 15_000)

  it('searches by company name or registration number and sorts by any column on the server', async () => {
    const { calls } = api()
    const user = userEvent.setup()
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    await screen.findByText('Showing 1-10 of 23')
    await user.click(screen.getByLabelText('Company'))
    await user.paste('HRB-555')
    await waitFor(() => expect(calls).toContain('GET /api/admin/verifications?status=in_review&company=HRB-555&page=1&pageSize=10&sort=reviewSince&order=asc'), {
      timeout: 3000,
    })
    expect(calls).toContain('GET /api/admin/verifications/stats?company=HRB-555')
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) })
    expect(header('Waiting')).toHaveAttribute('aria-sort', 'ascending')
    await user.click(within(header('User')).getByRole('button'))
    await waitFor(() => expect(calls.some((c) => c.includes('company=HRB-555&page=1&pageSize=10&sort=company&order=desc'))).toBe(true))
    expect(header('User')).toHaveAttribute('aria-sort', 'descending')
    await user.click(within(header('User')).getByRole('button'))
    await waitFor(() => expect(calls.some((c) => c.includes('sort=company&order=asc'))).toBe(true))
    for (const [name, field] of [['DB ID', 'id'], ['Public ID', 'publicId'], ['Tier', 'tier'], ['Status', 'status'], ['Date', 'createdAt']]) {
      await user.click(within(header(name)).getByRole('button'))
      await waitFor(() => expect(calls.some((c) => c.includes(`sort=${field}&order=desc`))).toBe(true))
    }
  }, 15_000)

  it('keeps the sort in the address, and names it in the Sort by select phones use instead of the headers', async () => {
    const { calls } = api()
    renderPage('/admin', '/admin?sort=company&order=asc', <AdminDashboardPage />)
    await screen.findByText('Showing 1-10 of 23')
    expect(calls).toContain('GET /api/admin/verifications?status=in_review&page=1&pageSize=10&sort=company&order=asc')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Company, ascending')
    expect(screen.getByRole('columnheader', { name: /User/ })).toHaveAttribute('aria-sort', 'ascending')
  })

  it('filters by a count card and flags a DB ID that is not a number', async () => {
    const { calls } = api()
    const user = userEvent.setup()
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    await screen.findByText('Showing 1-10 of 23')
    await user.click(screen.getByTestId('count-approved'))
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Approved')
    await waitFor(() => expect(calls.some((c) => c.startsWith('GET /api/admin/verifications?status=approved&'))).toBe(true))
    await user.type(screen.getByLabelText('DB ID'), 'x')
    expect(screen.getByLabelText('DB ID')).toHaveAccessibleDescription('Enter a number')
  })

  it('counts and filters the verifications whose screening needs attention, and marks their rows', async () => {
    const { calls } = api()
    const user = userEvent.setup()
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    await screen.findByText('Showing 1-10 of 23')
    const rows = screen.getAllByTestId('admin-row')
    expect(within(rows[1]).getByText(/^Screening/)).toHaveTextContent('Screening needs attention')
    expect(within(rows[0]).queryByText(/^Screening/)).toBeNull()

    const toggle = screen.getByTestId('count-screening')
    expect(toggle).toHaveTextContent('Screening needs attention3')
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    // The count spans every status: the status filter opens up to All.
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All')
    // The filters reach the server after a short pause for typing.
    await waitFor(() => expect(calls).toContain('GET /api/admin/verifications?screening=attention&page=1&pageSize=10&sort=createdAt&order=desc'), { timeout: 3000 })
    expect(calls).toContain('GET /api/admin/verifications/stats?screening=attention')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await waitFor(() => expect(calls.at(-1)).not.toContain('screening='), { timeout: 3000 })
  })

  it('shows each wait in business days, flags the overdue ones in words, counts them and opens In Review oldest first', async () => {
    const { calls } = api()
    const user = userEvent.setup()
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    await screen.findByText('Showing 1-10 of 23')
    const rows = screen.getAllByTestId('admin-row')
    expect(within(rows[0]).getByTestId('waiting')).toHaveTextContent('4 business daysOverdue (over 2 business days)')
    expect(within(rows[0]).getByText('4 business days')).toHaveClass('text-red-700')
    expect(within(rows[2]).getByTestId('waiting')).toHaveTextContent(/^1 business day$/)
    expect(within(rows[2]).queryByText(/Overdue/)).toBeNull()
    expect(within(rows[3]).queryByTestId('waiting')).toBeNull()
    const overdue = screen.getByTestId('count-overdue')
    expect(overdue).toHaveTextContent('Overdue reviews (over 2 business days)2')

    // Other lists are newest first and have no Waiting column: only the In Review queue waits.
    await user.click(screen.getByTestId('count-approved'))
    await waitFor(() => expect(calls).toContain('GET /api/admin/verifications?status=approved&page=1&pageSize=10&sort=createdAt&order=desc'))
    expect(screen.queryByRole('columnheader', { name: /Waiting/ })).toBeNull()
    await user.click(overdue)
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('In Review')
    expect(screen.getByRole('columnheader', { name: /Waiting/ })).toHaveAttribute('aria-sort', 'ascending')
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/admin/verifications?status=in_review&page=1&pageSize=10&sort=reviewSince&order=asc')).toHaveLength(2))
  })

  it('keeps filters and page in the address: a reload shows the same queue, Back the one before', async () => {
    const { calls } = api()
    const user = userEvent.setup()
    const { router } = renderPage('/admin', '/admin?status=approved&tier=top&page=2', <AdminDashboardPage />)
    expect(await screen.findByText('Showing 11-20 of 23')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Approved')
    expect(screen.getByRole('combobox', { name: 'Tier' })).toHaveTextContent('TOP')
    expect(calls).toContain('GET /api/admin/verifications?status=approved&tier=top&page=2&pageSize=10&sort=createdAt&order=desc')

    await user.click(screen.getByTestId('count-draft'))
    expect(router.state.location.search).toBe('?status=draft&tier=top')
    expect(await screen.findByText('Showing 1-10 of 23')).toBeInTheDocument()
    await act(() => router.navigate(-1))
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Approved')
    expect(await screen.findByText('Showing 11-20 of 23')).toBeInTheDocument()

    // Typed text reaches the address once typing pauses, back on page 1.
    await user.click(screen.getByLabelText('User Email'))
    await user.paste('jane@acme.test')
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved&tier=top&email=jane%40acme.test'), { timeout: 3000 })
    expect(screen.getByLabelText('User Email')).toHaveValue('jane@acme.test')
  })

  it.each([
    ['admin', 1],
    ['reviewer', 0],
  ] as const)('shows the date-range audit export to administrators only (%s)', async (role, times) => {
    const { calls } = api(role)
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(calls).toContain('GET /api/user'))
    await waitFor(() => expect(screen.queryAllByRole('heading', { name: 'Audit log export' })).toHaveLength(times))
  })

  it('deletes after a confirmation', async () => {
    const { deleted } = api()
    const user = userEvent.setup()
    renderPage('/admin', '/admin', <AdminDashboardPage />)
    await screen.findByText('Showing 1-10 of 23')
    // The table (wide screens) and the cards (phones) both carry the action; CSS shows one.
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Delete verification 3' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete verification?' })
    expect(dialog).toHaveTextContent('pub-3')
    expect(deleted).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await toastEl('Verification deleted')).not.toHaveLength(0)
    expect(deleted).toEqual([3])
  })
})
