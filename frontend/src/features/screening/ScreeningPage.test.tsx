import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ListsFreshness, ListVersion, ScreeningHit, ScreeningResult } from '../../lib/types'
import { renderPage } from '../../test/render'
import { json, mockApi, route } from '../../test/server'
import { expectFieldError } from '../../test/utils'
import { duration } from './FreshnessCard'
import ScreeningPage from './ScreeningPage'

function version(over: Partial<ListVersion>): ListVersion {
  return {
    id: 1,
    source: 'un',
    published: '2026-02-27',
    sha256: 'ab'.repeat(32),
    entryCount: 1003,
    importedAt: '2026-11-20T09:30:00Z',
    importedBy: 'system',
    parserVersion: 'un/1',
    files: [],
    added: 1003,
    removed: 0,
    changed: 0,
    previousId: null,
    inForce: true,
    ...over,
  }
}

const UN_OLD = version({ id: 1, inForce: false })
const UN = version({ id: 4, published: '2026-03-06', entryCount: 1002, added: 2, removed: 3, changed: 5, previousId: 1, importedAt: '2026-11-21T09:30:00Z' })
const SDN = version({ id: 2, source: 'ofac_sdn', published: null, entryCount: 8976, added: 8976 })

const HIT: ScreeningHit = {
  score: 0.923,
  matchedName: 'GASTON IYAMUREMYE',
  entry: {
    source: 'un',
    sourceId: 'CDi.003',
    listVersion: 4,
    kind: 'person',
    name: 'Gaston Iyamuremye',
    aliases: ['Victor Rumuri', 'Michel Byiringiro'],
    datesOfBirth: ['1948'],
    countries: ['RW'],
    identifiers: [{ type: 'passport', value: 'P123456', country: 'RW', label: 'Passport' }],
    programs: ['DRC'],
    topics: ['sanction'],
    remarks: 'FDLR President.',
  },
  explanation: [
    { feature: 'name', score: 0.98, detail: 'all tokens matched in any order' },
    { feature: 'date_of_birth', score: 0.02, detail: 'same year 1948' },
    { feature: 'country', score: -0.03, detail: 'countries CD not among the listed RW' },
  ],
}

// UN failed for four days (out of date); OFAC SDN was fetched this morning.
const FRESHNESS: ListsFreshness = {
  intervalSeconds: 86400,
  staleAfterSeconds: 259200,
  lists: [
    {
      source: 'ofac_sdn',
      scheduled: true,
      stale: false,
      lastSuccessAt: '2026-11-26T03:00:09Z',
      lastAttempt: { startedAt: '2026-11-26T03:00:01Z', finishedAt: '2026-11-26T03:00:09Z', ok: true, error: '', by: 'scheduler' },
    },
    {
      source: 'un',
      scheduled: true,
      stale: true,
      lastSuccessAt: '2026-11-22T03:00:05Z',
      lastAttempt: {
        startedAt: '2026-11-26T03:00:10Z',
        finishedAt: '2026-11-26T03:00:12Z',
        ok: false,
        error: "Download un: the publisher's server (scsanctions.un.org) answered 500 Internal Server Error.",
        by: 'scheduler',
      },
    },
  ],
}

function api(
  opts: { lists?: { inForce: ListVersion[]; history: ListVersion[] }; freshness?: ListsFreshness; search?: (body: unknown) => Response } = {},
) {
  const bodies: unknown[] = []
  const m = mockApi(
    route('GET', '/api/admin/screening/lists', () => json(opts.lists ?? { inForce: [SDN, UN], history: [UN, SDN, UN_OLD] })),
    route('GET', '/api/admin/screening/freshness', () => json(opts.freshness ?? FRESHNESS)),
    route('POST', '/api/admin/screening/search', async (req) => {
      const body: unknown = await req.json()
      bodies.push(body)
      const result: ScreeningResult = { hits: [HIT], listVersions: [SDN, UN], threshold: 0.85 }
      return opts.search ? opts.search(body) : json(result)
    }),
  )
  return { ...m, bodies }
}

afterEach(() => vi.unstubAllGlobals())

function renderScreening() {
  return renderPage('/admin/screening', '/admin/screening', <ScreeningPage />)
}

