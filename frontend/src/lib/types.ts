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
  revokedAt?: string | null
  revocationReason?: string | null
  deleted?: boolean
  createdAt: string
  updatedAt: string
}

export type CertificateStatus = 'valid' | 'expired' | 'revoked'

/** AdminVerification is a verification as the admin API shows it: with its owner and live certificate status. */
export interface AdminVerification extends Verification {
  userEmail: string
  certificateStatus: CertificateStatus | null
}

/** StatusCounts are the admin dashboard's count cards (GET /api/admin/verifications/stats). */
export interface StatusCounts {
  total: number
  draft: number
  submitted: number
  in_review: number
  approved: number
  rejected: number
}

/** AuditEvent is one entry of a verification's audit trail, oldest first. */
export interface AuditEvent {
  id: number
  actorEmail: string | null
  action: string
  fromStatus: string | null
  toStatus: string | null
  reason: string | null
  createdAt: string
}

export interface PaymentConfig {
  paymentProvider: 'stripe' | 'simulated'
  stripePublishableKey?: string
  testMode: boolean
}

/** CouponQuote is a valid coupon's price (amounts in cents, discount in percent). */
export interface CouponQuote {
  valid: true
  couponCode: string
  baseAmount: number
  discount: number
  discountAmount: number
  finalAmount: number
  currency: string
}

export interface PaymentIntent {
  clientSecret: string
  paymentIntentId?: string
  amount: number
  baseAmount: number
  currency: string
  paid: boolean
  purpose: string
  provider: string
  coupon: { code: string; discount: number; discountAmount: number } | null
  verification?: Verification
}

/** PublicCertificate is what the public certificate page shows (approved verifications only). */
export interface PublicCertificate {
  publicId: string
  certificateId: string
  companyName: string
  registrationNumber: string
  country: string
  registeredAddress: string
  email: string
  tier: Tier
  checks: string[]
  status: 'approved'
  certificateStatus: CertificateStatus
  verifiedAt: string | null
  expiresAt: string | null
  revokedAt: string | null
  fingerprint: string
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
