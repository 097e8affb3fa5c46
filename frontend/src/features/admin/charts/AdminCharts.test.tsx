import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { cloneElement, type ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '@/test/render'
import { json, mockApi, route } from '@/test/server'
import AdminCharts from './AdminCharts'
import type { Chart } from './chartsApi'

// jsdom lays nothing out, so a responsive chart would measure 0 × 0 and draw nothing: give it a size.
vi.mock('recharts', async (original) => ({
  ...(await original<typeof import('recharts')>()),
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) => cloneElement(children, { width: 520, height: 224 }),
}))

const weeks = (n: number, values: number[][]) =>
  Array.from({ length: n }, (_, i) => ({ label: `2026-${String(9 + Math.floor(i / 4)).padStart(2, '0')}-${String(1 + (i % 4) * 7).padStart(2, '0')}`, values: values[i] ?? values[0].map(() => 0) }))

const CHARTS: Record<string, (weeks: number) => Chart> = {
  decisions: (n) => ({ name: 'decisions', weeks: n, unit: 'count', series: ['submitted', 'approved', 'rejected'], rows: weeks(n, [[7, 5, 2], [n, 3, 1]]) }),
  'decision-time': (n) => ({ name: 'decision-time', weeks: n, unit: 'hours', series: ['median', 'p90', 'decided'], reference: 48, rows: weeks(n, [[12.5, 60, 3], [0, 0, 0]]) }),
  'queue-age': (n) => ({ name: 'queue-age', weeks: n, unit: 'count', series: ['verifications'], rows: [{ label: '0–1 days', values: [4] }, { label: '7+ days', values: [2] }] }),
  'screening-hits': (n) => ({ name: 'screening-hits', weeks: n, unit: 'count', series: ['open', 'confirmed_match', 'false_positive', 'inconclusive'], rows: [{ label: 'un', values: [1, 0, 2, 0] }] }),
  revenue: (n) => ({ name: 'revenue', weeks: n, unit: 'cents', series: ['basic', 'top', 'discounts'], rows: weeks(n, [[3920, 29900, 980]]) }),
}

function api() {
  return mockApi(
    route('GET', /^\/api\/admin\/charts\/[a-z-]+$/, (_req, url) => json(CHARTS[url.pathname.split('/').pop()!](Number(url.searchParams.get('weeks'))))),
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('admin charts', () => {
  it('draws the five charts from their endpoints, twelve weeks by default', async () => {
    const { calls } = api()
    renderPage('/admin', '/admin', <AdminCharts />)
    const decisions = await screen.findByTestId('chart-decisions')
    await waitFor(() => expect(decisions.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0))
    for (const title of ['Submitted and decided', 'Time to decision', "The queue's age today", 'Screening hits', 'Revenue']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
    }
    expect(within(screen.getByTestId('chart-decision-time')).getByText('Promise: 2 days')).toBeInTheDocument()
    expect(calls.filter((c) => c.startsWith('GET /api/admin/charts/')).sort()).toEqual(
      ['decision-time', 'decisions', 'queue-age', 'revenue', 'screening-hits'].map((n) => `GET /api/admin/charts/${n}?weeks=12`),
    )
    // The queue's age is today's: it offers no range.
    expect(within(screen.getByTestId('chart-queue-age')).queryByRole('group')).not.toBeInTheDocument()
  })

  it('asks the server again for the range picked', async () => {
    const { calls } = api()
    renderPage('/admin', '/admin', <AdminCharts />)
    const card = await screen.findByTestId('chart-decisions')
    await within(card).findByRole('table', { hidden: true })
    await userEvent.click(within(card).getByRole('button', { name: '52 wk' }))
    await waitFor(() => expect(calls).toContain('GET /api/admin/charts/decisions?weeks=52'))
    expect(within(card).getByRole('button', { name: '52 wk' })).toHaveAttribute('aria-pressed', 'true')
    // The first week of 52 submitted 52 verifications in the mock's answer.
    await waitFor(() => expect(within(card).getAllByRole('row')).toHaveLength(53))
    expect(calls).not.toContain('GET /api/admin/charts/revenue?weeks=52')
  })

  it('lists the same numbers in a table for screen readers, shown on request', async () => {
    api()
    renderPage('/admin', '/admin', <AdminCharts />)
    const card = await screen.findByTestId('chart-revenue')
    const table = await within(card).findByRole('table', { name: 'Revenue' })
    expect(table.parentElement).toHaveClass('sr-only')
    const first = within(table).getAllByRole('row')[1]
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Week of 1 Sept')
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$39.20', '$299.00', '$9.80'])
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Week', 'Basic', 'Top', 'Coupon discounts'])
    await userEvent.click(within(card).getByRole('button', { name: 'Show table' }))
    expect(table.parentElement).not.toHaveClass('sr-only')
    expect(within(card).getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true')

    const hours = within(await screen.findByTestId('chart-decision-time')).getByRole('table', { name: 'Time to decision' })
    expect(within(within(hours).getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['12.5 h', '60 h', '3'])
    // A week without decisions has no decision time, not one of 0 hours.
    expect(within(within(hours).getAllByRole('row')[2]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['—', '—', '0'])
    const hits = within(screen.getByTestId('chart-screening-hits')).getByRole('table', { name: 'Screening hits' })
    expect(within(hits).getAllByRole('row')[1]).toHaveTextContent(/UN.*1.*0.*2.*0/)
  })
})