describe('screening page: lists', () => {
  it('shows each list in force with its date, entries, import time and changes; history opens on demand', async () => {
    api()
    const user = userEvent.setup()
    renderScreening()
    const rows = await screen.findAllByTestId('list-row')
    expect(rows).toHaveLength(2)
    const [sdn, un] = rows
    expect(within(sdn).getByText('OFAC SDN')).toBeInTheDocument()
    expect(within(sdn).getByText('Not dated')).toBeInTheDocument()
    expect(within(sdn).getByText('8,976')).toBeInTheDocument()
    expect(within(sdn).getByText('First import')).toBeInTheDocument()
    expect(within(sdn).getByText('No earlier version')).toBeInTheDocument()
    expect(within(un).getByText('UN')).toBeInTheDocument()
    expect(within(un).getByText('Mar 6, 2026')).toBeInTheDocument()
    expect(within(un).getByText('1,002')).toBeInTheDocument()
    expect(within(un).getByText(/Nov 21, 2026/)).toBeInTheDocument()
    expect(within(un).getByLabelText('2 added, 3 removed, 5 changed')).toHaveTextContent('+2\u22123~5')

    expect(screen.queryByTestId('history-row')).not.toBeInTheDocument()
    const toggle = within(un).getByRole('button', { name: 'History (1)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const old = screen.getByTestId('history-row')
    expect(within(old).getByText('Feb 27, 2026')).toBeInTheDocument()
    expect(within(old).getByText('1,003')).toBeInTheDocument()
    expect(within(old).getByText('abababababab')).toBeInTheDocument()
    await user.click(toggle)
    expect(screen.queryByTestId('history-row')).not.toBeInTheDocument()
  })

  it('explains how to import a list when none is loaded', async () => {
    api({ lists: { inForce: [], history: [] } })
    renderScreening()
    expect(await screen.findByText('No list is loaded')).toBeInTheDocument()
    expect(screen.getByText(/ttt-verify screening import un consolidated\.xml/)).toBeInTheDocument()
    expect(screen.getByText(/ttt-verify screening import ofac_sdn sdn\.csv add\.csv alt\.csv sdn_comments\.csv/)).toBeInTheDocument()
    expect(screen.queryByTestId('list-row')).not.toBeInTheDocument()
  })
})

describe('screening page: list updates', () => {
  it("shows each list's last successful fetch and last attempt, with the failure in plain words", async () => {
    api()
    renderScreening()
    const rows = await screen.findAllByTestId('freshness-row')
    expect(rows).toHaveLength(2)
    expect(screen.getByText(/Each list is fetched every 24 hours by a scheduled job\. A list not updated for 72 hours is out of date/)).toBeInTheDocument()
    const [sdn, un] = rows
    expect(within(sdn).getByText('Up to date')).toBeInTheDocument()
    expect(within(sdn).getAllByText(/Nov 26, 2026/)).toHaveLength(2)
    expect(within(sdn).getByText('Succeeded')).toBeInTheDocument()
    expect(within(sdn).getByText(/by scheduler/)).toBeInTheDocument()

    expect(within(un).getByText('Out of date')).toBeInTheDocument()
    expect(within(un).getByText(/Nov 22, 2026/)).toBeInTheDocument() // the last success
    expect(within(un).getByText(/Nov 26, 2026/)).toBeInTheDocument() // the last attempt
    expect(within(un).getByText('Failed:')).toBeInTheDocument()
    expect(within(un).getByText(/answered 500 Internal Server Error\./)).toBeInTheDocument()
    expect(within(un).queryByText('Succeeded')).not.toBeInTheDocument()
  })

  it('says when the schedule is off and a list was only imported by hand', async () => {
    api({
      freshness: {
        intervalSeconds: 0,
        staleAfterSeconds: 259200,
        lists: [{ source: 'pep_csv', scheduled: false, stale: false, lastSuccessAt: '2026-11-25T10:00:00Z', lastAttempt: null }],
      },
    })
    renderScreening()
    const [row] = await screen.findAllByTestId('freshness-row')
    expect(screen.getByText(/The scheduled refresh is off \(SCREENING_FETCH_INTERVAL=0\)/)).toBeInTheDocument()
    expect(within(row).getByText('Never fetched (imported by hand)')).toBeInTheDocument()
    expect(within(row).getByText('Not refreshed by the schedule')).toBeInTheDocument()
    expect(within(row).getByText(/Nov 25, 2026/)).toBeInTheDocument()
  })
})

it('writes the schedule in the largest unit that fits', () => {
  expect([86400, 3600, 5400, 90, 60, 40].map(duration)).toEqual(['24 hours', '1 hour', '1.5 hours', '1.5 minutes', '1 minute', '40 seconds'])
})

describe('screening page: check', () => {
  it('validates the form before asking the server', async () => {
    const { bodies } = api()
    const user = userEvent.setup()
    renderScreening()
    await screen.findAllByTestId('list-row')
    await user.type(screen.getByLabelText('Date of birth'), '19x8')
    await user.type(screen.getByLabelText('Country'), 'G1')
    await user.click(screen.getByRole('button', { name: 'Check' }))
    await expectFieldError('Name', 'Name is required')
    await expectFieldError('Date of birth', 'Date of birth must be YYYY or YYYY-MM-DD')
    await expectFieldError('Country', 'Country must be a two-letter ISO code such as GB')
    expect(bodies).toEqual([])
  })

  it('sends the check and shows each hit with its score, entry, list version and explanation', async () => {
    const { bodies } = api()
    const user = userEvent.setup()
    renderScreening()
    await screen.findAllByTestId('list-row')
    await user.type(screen.getByLabelText(/^Name/), '  Gaston Iyamuremie ')
    await user.click(screen.getByRole('combobox', { name: 'Kind' }))
    await user.click(await screen.findByRole('option', { name: 'Person' }))
    await user.type(screen.getByLabelText('Date of birth'), '1948')
    await user.type(screen.getByLabelText('Country'), 'cd')
    await user.type(screen.getByLabelText('Identifier'), 'P123456')
    await user.click(screen.getByRole('button', { name: 'Check' }))

    const hit = await screen.findByRole('article', { name: 'Gaston Iyamuremye' })
    expect(bodies).toEqual([{ name: 'Gaston Iyamuremie', kind: 'person', dateOfBirth: '1948', country: 'CD', identifiers: [{ value: 'P123456' }] }])
    expect(screen.getByRole('heading', { name: '1 hit for “Gaston Iyamuremie”' })).toBeInTheDocument()
    expect(screen.getByText(/Searched OFAC SDN \(imported Nov 20, 2026\), UN \(Mar 6, 2026\)/)).toBeInTheDocument()

    expect(within(hit).getByText('92%')).toBeInTheDocument()
    expect(within(hit).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '92')
    expect(within(hit).getByText('GASTON IYAMUREMYE')).toBeInTheDocument() // the name it matched on
    expect(within(hit).getByText('UN · Mar 6, 2026')).toBeInTheDocument()
    expect(within(hit).getByText('Person')).toBeInTheDocument()
    expect(within(hit).getByText('#CDi.003')).toBeInTheDocument()
    expect(within(hit).getByText('Victor Rumuri')).toBeInTheDocument()
    expect(within(hit).getByText('Michel Byiringiro')).toBeInTheDocument()
    expect(within(hit).getByText('1948')).toBeInTheDocument()
    expect(within(hit).getByText('RW')).toBeInTheDocument()
    expect(within(hit).getByText('Passport: P123456 (RW)')).toBeInTheDocument()
    expect(within(hit).getByText('DRC')).toBeInTheDocument()
    expect(within(hit).getByText('FDLR President.')).toBeInTheDocument()

    const rows = within(hit).getAllByTestId('explanation-row').map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent))
    expect(rows).toEqual([
      ['Name', '+0.98', 'all tokens matched in any order'],
      ['Date of birth', '+0.02', 'same year 1948'],
      ['Country', '\u22120.03', 'countries CD not among the listed RW'],
    ])
  })

  it('says when nothing reaches the default threshold', async () => {
    api({ search: () => json({ hits: [], listVersions: [SDN, UN], threshold: 0.85 }) })
    const user = userEvent.setup()
    renderScreening()
    await screen.findAllByTestId('list-row')
    await user.type(screen.getByLabelText(/^Name/), 'Quiet Harbour Grain Traders')
    await user.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByText('No match at the default threshold')).toBeInTheDocument()
    expect(screen.getByText('Threshold used: 0.85 (the default)')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'No match for “Quiet Harbour Grain Traders”' })).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })

  it('sends a minimum score, so weaker candidates show, and states the threshold the server used', async () => {
    const { bodies } = api({ search: () => json({ hits: [HIT], listVersions: [SDN, UN], threshold: 0.6 }) })
    const user = userEvent.setup()
    renderScreening()
    await screen.findAllByTestId('list-row')
    await user.type(screen.getByLabelText(/^Name/), 'Iyamuremye')
    await user.type(screen.getByLabelText('Minimum score (0 to 1)'), '0.6')
    await user.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByText('Threshold used: 0.60 (your minimum score)')).toBeInTheDocument()
    expect(bodies).toEqual([{ name: 'Iyamuremye', kind: 'any', minScore: 0.6 }])
  })

  it('refuses a minimum score outside 0 to 1 before asking the server', async () => {
    const { bodies } = api()
    const user = userEvent.setup()
    renderScreening()
    await screen.findAllByTestId('list-row')
    await user.type(screen.getByLabelText(/^Name/), 'Iyamuremye')
    await user.type(screen.getByLabelText('Minimum score (0 to 1)'), '2')
    await user.click(screen.getByRole('button', { name: 'Check' }))
    await expectFieldError('Minimum score (0 to 1)', 'Minimum score must be between 0 and 1')
    expect(bodies).toEqual([])
  })

  it("puts the server's field errors on the fields", async () => {
    api({
      search: () =>
        json(
          {
            message: 'Please correct the highlighted fields',
            errors: { dateOfBirth: 'Date of birth must be YYYY, YYYY-MM or YYYY-MM-DD', 'identifiers[0].value': 'Identifier value is required' },
          },
          { status: 400 },
        ),
    })
    const user = userEvent.setup()
    renderScreening()
    await screen.findAllByTestId('list-row')
    await user.type(screen.getByLabelText(/^Name/), 'Gaston')
    await user.type(screen.getByLabelText('Date of birth'), '1948-02-30')
    await user.type(screen.getByLabelText('Identifier'), 'X')
    await user.click(screen.getByRole('button', { name: 'Check' }))
    await expectFieldError('Date of birth', 'Date of birth must be YYYY, YYYY-MM or YYYY-MM-DD')
    await expectFieldError('Identifier', 'Identifier value is required')
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument())
  })
})
