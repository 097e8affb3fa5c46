import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FailedJob } from '@/lib/types'
import { renderPage } from '@/test/render'
import { json, mockApi, route } from '@/test/server'
import FailedJobsPage from './FailedJobsPage'

function job(over: Partial<FailedJob>): FailedJob {
  return {
    id: 41,
    kind: 'send_email',
    summary: '{"idempotencyKey":"receipt:pi_1","subject":"Receipt TTT-20261122-000007","to":["ann@acme.test"]}',
    attempts: 25,
    maxAttempts: 25,
    lastError: 'send over smtp://mail:587: dial tcp: connection refused',
    failedAt: '2026-11-23T10:15:00Z',
    createdAt: '2026-11-02T09:00:00Z',
    ...over,
  }
}

function api(pages: Record<number, { items: FailedJob[]; total: number }>) {
  return mockApi(
    route('GET', '/api/admin/jobs/failed', (_req, url) => {
      const p = pages[Number(url.searchParams.get('page') ?? 1)] ?? { items: [], total: 0 }
      return json(p.items, { headers: { 'X-Total-Count': String(p.total) } })
    }),
  )
}

afterEach(() => vi.unstubAllGlobals())

function renderJobs() {
  return renderPage('/admin/jobs', '/admin/jobs', <FailedJobsPage />)
}

describe('failed jobs page', () => {
  it('lists each failed job with its kind, attempts, arguments and last error, last failed first', async () => {
    const { calls } = api({ 1: { items: [job({ id: 42, kind: 'generate_cis', summary: '{"verificationId":7}', attempts: 3, maxAttempts: 3, lastError: 'store CIS of 7: disk full' }), job({})], total: 2 } })
    renderJobs()
    const rows = await screen.findAllByTestId('failed-job')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('CIS generation')).toBeInTheDocument()
    expect(within(rows[0]).getByText('#42 generate_cis')).toBeInTheDocument()
    expect(within(rows[0]).getByText('3 of 3')).toBeInTheDocument()
    expect(within(rows[0]).getByText('{"verificationId":7}')).toBeInTheDocument()
    expect(within(rows[0]).getByText('store CIS of 7: disk full')).toBeInTheDocument()
    expect(within(rows[1]).getByText('E-mail')).toBeInTheDocument()
    expect(within(rows[1]).getByText('25 of 25')).toBeInTheDocument()
    expect(within(rows[1]).getByText(/connection refused/)).toBeInTheDocument()
    expect(within(rows[1]).getByText(/Nov 23, 2026/)).toBeInTheDocument()
    expect(calls).toContain('GET /api/admin/jobs/failed?page=1&pageSize=10')
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
  })

  it('pages on the server when there are more than ten', async () => {
    const first = Array.from({ length: 10 }, (_, i) => job({ id: 100 - i }))
    api({ 1: { items: first, total: 12 }, 2: { items: [job({ id: 2 }), job({ id: 1 })], total: 12 } })
    const user = userEvent.setup()
    const { router } = renderJobs()
    expect(await screen.findByText('Showing 1-10 of 12')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Showing 11-12 of 12')).toBeInTheDocument()
    expect(await screen.findByText('#1 send_email')).toBeInTheDocument()
    // The page is in the address, so a reload stays on it.
    expect(router.state.location.search).toBe('?page=2')
  })

  it('says so when nothing failed', async () => {
    api({})
    renderJobs()
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument()
    expect(screen.queryByTestId('failed-job')).toBeNull()
  })

  it('offers Try Again when the list cannot be loaded', async () => {
    let n = 0
    mockApi(
      route('GET', '/api/admin/jobs/failed', () =>
        ++n === 1 ? json({ message: 'database is down' }, { status: 503 }) : json([job({})], { headers: { 'X-Total-Count': '1' } }),
      ),
    )
    const user = userEvent.setup()
    renderJobs()
    expect(await screen.findByText('Error Loading Failed Jobs')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findAllByTestId('failed-job')).toHaveLength(1)
  })
})
