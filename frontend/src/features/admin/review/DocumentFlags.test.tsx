import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AdminDocument } from '../../../lib/types'
import { adminVerification } from '../../../test/fixtures'
import { renderPage } from '../../../test/render'
import { json, mockApi, route } from '../../../test/server'
import AdminReviewPage from '../AdminReviewPage'
import { DocumentFlags } from './DocumentFlags'

const doc = (id: number, name: string, flags: AdminDocument['flags']): AdminDocument => ({
  id,
  verificationId: 5,
  type: 'incorporation_certificate',
  filename: name,
  originalFilename: name,
  mimeType: 'application/pdf',
  size: 2048,
  objectPath: `k/${id}`,
  url: `/api/files/k/${id}`,
  createdAt: '2026-03-05T10:00:00Z',
  owner: null,
  flags,
})

const SAME = {
  kind: 'same_file_elsewhere',
  message: 'The same file was uploaded in verification 42 (Borealis Trading GmbH) of another account on 20 Nov 2026',
  verificationId: 42,
} as const
const UPDATED = {
  kind: 'incremental_updates',
  message: 'Changed after it was first saved: the PDF carries an incremental update (content appended to the original)',
  verificationId: null,
} as const

function reviewApi(docs: AdminDocument[]) {
  mockApi(
    route('GET', '/api/admin/verifications/5', () => json(adminVerification({ id: 5, status: 'in_review', tier: 'basic' }))),
    route('GET', '/api/admin/verifications/5/company-info', () => json(null)),
    route('GET', '/api/admin/verifications/5/representatives', () => json([])),
    route('GET', '/api/admin/verifications/5/banking-info', () => json(null)),
    route('GET', '/api/admin/verifications/5/trade-info', () => json(null)),
    route('GET', '/api/admin/verifications/5/documents', () => json(docs)),
    route('GET', '/api/admin/verifications/5/events', () => json([])),
  )
}

describe('document flags', () => {
  it('shows nothing for a document without flags', () => {
    renderPage('/', '/', <DocumentFlags doc={doc(1, 'clean.pdf', [])} />)
    expect(screen.queryByTestId('document-flags')).toBeNull()
  })

  it('shows each flag under its document in the review, the copy elsewhere linked, and counts flagged documents', async () => {
    reviewApi([doc(1, 'extract.pdf', [SAME, UPDATED]), doc(2, 'clean.pdf', [])])
    const user = userEvent.setup()
    renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
    expect(await screen.findByText('2 · 1 flagged')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Documents' }))
    const flags = await screen.findByRole('list', { name: 'Flags on extract.pdf' })
    const items = within(flags).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      `${SAME.message} Open verification 42`,
      UPDATED.message,
    ])
    expect(within(items[0]).getByRole('link', { name: 'Open verification 42' })).toHaveAttribute('href', '/admin/verifications/42')
    expect(screen.queryByRole('list', { name: 'Flags on clean.pdf' })).toBeNull()
    // Flags inform the decision; they never take the decision buttons away.
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled()
  })
})
