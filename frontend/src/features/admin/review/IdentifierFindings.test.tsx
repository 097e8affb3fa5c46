import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { IdentifierCheck, VerificationScreening } from '../../../lib/types'
import { adminVerification } from '../../../test/fixtures'
import { renderPage } from '../../../test/render'
import { json, mockApi, route } from '../../../test/server'
import AdminReviewPage from '../AdminReviewPage'

const leiMatch: IdentifierCheck = {
  registry: 'gleif',
  source: 'GLEIF',
  identifier: '5493001KJTIIGC8Y1R12',
  outcome: 'match',
  summary: 'match: LEI 5493001KJTIIGC8Y1R12 verified with GLEIF',
  checkedAt: '2026-11-26T09:30:00Z',
  differences: [
    { field: 'Legal name', entered: 'Bloomberg Finance LP', registered: 'BLOOMBERG FINANCE L.P.', match: true },
    { field: 'Country', entered: 'US', registered: 'US', match: true },
  ],
}

const vatUnavailable: IdentifierCheck = {
  registry: 'vies',
  source: 'VIES',
  identifier: 'FR40303265045',
  outcome: 'unavailable',
  summary: 'unavailable: the service did not answer',
  checkedAt: '2026-11-26T09:30:02Z',
  differences: [],
}

const vatMismatch: IdentifierCheck = {
  ...vatUnavailable,
  outcome: 'mismatch',
  summary: 'mismatch with VIES: name "Bloomberg Finance LP" entered, "GLOBEX SARL" registered',
  differences: [{ field: 'Name', entered: 'Bloomberg Finance LP', registered: 'GLOBEX SARL', match: false }],
}

function screening(identifiers: IdentifierCheck[]): VerificationScreening {
  return {
    status: 'done',
    run: { id: 9, startedAt: '2026-11-26T09:29:58Z', finishedAt: '2026-11-26T09:30:03Z', engineVersion: 'screening/3', trigger: 'submission', lists: [] },
    subjects: [],
    open: [],
    attention: true,
    pepAcknowledgement: null,
    identifiers,
  }
}

function renderReview(identifiers: IdentifierCheck[], afterCheck: IdentifierCheck[]) {
  let current = screening(identifiers)
  const api = mockApi(
    route('POST', '/api/admin/verifications/5/screening/identifiers/check', () => {
      current = screening(afterCheck)
      return json(current)
    }),
    route('GET', '/api/admin/verifications/5', () =>
      json(adminVerification({ id: 5, tier: 'top', status: 'in_review', paymentStatus: 'paid', progress: 100, publicId: 'pub-5' })),
    ),
    route('GET', '/api/admin/verifications/5/screening', () => json(current)),
    route('GET', /^\/api\/admin\/verifications\/5\/(company-info|banking-info|trade-info)$/, () => json(null)),
    route('GET', /^\/api\/admin\/verifications\/5\/(representatives|documents|events)$/, () => json([])),
  )
  renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
  return api
}

describe('IdentifierFindings', () => {
  it('shows each register finding with both values, and a VIES that did not answer can be asked again', async () => {
    const { calls } = renderReview([leiMatch, vatUnavailable], [leiMatch, vatMismatch])
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: /^Screening/ }))

    expect(await screen.findByRole('heading', { name: 'Registry and identifier checks' })).toBeInTheDocument()
    const lei = screen.getByRole('article', { name: 'LEI 5493001KJTIIGC8Y1R12' })
    expect(within(lei).getByText('Match')).toBeInTheDocument()
    expect(within(lei).getByText('match: LEI 5493001KJTIIGC8Y1R12 verified with GLEIF')).toBeInTheDocument()
    const rows = within(lei).getAllByTestId('identifier-difference').map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent))
    expect(rows).toEqual([
      ['Legal name', 'Bloomberg Finance LP', 'BLOOMBERG FINANCE L.P.', ''],
      ['Country', 'US', 'US', ''],
    ])
    expect(within(lei).getAllByLabelText('Same')).toHaveLength(2)

    const vat = screen.getByRole('article', { name: 'VAT number FR40303265045' })
    expect(within(vat).getByText('Unavailable')).toBeInTheDocument()
    expect(within(vat).getByText('unavailable: the service did not answer')).toBeInTheDocument()
    expect(within(vat).queryByRole('table')).toBeNull()
    expect(screen.queryByText(/clear/i)).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Check Again' }))
    await waitFor(() => expect(calls).toContain('POST /api/admin/verifications/5/screening/identifiers/check'))
    const after = await screen.findByRole('article', { name: 'VAT number FR40303265045' })
    await waitFor(() => expect(within(after).getByText('Mismatch')).toBeInTheDocument())
    expect(within(after).getByLabelText('Differs')).toBeInTheDocument()
    expect(within(after).getByText('GLOBEX SARL')).toBeInTheDocument()
  })

  it('says nothing when the applicant entered no identifier to check', async () => {
    renderReview([], [])
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: /^Screening/ }))
    await screen.findByRole('heading', { name: 'Screening run' })
    expect(screen.queryByRole('heading', { name: 'Registry and identifier checks' })).toBeNull()
  })
})
