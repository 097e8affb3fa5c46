// The API's types, named for the frontend. They come from src/lib/api-schema.d.ts, which
// `npm run gen:api` generates from adapters/http/openapi.json (`npm run check:api` fails when it is
// stale), so the client and the server cannot drift apart.
import type { components } from './api-schema'

type Schemas = components['schemas']

export type User = Schemas['User']
/** Message is a plain answer with a sentence for people. */
export type Message = Schemas['Message']
/** Notification is one entry of the bell, newest first. */
export type Notification = Schemas['Notification']

export type Verification = Schemas['Verification']
/** AdminVerification is a verification as the admin API shows it: with its owner and live certificate status. */
export type AdminVerification = Schemas['AdminVerification']
/** UpgradeResult says whether a Basic-to-Top upgrade happened at once or needs the difference paid first. */
export type UpgradeResult = Schemas['Upgrade']
/** Actions are what the server allows the caller to do with a verification now. */
export type Actions = Schemas['Actions']

export type Tier = Verification['tier']
export type VerificationStatus = Verification['status']
export type PaymentStatus = Verification['paymentStatus']
export type CertificateStatus = NonNullable<Verification['certificateStatus']>
/** DisplayStatus is what screens show: the status, or for an approved verification whose certificate no longer vouches, revoked or expired. */
export type DisplayStatus = VerificationStatus | Exclude<CertificateStatus, 'valid'>

/** StatusCounts are the admin dashboard's count cards (GET /api/admin/verifications/stats). */
export type StatusCounts = Schemas['Stats']
/** AuditEvent is one entry of a verification's audit trail, oldest first. */
export type AuditEvent = Schemas['AuditEvent']

/** ReviewClaim is the reviewer holding a verification ("Start review") and since when. */
export type ReviewClaim = Schemas['ReviewClaim']
/** FirstApproval is an administrator's approval awaiting a second one (FOUR_EYES), or the latest one sent back. */
export type FirstApproval = Schemas['FirstApproval']

export type PaymentConfig = Schemas['Config']
/** CouponQuote is a valid coupon's price (amounts in cents, discount in percent). */
export type CouponQuote = Schemas['CouponValidation']
export type PaymentIntent = Schemas['PaymentIntent']
/** CardResult is a simulated card payment that went through; receiptEmailed says whether a receipt was e-mailed. */
export type CardResult = Schemas['CardResult']
/** PaymentSuccessResult is the paid verification and whether its receipt was e-mailed. */
export type PaymentSuccessResult = Schemas['PaymentSuccessResult']

/** PublicCertificate is what the public certificate page shows (approved verifications only). */
export type PublicCertificate = Schemas['PublicVerification']
/** PublicSearchHit is one certificate the public search found. */
export type PublicSearchHit = Schemas['PublicSearchHit']
/** DocumentVerdict is the answer of the "Verify a document" check. */
export type DocumentVerdict = Schemas['DocumentVerdict']
/** FollowConfirmed names the certificate a confirmed follow request follows. */
export type FollowConfirmed = Schemas['FollowConfirmed']
/** CertificateCheck is one check a certificate claims, with its result, full sentence and date; one that did not run is absent. */
export type CertificateCheck = Schemas['CertificateCheck']

/** ShareLink is one of the owner's CIS links that still work (the token is never shown again). */
export type ShareLink = Schemas['ShareLink']

export type CompanyInfo = Schemas['Company']
export type Representative = Schemas['Representative']
export type RepresentativeInput = Omit<Representative, 'id' | 'verificationId' | 'passportFileId' | 'documentUrl' | 'createdAt' | 'updatedAt'>
export type BeneficialOwner = Schemas['BeneficialOwner']
export type BeneficialOwnerInput = Omit<BeneficialOwner, 'id' | 'verificationId' | 'documentFileId' | 'documentUrl' | 'createdAt' | 'updatedAt'>
export type Ownership = Schemas['Ownership']
export type OwnershipDeclaration = Schemas['OwnershipDeclaration']
export type BankingInfo = Schemas['Banking']
export type TradeInfo = Schemas['Trade']
export type VerificationDocument = Schemas['Document']
export type DocumentType = VerificationDocument['type']
/** AdminDocument is a document as the reviewer sees it, with the flags of its file (never the applicant's). */
export type AdminDocument = Schemas['AdminDocument']
export type DocumentFlag = Schemas['DocumentFlag']

/** ListVersion is one import of a sanctions or PEP list: its file's date, size, checksum and changes. */
export type ListVersion = Schemas['ListVersion']
/** ScreeningLists are the list versions in force (one per source) and every import, newest first. */
export type ScreeningLists = Schemas['ScreeningLists']
/** ListsFreshness is how up to date each list is (last successful fetch, last attempt) and the refresh's settings. */
export type ListsFreshness = Schemas['ListsFreshness']
export type ListFreshness = Schemas['ListFreshness']
/** ScreeningSearch is an ad-hoc check as POST /api/admin/screening/search takes it. */
export type ScreeningSearch = Schemas['ScreeningSearch']
export type ScreeningResult = Schemas['ScreeningResult']
export type ScreeningHit = Schemas['ScreeningHit']
export type ScreeningEntry = Schemas['ScreeningEntry']
export type ScreeningIdentifier = Schemas['ScreeningIdentifier']
/** ScreeningFeature is one reason for a hit's score, with its signed contribution. */
export type ScreeningFeature = ScreeningHit['explanation'][number]

/** FailedJob is a background job that failed after its last retry (administrators only). */
export type FailedJob = Schemas['FailedJob']

/** Paged is one page of a list; the total comes from the X-Total-Count header. */
export interface Paged<T> {
  items: T[]
  total: number
}

/** VerificationScreening is a Top verification's checks as the reviewer sees them: the run, every subject, what is open. */
export type VerificationScreening = Schemas['VerificationScreening']
export type ScreeningStatus = VerificationScreening['status']
export type ScreeningRun = Schemas['ScreeningRun']
export type ScreeningSubject = Schemas['ScreeningSubject']
export type ScreeningCheck = Schemas['ScreeningCheck']
export type ScreeningFinding = Schemas['ScreeningFinding']
/** IdentifierCheck is the LEI, VAT number or BIC country checked against a register, with both values. */
export type IdentifierCheck = Schemas['IdentifierCheck']
/** ScreeningCaseHit is one possible match of a subject, with the reviewer's decisions (newest last). */
export type ScreeningCaseHit = Schemas['ScreeningCaseHit']
export type ScreeningDecision = Schemas['ScreeningDecision']
export type HitOutcome = ScreeningDecision['outcome']
