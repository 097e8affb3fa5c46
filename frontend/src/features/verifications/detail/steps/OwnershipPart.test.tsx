import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../../test/render'
import { json, mockApi, route } from '../../../../test/server'
import { expectFieldError } from '../../../../test/utils'
import { BankingStep } from './BankingStep'

afterEach(() => vi.unstubAllGlobals())

const rep = {
  id: 3,
  verificationId: 7,
  fullName: 'Jane Doe',
  position: 'Director',
  nationality: 'GB',
  dateOfBirth: '1980-01-31',
  passportNumber: 'P1',
  issuingCountry: 'GB',
  expiryDate: '2031-01-01',
  email: 'jane@acme.example',
  phoneNumber: '+44 20 0000 0000',
  passportFileId: null,
  documentUrl: null,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
}

const none = { threshold: 25, declarationText: 'No natural person owns or controls 25% or more', owners: [], declaration: null }

/** topStep renders a Top verification's third step with the given ownership answers, recording what is sent. */
function topStep(ownership: () => unknown, more: ReturnType<typeof route>[] = []) {
  const api = mockApi(
    route('GET', '/api/verifications/7', () => json({ id: 7, tier: 'top', status: 'draft' })),
    route('GET', '/api/verifications/7/banking-info', () => json(null)),
    route('GET', '/api/verifications/7/documents', () => json([])),
    route('GET', '/api/verifications/7/representatives', () => json([rep])),
    route('GET', '/api/verifications/7/beneficial-owners', () => json(ownership())),
    ...more,
  )
  renderPage('/x', '/x', <BankingStep id={7} next={vi.fn()} />)
  return api
}

describe('beneficial ownership on the Top step', () => {
  it('makes the declaration naming a representative, after asking for one', async () => {
    let declared: unknown = null
    const sent: unknown[] = []
    topStep(
      () => ({ ...none, declaration: declared }),
      [
        route('PUT', '/api/verifications/7/ownership-declaration', async (req) => {
          sent.push(await req.json())
          declared = { seniorOfficialId: 3, seniorOfficialName: 'Jane Doe', threshold: 25, text: none.declarationText, createdAt: '', updatedAt: '' }
          return json(declared)
        }),
      ],
    )
    const user = userEvent.setup()
    const part = await screen.findByTestId('ownership-part')
    expect(within(part).getByRole('heading', { name: 'Beneficial Ownership' })).toBeInTheDocument()
    await user.click(within(part).getByRole('radio', { name: 'No natural person owns or controls 25% or more' }))
    await user.click(within(part).getByRole('button', { name: 'Make the Declaration' }))
    await expectFieldError('Senior Managing Official', 'Choose the senior managing official')
    expect(sent).toEqual([])

    await user.click(within(part).getByRole('combobox', { name: /Senior Managing Official/ }))
    await user.click(await screen.findByRole('option', { name: 'Jane Doe, Director' }))
    await user.click(within(part).getByRole('button', { name: 'Make the Declaration' }))
    expect(await within(part).findByText('Senior managing official: Jane Doe')).toBeInTheDocument()
    expect(sent).toEqual([{ seniorOfficialId: 3 }])
    // One path at a time: naming owners waits until the declaration is withdrawn.
    expect(within(part).getByRole('radio', { name: 'Name the beneficial owners' })).toBeDisabled()
    expect(within(part).getByRole('button', { name: 'Withdraw the Declaration' })).toBeInTheDocument()
  })

  it("says in plain words what is wrong with an owner, the server's total included", async () => {
    const sent: unknown[] = []
    topStep(
      () => none,
      [
        route('POST', '/api/verifications/7/beneficial-owners', async (req) => {
          sent.push(await req.json())
          const msg = "The owners' percentages add up to more than 100%"
          return json({ message: msg, errors: { ownershipPercentage: msg } }, { status: 400 })
        }),
      ],
    )
    const user = userEvent.setup()
    const part = await screen.findByTestId('ownership-part')
    await user.click(within(part).getByRole('button', { name: 'Save Owner' }))
    await expectFieldError('Full Name', 'Full name is required')
    await expectFieldError('Date of Birth', 'Date of birth is required')
    await expectFieldError('Ownership (%)', 'Enter the percentage held (0 if the control is not through a holding)')
    expect(within(part).getByText('Choose at least one nature of control')).toBeInTheDocument()

    await user.type(within(part).getByLabelText(/Full Name/), 'Maria Keller')
    await user.type(within(part).getByLabelText(/Ownership/), '10')
    await user.click(within(part).getByRole('checkbox', { name: 'Shares' }))
    await user.click(within(part).getByRole('checkbox', { name: 'Other control' }))
    await user.click(within(part).getByRole('button', { name: 'Save Owner' }))
    await expectFieldError('Ownership (%)', 'An owner through shares or voting rights holds at least 25%; below that, choose another nature of control')
    await expectFieldError('Describe the Other Control', 'Describe the other control')
    expect(sent).toEqual([])

    await user.type(within(part).getByLabelText(/Date of Birth/), '1968-05-09')
    for (const [label, country] of [
      [/^Nationality/, 'Switzerland'],
      [/Country of Residence/, 'Germany'],
    ] as const) {
      await user.click(within(part).getByRole('combobox', { name: label }))
      await user.click(await screen.findByRole('option', { name: country }))
    }
    await user.clear(within(part).getByLabelText(/Ownership/))
    await user.type(within(part).getByLabelText(/Ownership/), '60')
    await user.type(within(part).getByLabelText(/Describe the Other Control/), 'Veto on dividends')
    await user.click(within(part).getByRole('button', { name: 'Save Owner' }))
    await expectFieldError('Ownership (%)', "The owners' percentages add up to more than 100%")
    expect(sent).toEqual([
      {
        fullName: 'Maria Keller',
        dateOfBirth: '1968-05-09',
        nationality: 'CH',
        countryOfResidence: 'DE',
        ownershipPercentage: 60,
        natureOfControl: ['shares', 'other'],
        controlText: 'Veto on dividends',
      },
    ])
  }, 45_000) // a long form on a shared test machine
})
