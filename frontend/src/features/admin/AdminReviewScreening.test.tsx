import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminVerification, AuditEvent, ListVersion, ScreeningCaseHit, VerificationScreening } from '../../lib/types'
import { adminVerification } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { json, mockApi, route, type Handler } from '../../test/server'
import { toastEl } from '../../test/utils'
import AdminReviewPage from './AdminReviewPage'

const UN: ListVersion = {
  id: 4,
  source: 'un',
  published: '2026-11-19',
  sha256: 'ab'.repeat(32),
  entryCount: 1002,
  importedAt: '2026-11-21T09:30:00Z',
  importedBy: 'system',
  parserVersion: 'un/1',
  files: [],
  added: 2,
  removed: 3,
  changed: 5,
  previousId: 1,
  inForce: true,
}

function hit(over: Partial<ScreeningCaseHit> = {}): ScreeningCaseHit {
  return {
    id: 71,
    check: 'sanctions',
    score: 0.91,
    matchedName: 'IVAN PETROV',
    explanation: [
      { feature: 'name', score: 0.95, detail: 'all tokens matched in any order' },
      { feature: 'date_of_birth', score: -0.04, detail: 'born 1970, listed 1968' },
    ],
    entry: {
      source: 'un',
      sourceId: 'KPi.066',
      listVersion: 4,
      kind: 'person',
      name: 'Ivan Petrov',
      aliases: ['Iwan Petrow'],
      datesOfBirth: ['1968-05-01'],
      countries: ['RU'],
      identifiers: [],
      programs: ['DPRK'],
      topics: ['sanction'],
      remarks: 'Procurement agent.',
    },
    listName: 'UN',
    listVersionDate: '2026-11-19',
    status: 'open',
    reopened: false,
    decisions: [],
    ...over,
  }
}

function screening(over: Partial<VerificationScreening> = {}): VerificationScreening {
  return {
    status: 'done',
    run: {
      id: 9,
      startedAt: '2026-11-23T08:00:00Z',
      finishedAt: '2026-11-23T08:00:04Z',
      engineVersion: 'screening/3',
      trigger: 'submission',
      lists: [UN],
    },
    subjects: [
      {
        id: 1,
        kind: 'company',
        name: 'Acme Metals AG',
        details: 'CH · CHE-123',
        checks: [
          { kind: 'sanctions', result: 'clear', summary: 'No match', findings: [] },
          { kind: 'jurisdiction', result: 'clear', summary: 'CH: not on the FATF lists', findings: [] },
        ],
        hits: [],
      },
      {
        id: 2,
        kind: 'representative',
        name: 'Ivan Petrov',
        details: 'born 1970-03-02 · RU · passport 12345678',
        checks: [
          { kind: 'sanctions', result: 'hits', summary: '1 possible match', findings: [] },
          { kind: 'pep', result: 'unavailable', summary: 'unavailable: no PEP list loaded', findings: [] },
          {
            kind: 'jurisdiction',
            result: 'attention',
            summary: 'Nationality RU: FATF increased monitoring (list of 24 Oct 2025)',
            findings: [{ code: 'fatf_monitoring', severity: 'attention', message: 'RU is under increased monitoring' }],
          },
          {
            kind: 'kyc',
            result: 'attention',
            summary: 'Passport expires within 6 months',
            findings: [{ code: 'passport_expiring', severity: 'attention', message: 'Passport expires on 2027-01-10' }],
          },
        ],
        hits: [hit()],
      },
    ],
    open: ['A screening hit is undecided', 'PEP screening was unavailable and has not been acknowledged'],
    attention: true,
    pepAcknowledgement: null,
    identifiers: [],
    ...over,
  }
}

function top(over: Partial<AdminVerification> = {}) {
  return adminVerification({ id: 5, tier: 'top', status: 'in_review', paymentStatus: 'paid', progress: 100, publicId: 'pub-5', ...over })
}

function api(state: { v: AdminVerification; s: VerificationScreening; events?: AuditEvent[] }, ...extra: Handler[]) {
  return mockApi(
    ...extra,
    route('GET', '/api/admin/verifications/5', () => json(state.v)),
    route('GET', '/api/admin/verifications/5/screening', () => json(state.s)),
    route('GET', /^\/api\/admin\/verifications\/5\/(company-info|banking-info|trade-info)$/, () => json(null)),
    route('GET', /^\/api\/admin\/verifications\/5\/(representatives|documents)$/, () => json([])),
    route('GET', '/api/admin/verifications/5/events', () => json(state.events ?? [])),
  )
}

function renderReview() {
  renderPage('/admin/verifications/:id', '/admin/verifications/5', <AdminReviewPage />)
}

async function openScreening(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: /^Screening/ }))
}

