import { Form, Formik, type FormikHelpers } from 'formik'
import type { ReactNode } from 'react'
import { SelectField } from '../../../components/form/SelectField'
import { TextAreaField, TextField } from '../../../components/form/fields'
import { COUNTRIES, CURRENCIES, INCOTERMS } from '../../../lib/constants'
import { Button } from '../../../components/ui/Button'
import { StepFooter } from './steps/StepFooter'
import {
  bankingSchema,
  companySchema,
  representativeSchema,
  tradeSchema,
  type BankingValues,
  type CompanyValues,
  type RepresentativeValues,
  type TradeValues,
} from '../schema'

type Submit<V> = (values: V, helpers: FormikHelpers<V>) => Promise<void> | void

interface StepFormProps<V> {
  initialValues: V
  onSubmit: Submit<V>
  onPrevious?: () => void
  onSkip?: () => void
  submitLabel?: string
  /** extra renders between the fields and the buttons (e.g. an upload slot). */
  extra?: ReactNode
  onCancel?: () => void
}


export function CompanyForm({ initialValues, onSubmit, onPrevious, onSkip, submitLabel }: StepFormProps<CompanyValues>) {
  return (
    <Formik<CompanyValues> initialValues={initialValues} validationSchema={companySchema} onSubmit={onSubmit} enableReinitialize>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Company Information">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="companyName" label="Company Name" required className="sm:col-span-2" autoComplete="organization" />
            <TextField name="registrationNumber" label="Registration Number" required />
            <TextField name="taxId" label="Tax ID" required />
            <SelectField name="countryOfIncorporation" label="Country of Incorporation" required options={COUNTRIES} placeholder="Select a country" />
            <TextField name="dateOfIncorporation" label="Date of Incorporation" required type="date" />
            <TextAreaField name="registeredAddress" label="Registered Address" required rows={2} className="sm:col-span-2" />
            <TextAreaField
              name="operatingAddress"
              label="Operating Address"
              rows={2}
              className="sm:col-span-2"
              hint="Leave blank if it is the same as the registered address."
            />
            <TextField name="phoneNumber" label="Phone Number" required type="tel" autoComplete="tel" placeholder="+65 6123 4567" />
            <TextField name="email" label="Company Email" required type="email" autoComplete="email" placeholder="compliance@company.com" />
            <TextField name="website" label="Website" type="url" placeholder="https://" className="sm:col-span-2" />
            <TextField name="lei" label="LEI" placeholder="e.g. 5493001KJTIIGC8Y1R12" hint="Legal Entity Identifier, 20 characters. Optional." />
            <TextField name="vatNumber" label="VAT Number" placeholder="e.g. DE123456789" hint="EU VAT numbers are checked with VIES for Top. Optional." />
          </div>
          <StepFooter loading={isSubmitting} onPrevious={onPrevious} onSkip={onSkip} submitLabel={submitLabel} />
        </Form>
      )}
    </Formik>
  )
}

/** ListFormButtons are the buttons of a form that adds to a list on a step: Cancel when given, and save. */
export function ListFormButtons({ onCancel, submitLabel, loading }: { onCancel?: () => void; submitLabel: string; loading: boolean }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" variant="secondary" loading={loading} className="ring-1 ring-slate-300">
        {submitLabel}
      </Button>
    </div>
  )
}

export function RepresentativeForm({ initialValues, onSubmit, submitLabel = 'Save Representative', onCancel }: StepFormProps<RepresentativeValues>) {
  return (
    <Formik<RepresentativeValues> initialValues={initialValues} validationSchema={representativeSchema} onSubmit={onSubmit} enableReinitialize>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Representative">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="fullName" label="Full Name" required autoComplete="name" />
            <TextField name="position" label="Position" required placeholder="e.g. Director" />
            <SelectField name="nationality" label="Nationality" required options={COUNTRIES} placeholder="Select a country" />
            <TextField name="dateOfBirth" label="Date of Birth" required type="date" />
            <TextField name="passportNumber" label="Passport/ID Number" required />
            <SelectField name="issuingCountry" label="Issuing Country" required options={COUNTRIES} placeholder="Select a country" />
            <TextField name="expiryDate" label="Expiry Date" required type="date" />
            <TextField name="email" label="Email" required type="email" />
            <TextField name="phoneNumber" label="Phone Number" required type="tel" />
          </div>
          <ListFormButtons onCancel={onCancel} submitLabel={submitLabel} loading={isSubmitting} />
        </Form>
      )}
    </Formik>
  )
}

/**
 * BankingForm is the banking section. With `formId` its buttons are left to the page (the Top tier's
 * step adds beneficial ownership below the form, and its footer submits the form by that id).
 */
export function BankingForm({ initialValues, onSubmit, onPrevious, onSkip, extra, formId }: StepFormProps<BankingValues> & { formId?: string }) {
  return (
    <Formik<BankingValues> initialValues={initialValues} validationSchema={bankingSchema} onSubmit={onSubmit} enableReinitialize>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Banking Details" id={formId}>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="bankName" label="Bank Name" required />
            <TextField name="accountName" label="Account Name" required />
            <TextAreaField name="bankAddress" label="Bank Address" required rows={2} className="sm:col-span-2" />
            <TextField name="accountNumber" label="Account Number or IBAN" required />
            <TextField name="swiftCode" label="SWIFT/BIC Code" required />
            <SelectField name="currency" label="Currency of Account" required options={CURRENCIES} placeholder="Select a currency" />
            <TextField name="bankContact" label="Bank Contact" hint="Optional: name and phone or e-mail of your relationship manager." />
          </div>
          {extra && <div className="mt-6">{extra}</div>}
          {!formId && <StepFooter loading={isSubmitting} onPrevious={onPrevious} onSkip={onSkip} />}
        </Form>
      )}
    </Formik>
  )
}

export function TradeForm({ initialValues, onSubmit, onPrevious, onSkip }: StepFormProps<TradeValues>) {
  return (
    <Formik<TradeValues> initialValues={initialValues} validationSchema={tradeSchema} onSubmit={onSubmit} enableReinitialize>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Trade Details">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="productsTraded"
              label="Type of Product(s) Traded"
              required
              className="sm:col-span-2"
              placeholder="e.g. Copper cathodes, Urea, Sugar ICUMSA 45"
              hint="Separate several products with commas."
            />
            <TextField name="otherProducts" label="Other Products" className="sm:col-span-2" />
            <SelectField name="incoterms" label="Preferred Incoterms" required options={INCOTERMS} placeholder="Select incoterms" />
            <TextField name="targetQuantity" label="Target Quantity" placeholder="e.g. 5,000 MT per month" />
            <TextField name="preferredOrigin" label="Preferred Origin" placeholder="e.g. Brazil" />
            <TextField name="targetPrice" label="Target Price / Range" placeholder="e.g. USD 480-500 / MT" />
            <TextAreaField
              name="pastTransactions"
              label="Past Transaction History"
              rows={4}
              className="sm:col-span-2"
              hint="Optional: recent trades, counterparties and volumes."
            />
          </div>
          <StepFooter loading={isSubmitting} onPrevious={onPrevious} onSkip={onSkip} />
        </Form>
      )}
    </Formik>
  )
}
