import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { expectFieldError, setup } from '../../../test/utils'
import { BANKING_FIELDS, COMPANY_FIELDS, pick, REPRESENTATIVE_FIELDS, TRADE_FIELDS } from '../schema'
import { BankingForm, CompanyForm, RepresentativeForm, TradeForm } from './forms'

describe('CompanyForm', () => {
  it('puts each required message on its own field and leaves optional ones alone', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<CompanyForm initialValues={pick(COMPANY_FIELDS, null)} onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }))
    await expectFieldError('Company Name', 'Company name is required')
    await expectFieldError('Registration Number', 'Registration number is required')
    await expectFieldError('Registered Address', 'Registered address is required')
    await expectFieldError('Phone Number', 'Phone number is required')
    await expectFieldError('Company Email', 'Invalid email address')
    await expectFieldError('Country of Incorporation', 'Country of incorporation is required')
    await expectFieldError('Date of Incorporation', 'Date of incorporation is required')
    await expectFieldError('Tax ID', 'Tax ID is required')
    expect(screen.getByLabelText('Operating Address')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('Website')).not.toHaveAttribute('aria-invalid')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('rejects a malformed e-mail and has no Previous button on the first step', async () => {
    const { user } = setup(<CompanyForm initialValues={pick(COMPANY_FIELDS, null)} onSubmit={vi.fn()} />)
    await user.type(screen.getByLabelText(/^Company Email/), 'nope')
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }))
    await expectFieldError('Company Email', 'Invalid email address')
    expect(screen.queryByRole('button', { name: /Previous/ })).toBeNull()
  })

  it('submits complete values', async () => {
    const onSubmit = vi.fn()
    const values = {
      companyName: 'Acme Trading',
      registrationNumber: 'R-1',
      registeredAddress: '1 Road',
      operatingAddress: '',
      phoneNumber: '+1 555',
      email: 'ops@acme.test',
      website: '',
      countryOfIncorporation: 'SG',
      dateOfIncorporation: '2020-01-02',
      taxId: 'T-9',
      lei: '',
      vatNumber: '',
    }
    const { user } = setup(<CompanyForm initialValues={values} onSubmit={onSubmit} />)
    expect(screen.getByLabelText(/^Country of Incorporation/)).toHaveTextContent('Singapore')
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0][0]).toEqual(values)
  })
})

describe('CompanyForm identifiers', () => {
  const complete = {
    companyName: 'Bloomberg Finance LP',
    registrationNumber: '2882049',
    registeredAddress: '1209 Orange Street, Wilmington',
    operatingAddress: '',
    phoneNumber: '+1 212 318 2000',
    email: 'ops@bloomberg.test',
    website: '',
    countryOfIncorporation: 'US',
    dateOfIncorporation: '1993-06-03',
    taxId: 'T-1',
    lei: '',
    vatNumber: '',
  }

  it('refuses an LEI whose check digits are wrong and a malformed VAT number', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<CompanyForm initialValues={complete} onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText(/^LEI/), '5493001KJTIIGC8Y1R13')
    await user.type(screen.getByLabelText(/^VAT Number/), 'DE/1')
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }))
    await expectFieldError('LEI', 'LEI check digits are wrong')
    await expectFieldError('VAT Number', 'VAT number must be 4 to 16 letters and digits')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('accepts a valid LEI typed with spaces, and leaves both fields optional', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<CompanyForm initialValues={complete} onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText(/^LEI/), '5493 001K JTII GC8Y 1R12')
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ lei: '5493 001K JTII GC8Y 1R12', vatNumber: '' })
  })
})

describe('RepresentativeForm', () => {
  it('puts each representative message on its field', async () => {
    const { user } = setup(<RepresentativeForm initialValues={pick(REPRESENTATIVE_FIELDS, null)} onSubmit={vi.fn()} />)
    await user.click(screen.getByRole('button', { name: 'Save Representative' }))
    await expectFieldError('Full Name', 'Full name is required')
    await expectFieldError('Position', 'Position is required')
    await expectFieldError('Nationality', 'Nationality is required')
    await expectFieldError('Date of Birth', 'Date of birth is required')
    await expectFieldError('Passport/ID Number', 'Passport/ID number is required')
    await expectFieldError('Issuing Country', 'Issuing country is required')
    await expectFieldError('Expiry Date', 'Expiry date is required')
    await expectFieldError('Email', 'Invalid email address')
    await expectFieldError('Phone Number', 'Phone number is required')
  })
})

describe('BankingForm', () => {
  it('puts each banking message on its field; contact is optional; offers Previous and Skip for Now', async () => {
    const onPrevious = vi.fn()
    const onSkip = vi.fn()
    const { user } = setup(
      <BankingForm initialValues={pick(BANKING_FIELDS, null)} onSubmit={vi.fn()} onPrevious={onPrevious} onSkip={onSkip} />,
    )
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }))
    await expectFieldError('Bank Name', 'Bank name is required')
    await expectFieldError('Bank Address', 'Bank address is required')
    await expectFieldError('Account Name', 'Account name is required')
    await expectFieldError('Account Number or IBAN', 'Account number is required')
    await expectFieldError('SWIFT/BIC Code', 'SWIFT/BIC code is required')
    await expectFieldError('Currency of Account', 'Currency is required')
    expect(screen.getByLabelText('Bank Contact')).not.toHaveAttribute('aria-invalid')
    await user.click(screen.getByRole('button', { name: 'Skip for Now' }))
    await user.click(screen.getByRole('button', { name: /Previous/ }))
    expect(onSkip).toHaveBeenCalledTimes(1)
    expect(onPrevious).toHaveBeenCalledTimes(1)
  })

  it('checks an IBAN and the BIC shape, and still takes a plain account number', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<BankingForm initialValues={pick(BANKING_FIELDS, null)} onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText(/^Account Number or IBAN/), 'GB82WEST1234569876543')
    await user.type(screen.getByLabelText(/^SWIFT\/BIC Code/), 'DEUTDE')
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }))
    await expectFieldError('Account Number or IBAN', 'IBAN must be 22 characters for GB')
    await expectFieldError(
      'SWIFT/BIC Code',
      'SWIFT/BIC code must be 8 or 11 characters: bank (4 letters), country (2 letters), location (2) and an optional branch (3)',
    )
    await user.clear(screen.getByLabelText(/^Account Number or IBAN/))
    await user.type(screen.getByLabelText(/^Account Number or IBAN/), '12345678')
    expect(screen.getByLabelText(/^Account Number or IBAN/)).toHaveValue('12345678')
    await waitFor(() => expect(screen.getByLabelText(/^Account Number or IBAN/)).not.toHaveAttribute('aria-invalid', 'true'))
    expect(onSubmit).not.toHaveBeenCalled()
  })
})

describe('TradeForm', () => {
  it('requires products and incoterms only', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<TradeForm initialValues={pick(TRADE_FIELDS, null)} onSubmit={onSubmit} onSkip={vi.fn()} onPrevious={vi.fn()} />)
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }))
    await expectFieldError('Type of Product(s) Traded', 'Products traded is required')
    await expectFieldError('Preferred Incoterms', 'Incoterms are required')
    for (const l of ['Other Products', 'Target Quantity', 'Preferred Origin', 'Target Price / Range', 'Past Transaction History']) {
      expect(screen.getByLabelText(l)).not.toHaveAttribute('aria-invalid')
    }
    expect(screen.getByLabelText('Past Transaction History').tagName).toBe('TEXTAREA')
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