afterEach(() => vi.unstubAllGlobals())

describe('admin review: screening', () => {
  it('has no Screening tab for a Basic verification and never asks for its screening', async () => {
    const { calls } = api({ v: top({ tier: 'basic' }), s: screening() })
    renderReview()
    await screen.findByText('Review Verification #5')
    expect(screen.getByRole('tab', { name: 'Overview' })).toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: /Screening/ })).toBeNull()
    expect(calls.filter((c) => c.includes('/screening'))).toEqual([])
  })

  it('shows what screening leaves open above the tabs, and the tab marks that it needs attention', async () => {
    api({ v: top(), s: screening() })
    const user = userEvent.setup()
    renderReview()
    const open = await screen.findByRole('list', { name: 'Open screening items' })
    expect(within(open).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'A screening hit is undecided',
      'PEP screening was unavailable and has not been acknowledged',
    ])
    expect(screen.getByRole('tab', { name: 'Screening needs attention' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Open Screening' }))
    expect(screen.getByRole('tab', { name: /^Screening/ })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('heading', { name: 'Screening run' })).toBeInTheDocument()
  })

  it('shows the run, each subject with its checks, and each hit with score, explanation and listed entry', async () => {
    api({ v: top(), s: screening() })
    const user = userEvent.setup()
    renderReview()
    await openScreening(user)

    expect(await screen.findByText('screening/3')).toBeInTheDocument()
    expect(screen.getByText('Submission')).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Lists used' })).getByText('UN · Nov 19, 2026 · 1,002 entries')).toBeInTheDocument()

    const subjects = screen.getAllByTestId('screening-subject')
    expect(subjects.map((s) => s.getAttribute('aria-label'))).toEqual(['Company: Acme Metals AG', 'Representative: Ivan Petrov'])
    const person = screen.getByRole('region', { name: 'Representative: Ivan Petrov' })
    expect(within(person).getByText(/born 1970-03-02 · RU · passport 12345678/)).toBeInTheDocument()
    const checks = within(person).getAllByTestId('screening-check').map((c) => c.getAttribute('aria-label'))
    expect(checks).toEqual(['Sanctions: Possible matches', 'PEP: Unavailable', 'Jurisdictions: Attention', 'KYC: Attention'])
    expect(within(person).getByText('unavailable: no PEP list loaded')).toBeInTheDocument()
    expect(within(person).getByText('Nationality RU: FATF increased monitoring (list of 24 Oct 2025)')).toBeInTheDocument()
    expect(within(person).getByText('Passport expires on 2027-01-10')).toBeInTheDocument()

    const h = within(person).getByRole('article', { name: 'Ivan Petrov' })
    expect(within(h).getByText('91%')).toBeInTheDocument()
    expect(within(h).getByText('UN · Nov 19, 2026')).toBeInTheDocument()
    expect(within(h).getByText('Undecided')).toBeInTheDocument()
    expect(within(h).getByText('Iwan Petrow')).toBeInTheDocument()
    expect(within(h).getByText('1968-05-01')).toBeInTheDocument()
    expect(within(h).getByText('DPRK')).toBeInTheDocument()
    expect(within(h).getByText('Procurement agent.')).toBeInTheDocument()
    const rows = within(h).getAllByTestId('explanation-row').map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent))
    expect(rows).toEqual([
      ['Name', '+0.95', 'all tokens matched in any order'],
      ['Date of birth', '\u22120.04', 'born 1970, listed 1968'],
    ])
    expect(within(h).getByText('No decision yet.')).toBeInTheDocument()
    const company = screen.getByRole('region', { name: 'Company: Acme Metals AG' })
    expect(within(company).queryByRole('article')).toBeNull()
  })

  it('requires an outcome and a note, sends the decision and shows the history', async () => {
    const state: { v: AdminVerification; s: VerificationScreening; events?: AuditEvent[] } = { v: top(), s: screening() }
    const bodies: unknown[] = []
    api(
      state,
      route('POST', '/api/admin/verifications/5/screening/hits/71/decision', async (req) => {
        bodies.push(await req.json())
        const decided = hit({ status: 'false_positive', decisions: [{ outcome: 'false_positive', note: 'Different date of birth and passport', by: 'reviewer@ttt.test', at: '2026-11-23T09:15:00Z' }] })
        state.s = screening({ open: ['PEP screening was unavailable and has not been acknowledged'] })
        state.s.subjects[1].hits = [decided]
        state.events = [
          {
            id: 9,
            actorEmail: 'reviewer@ttt.test',
            action: 'screening.hit_decided',
            fromStatus: 'in_review',
            toStatus: 'in_review',
            reason: 'false positive: "IVAN PETROV" on UN KPi.066 (hit 71): Different date of birth and passport',
            createdAt: '2026-11-23T09:15:00Z',
          },
        ]
        return json(state.s)
      }),
    )
    const user = userEvent.setup()
    renderReview()
    await openScreening(user)
    const form = await screen.findByRole('form', { name: 'Decision on Ivan Petrov' })

    await user.click(within(form).getByRole('button', { name: 'Record decision' }))
    await waitFor(() => expect(within(form).getByText('Choose an outcome')).toBeInTheDocument())
    expect(within(form).getByLabelText(/^Note/)).toHaveAccessibleDescription('A note is required')
    await user.click(within(form).getByRole('radio', { name: /False positive/ }))
    await user.type(within(form).getByLabelText(/^Note/), '   ')
    await user.click(within(form).getByRole('button', { name: 'Record decision' }))
    await waitFor(() => expect(within(form).getByLabelText(/^Note/)).toHaveAccessibleDescription('A note is required'))
    expect(bodies).toEqual([])

    // Pasted: typing a sentence into this large page is slow under load.
    await user.click(within(form).getByLabelText(/^Note/))
    await user.paste(' Different date of birth and passport ')
    await user.click(within(form).getByRole('button', { name: 'Record decision' }))
    expect(await toastEl('Decision recorded')).not.toHaveLength(0)
    expect(bodies).toEqual([{ outcome: 'false_positive', note: 'Different date of birth and passport' }])

    const h = await screen.findByRole('article', { name: 'Ivan Petrov' })
    await waitFor(() => expect(within(h).queryByText('Undecided')).toBeNull())
    const history = within(h).getByRole('list', { name: 'Decision history' })
    expect(within(history).getByText('False positive')).toBeInTheDocument()
    expect(within(history).getByText('reviewer@ttt.test')).toBeInTheDocument()
    expect(within(history).getByText('Different date of birth and passport')).toBeInTheDocument()
    expect(within(h).queryByRole('form')).toBeNull()
    expect(within(h).getByRole('button', { name: 'Change decision' })).toBeInTheDocument()
    const open = screen.getByRole('list', { name: 'Open screening items' })
    expect(within(open).getAllByRole('listitem')).toHaveLength(1)
    // The decision is in the audit trail, with its note.
    const audited = await screen.findByText('Screening hit decided')
    expect(audited.closest('li')).toHaveTextContent('Different date of birth and passport')
  })

  it("puts the server's field error on the note", async () => {
    api(
      { v: top(), s: screening() },
      route('POST', '/api/admin/verifications/5/screening/hits/71/decision', () => json({ message: 'Please correct the highlighted fields', errors: { note: 'A note is required' } }, { status: 400 })),
    )
    const user = userEvent.setup()
    renderReview()
    await openScreening(user)
    const form = await screen.findByRole('form', { name: 'Decision on Ivan Petrov' })
    await user.click(within(form).getByRole('radio', { name: /Inconclusive/ }))
    await user.type(within(form).getByLabelText(/^Note/), 'x')
    await user.click(within(form).getByRole('button', { name: 'Record decision' }))
    expect(await toastEl('Decision Failed')).not.toHaveLength(0)
    await waitFor(() => expect(within(form).getByLabelText(/^Note/)).toHaveAccessibleDescription('A note is required'))
  })

  it('marks a hit reopened by a changed entry and keeps its earlier decisions', async () => {
    const reopened = hit({
      status: 'open',
      reopened: true,
      decisions: [{ outcome: 'false_positive', note: 'Other person', by: 'first@ttt.test', at: '2026-11-01T10:00:00Z' }],
    })
    const s = screening()
    s.subjects[1].hits = [reopened]
    api({ v: top({ status: 'approved', certificateStatus: 'valid' }), s })
    const user = userEvent.setup()
    renderReview()
    await openScreening(user)
    const h = await screen.findByRole('article', { name: 'Ivan Petrov' })
    expect(within(h).getByText('Reopened')).toBeInTheDocument()
    expect(within(h).getByText(/the listed entry changed after the last decision/)).toBeInTheDocument()
    expect(within(within(h).getByRole('list', { name: 'Decision history' })).getByText('first@ttt.test')).toBeInTheDocument()
    expect(within(h).getByRole('form', { name: 'Decision on Ivan Petrov' })).toBeInTheDocument()
  })

  it('requires a note to acknowledge unavailable PEP screening, then shows who acknowledged it', async () => {
    const state = { v: top(), s: screening() }
    const bodies: unknown[] = []
    api(
      state,
      route('POST', '/api/admin/verifications/5/screening/pep-acknowledgement', async (req) => {
        bodies.push(await req.json())
        state.s = screening({ open: ['A screening hit is undecided'], pepAcknowledgement: { by: 'reviewer@ttt.test', at: '2026-11-23T09:20:00Z', note: 'No PEP licence yet' } })
        return json(state.s)
      }),
    )
    const user = userEvent.setup()
    renderReview()
    await openScreening(user)
    const form = await screen.findByRole('form', { name: 'PEP acknowledgement' })
    await user.click(within(form).getByRole('button', { name: 'Acknowledge' }))
    await waitFor(() => expect(within(form).getByLabelText(/^Acknowledgement note/)).toHaveAccessibleDescription('A note is required'))
    expect(bodies).toEqual([])
    await user.click(within(form).getByLabelText(/^Acknowledgement note/))
    await user.paste('No PEP licence yet')
    await user.click(within(form).getByRole('button', { name: 'Acknowledge' }))
    expect(await screen.findByText('PEP screening unavailable: acknowledged')).toBeInTheDocument()
    expect(bodies).toEqual([{ note: 'No PEP licence yet' }])
    expect(screen.getByText(/By reviewer@ttt.test on/)).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'PEP acknowledgement' })).toBeNull()
  })

  it('disables Approve while screening blocks it, says why beside it, and sums everything up in one banner', async () => {
    const { calls } = api({ v: top(), s: screening() })
    renderReview()
    const approve = await screen.findByRole('button', { name: 'Approve' })
    await waitFor(() => expect(approve).toBeDisabled())
    expect(approve).toHaveAccessibleDescription('Approval blocked: 2 screening items are open')
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled()
    await userEvent.setup().click(approve)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.filter((c) => c.includes('/approve'))).toEqual([])
    // One banner above the tabs: the review to do and what screening leaves open.
    const banners = screen.getAllByRole('status').filter((b) => b.hasAttribute('data-tone'))
    expect(banners).toHaveLength(1)
    expect(banners[0]).toHaveTextContent('Review Required')
    expect(within(banners[0]).getByRole('list', { name: 'Open screening items' })).toHaveTextContent('A screening hit is undecided')
  })

  it("keeps the server's reason on the page when approval is refused", async () => {
    // The page saw nothing open (screening finished since it loaded, say) but the server refuses.
    api(
      { v: top(), s: screening({ open: [], attention: false }) },
      route('POST', '/api/admin/verifications/5/approve', () => json({ message: 'Screening is not finished: 1 screening hit is undecided' }, { status: 409 })),
    )
    const user = userEvent.setup()
    renderReview()
    await user.click(await screen.findByRole('button', { name: 'Approve' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve and issue certificate' }))
    expect(await toastEl('Approval Failed')).not.toHaveLength(0)
    const banner = (await screen.findByText('Approval refused')).closest('[data-tone]')!
    expect(banner).toHaveTextContent('Screening is not finished: 1 screening hit is undecided')
  })

  it('says when the checks are still running', async () => {
    api({ v: top(), s: screening({ status: 'running', run: null, subjects: [], open: ['Screening is still running'], attention: true }) })
    const user = userEvent.setup()
    renderReview()
    const open = await screen.findByRole('list', { name: 'Open screening items' })
    expect(open).toHaveTextContent('Screening is still running')
    await openScreening(user)
    expect(await screen.findByText(/The checks are queued and run in the background/)).toBeInTheDocument()
    expect(screen.getByText('Running')).toBeInTheDocument()
  })

  it('keeps showing the last finished results while an approved certificate is screened again', async () => {
    api({ v: top({ status: 'approved', certificateStatus: 'valid' }), s: screening({ status: 'running', open: [], attention: false, pepAcknowledgement: { by: 'r@ttt.test', at: '2026-11-23T09:00:00Z', note: 'ok' } }) })
    const user = userEvent.setup()
    renderReview()
    expect(await screen.findByText('Screening is running')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Open screening items' })).toBeNull()
    await openScreening(user)
    expect(await screen.findByText(/A new screening run is under way\. Below are the results of the last finished run\./)).toBeInTheDocument()
    expect(screen.getAllByTestId('screening-subject')).toHaveLength(2)
  })
})

describe('screening subjects', () => {
  it('gives two representatives with the same name regions with different names', async () => {
    const base = screening()
    const twin = { ...base.subjects[1], id: 99, details: 'Director', hits: [] }
    api({ v: top(), s: screening({ subjects: [...base.subjects, twin] }) })
    const user = userEvent.setup()
    renderReview()
    await openScreening(user)
    await screen.findAllByTestId('screening-subject')
    expect(screen.getByRole('region', { name: 'Company: Acme Metals AG' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Representative: Ivan Petrov (1 of 2)' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Representative: Ivan Petrov (2 of 2)' })).toBeInTheDocument()
  })
})
