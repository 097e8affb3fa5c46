export interface User {
  id: number
  email: string
  isAdmin: boolean
  createdAt?: string
}

export type Tier = 'basic' | 'top'
export type VerificationStatus = 'draft' | 'submitted' | 'in_review' | 'approved' | 'rejected'
export type PaymentStatus = 'pending' | 'paid' | 'failed'

export interface Verification {
  id: number
  userId: number
  tier: Tier
  status: VerificationStatus
  progress: number
  publicId: string
  rejectionReason?: string | null
  paymentStatus: PaymentStatus
  paymentAmount?: number | null
  paymentId?: string | null
  paymentDate?: string | null
  cisFormPath?: string | null
  cisFormGeneratedAt?: string | null
  approvedAt?: string | null
  expiresAt?: string | null
  createdAt: string
  updatedAt: string
}

export interface CompanyInfo {
  companyName: string
  registrationNumber: string
  registeredAddress: string
  operatingAddress: string
  phoneNumber: string
  email: string
  website: string
  countryOfIncorporation: string
  dateOfIncorporation: string
  taxId: string
}

export interface Representative {
  id: number
  fullName: string
  position: string
  nationality: string
  dateOfBirth: string
  passportNumber: string
  issuingCountry: string
  expiryDate: string
  email: string
  phoneNumber: string
  passportFileId?: number | null
  documentUrl?: string | null
  createdAt?: string
  updatedAt?: string
}

export type RepresentativeInput = Omit<Representative, 'id' | 'passportFileId' | 'documentUrl' | 'createdAt' | 'updatedAt'>

export interface BankingInfo {
  bankName: string
  bankAddress: string
  accountName: string
  accountNumber: string
  swiftCode: string
  currency: string
  bankContact: string
  referenceFileId?: number | null
  referenceUrl?: string | null
}

export interface TradeInfo {
  productsTraded: string
  otherProducts: string
  incoterms: string
  targetQuantity: string
  preferredOrigin: string
  targetPrice: string
  pastTransactions: string
}

export type DocumentType =
  | 'incorporation_certificate'
  | 'business_license'
  | 'shareholder_info'
  | 'passport'
  | 'company_profile'
  | 'bank_reference'
  | 'additional'

export interface VerificationDocument {
  id: number
  verificationId: number
  type: DocumentType
  filename: string
  originalFilename: string
  mimeType: string
  size: number
  objectPath: string
  url: string
  createdAt: string
}

export interface Paged<T> {
  items: T[]
  total: number
}
