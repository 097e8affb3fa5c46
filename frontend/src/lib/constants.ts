export const COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'SG', label: 'Singapore' },
  { value: 'CH', label: 'Switzerland' },
  { value: 'AE', label: 'United Arab Emirates' },
  { value: 'CA', label: 'Canada' },
  { value: 'AU', label: 'Australia' },
  { value: 'DE', label: 'Germany' },
  { value: 'FR', label: 'France' },
  { value: 'JP', label: 'Japan' },
  { value: 'CN', label: 'China' },
  { value: 'IN', label: 'India' },
  { value: 'BR', label: 'Brazil' },
  { value: 'ZA', label: 'South Africa' },
  { value: 'RU', label: 'Russia' },
] as const

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'AUD', 'CAD', 'CNY', 'HKD', 'SGD'].map((c) => ({
  value: c,
  label: c,
}))

export const INCOTERMS = ['FOB', 'CIF', 'CFR', 'EXW', 'FCA', 'CPT', 'DAP', 'DDP'].map((c) => ({ value: c, label: c }))

export function countryName(code: string | null | undefined): string {
  if (!code) return '—'
  return COUNTRIES.find((c) => c.value === code)?.label ?? code
}

export const PRICES = { basic: 49, top: 299 } as const

export const PAGE_SIZE = 10
export const LIST_POLLING_MS = 10_000

export const DOCUMENT_TYPE_LABELS: Record<string, string> = {
  incorporation_certificate: 'Certificate of Incorporation',
  business_license: 'Business License',
  shareholder_info: 'Shareholder Information',
  passport: 'Passport / ID',
  company_profile: 'Company Profile',
  bank_reference: 'Bank Reference Letter',
  additional: 'Additional Documents',
}

export function documentTypeLabel(t: string): string {
  return DOCUMENT_TYPE_LABELS[t] ?? t
}

/**
 * documentLabel names a document by its type, and a passport after its representative ('Passport /
 * ID · Jane Doe'; on the public page, which never names people, 'Passport / ID · Representative 2'),
 * so several passports are told apart.
 */
export function documentLabel(d: { type: string; owner?: string | null; representative?: number }): string {
  const label = documentTypeLabel(d.type)
  if (d.owner) return `${label} · ${d.owner}`
  return d.representative ? `${label} · Representative ${d.representative}` : label
}

/** The types the documents step uploads; passports and bank references come through their own steps. */
export const DOCUMENT_STEP_TYPES = ['incorporation_certificate', 'business_license', 'shareholder_info', 'company_profile', 'additional'] as const
export const REQUIRED_DOCUMENT_TYPES = ['incorporation_certificate', 'business_license', 'shareholder_info'] as const

/** hasRequiredDocuments tells whether every required document type is on file. */
export function hasRequiredDocuments(docs: { type: string }[]): boolean {
  const have = new Set(docs.map((d) => d.type))
  return REQUIRED_DOCUMENT_TYPES.every((t) => have.has(t))
}

/** CIS_NOT_AVAILABLE is the toast when a CIS form cannot be fetched (spec 8). */
export const CIS_NOT_AVAILABLE = { title: 'CIS Form Not Available', description: 'The CIS form could not be found for this verification.' }

/** The natures of control a beneficial owner may declare, as the server names them. */
export const CONTROLS = [
  { value: 'shares', label: 'Shares' },
  { value: 'voting_rights', label: 'Voting rights' },
  { value: 'appoint_board', label: 'Right to appoint the board' },
  { value: 'other', label: 'Other control' },
] as const
