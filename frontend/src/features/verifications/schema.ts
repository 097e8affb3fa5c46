import * as yup from 'yup'
import { accountNumberError, bicError, leiError, vatError } from '@/lib/identifiers'

const optional = yup.string().trim().default('')

/** checked is a Yup test that fails with the checker's own message ('' passes; an empty value is not checked). */
function checked(check: (value: string) => string) {
  return (value: string | undefined, ctx: yup.TestContext) => {
    const msg = value ? check(value) : ''
    return msg === '' || ctx.createError({ message: msg })
  }
}

export const companySchema = yup.object({
  companyName: yup.string().trim().required('Company name is required'),
  registrationNumber: yup.string().trim().required('Registration number is required'),
  registeredAddress: yup.string().trim().required('Registered address is required'),
  operatingAddress: optional,
  phoneNumber: yup.string().trim().required('Phone number is required'),
  email: yup.string().trim().email('Invalid email address').required('Invalid email address'),
  website: optional,
  countryOfIncorporation: yup.string().required('Country of incorporation is required'),
  dateOfIncorporation: yup.string().required('Date of incorporation is required'),
  taxId: yup.string().trim().required('Tax ID is required'),
  lei: optional.test('lei', checked(leiError)),
  vatNumber: optional.test('vatNumber', checked(vatError)),
})
export type CompanyValues = yup.InferType<typeof companySchema>

export const representativeSchema = yup.object({
  fullName: yup.string().trim().required('Full name is required'),
  position: yup.string().trim().required('Position is required'),
  nationality: yup.string().required('Nationality is required'),
  dateOfBirth: yup.string().required('Date of birth is required'),
  passportNumber: yup.string().trim().required('Passport/ID number is required'),
  issuingCountry: yup.string().required('Issuing country is required'),
  expiryDate: yup.string().required('Expiry date is required'),
  email: yup.string().trim().email('Invalid email address').required('Invalid email address'),
  phoneNumber: yup.string().trim().required('Phone number is required'),
})
export type RepresentativeValues = yup.InferType<typeof representativeSchema>

export const bankingSchema = yup.object({
  bankName: yup.string().trim().required('Bank name is required'),
  bankAddress: yup.string().trim().required('Bank address is required'),
  accountName: yup.string().trim().required('Account name is required'),
  accountNumber: yup.string().trim().required('Account number is required').test('iban', checked(accountNumberError)),
  swiftCode: yup.string().trim().required('SWIFT/BIC code is required').test('bic', checked(bicError)),
  currency: yup.string().required('Currency is required'),
  bankContact: optional,
})
export type BankingValues = yup.InferType<typeof bankingSchema>

export const tradeSchema = yup.object({
  productsTraded: yup.string().trim().required('Products traded is required'),
  otherProducts: optional,
  incoterms: yup.string().required('Incoterms are required'),
  targetQuantity: optional,
  preferredOrigin: optional,
  targetPrice: optional,
  pastTransactions: optional,
})
export type TradeValues = yup.InferType<typeof tradeSchema>

/** pick copies the schema's fields out of a server object, turning null into ''. */
export function pick<K extends string>(keys: readonly K[], src: Partial<Record<K, unknown>> | null | undefined): Record<K, string> {
  const out = {} as Record<K, string>
  for (const k of keys) {
    const v = src?.[k]
    const str = v === null || v === undefined ? '' : String(v)
    // Dates may come back as RFC 3339 times; <input type=date> wants YYYY-MM-DD.
    out[k] = /^\d{4}-\d{2}-\d{2}T/.test(str) ? str.slice(0, 10) : str
  }
  return out
}

export const COMPANY_FIELDS = Object.keys(companySchema.fields) as (keyof CompanyValues)[]
export const REPRESENTATIVE_FIELDS = Object.keys(representativeSchema.fields) as (keyof RepresentativeValues)[]
export const BANKING_FIELDS = Object.keys(bankingSchema.fields) as (keyof BankingValues)[]
export const TRADE_FIELDS = Object.keys(tradeSchema.fields) as (keyof TradeValues)[]

/**
 * ownerSchema is a beneficial owner with the server's rules and words: an owner through shares or
 * voting rights holds at least the threshold; one who controls otherwise may hold nothing.
 */
export function ownerSchema(threshold: number) {
  return yup.object({
    fullName: yup.string().trim().required('Full name is required'),
    dateOfBirth: yup
      .string()
      .required('Date of birth is required')
      .test('past', 'Date of birth must be a past date', (v) => !v || v <= new Date().toISOString().slice(0, 10)),
    nationality: yup.string().required('Nationality is required'),
    countryOfResidence: yup.string().required('Country of residence is required'),
    natureOfControl: yup.array(yup.string().required()).min(1, 'Choose at least one nature of control').default([]),
    ownershipPercentage: yup
      .string()
      .trim()
      .required('Enter the percentage held (0 if the control is not through a holding)')
      .test('range', 'Ownership must be between 0 and 100%', (v) => !v || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= 100))
      .test(
        'threshold',
        `An owner through shares or voting rights holds at least ${threshold}%; below that, choose another nature of control`,
        (v, ctx) => {
          const controls: string[] = ctx.parent.natureOfControl ?? []
          const byHolding = controls.includes('shares') || controls.includes('voting_rights')
          return !byHolding || !v || Number(v) >= threshold
        },
      ),
    controlText: yup
      .string()
      .trim()
      .default('')
      .when('natureOfControl', {
        is: (c: string[] | undefined) => c?.includes('other'),
        then: (s) => s.required('Describe the other control'),
      }),
  })
}
export type OwnerValues = yup.InferType<ReturnType<typeof ownerSchema>>

export const declarationSchema = yup.object({
  seniorOfficialId: yup.string().required('Choose the senior managing official'),
})
export type DeclarationValues = yup.InferType<typeof declarationSchema>
