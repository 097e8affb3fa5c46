import type { Actions, AdminVerification, PublicCertificate, Verification } from '../lib/types'

/**
 * actionsFor stands in for the server's rules when a test does not say which actions are allowed:
 * submit a complete draft, resubmit a rejection, pay a submitted and unpaid one, delete an unpaid draft
 * (an administrator any), upgrade a Basic one that is paid or still a draft or submitted (and not revoked),
 * decide (administrators) a submitted or in-review one; while an approved certificate is neither revoked
 * nor expired, its certificate, its CIS once there, a share link (the owner) and a new CIS (administrators).
 */
export function actionsFor(
  v: Pick<Verification, 'status' | 'paymentStatus' | 'progress' | 'tier' | 'revokedAt' | 'expiresAt' | 'cisFormPath'>,
  admin = false,
): Actions {
  const unpaid = v.paymentStatus !== 'paid'
  const vouches = v.status === 'approved' && !v.revokedAt && (!v.expiresAt || Date.parse(v.expiresAt) > Date.now())
  const cis = vouches && Boolean(v.cisFormPath)
  return {
    submit: v.status === 'draft' && v.progress === 100,
    resubmit: v.status === 'rejected',
    pay: v.status === 'submitted' && unpaid,
    delete: admin || (v.status === 'draft' && unpaid),
    upgrade: !admin && v.tier === 'basic' && !v.revokedAt && (!unpaid || v.status === 'draft' || v.status === 'submitted'),
    decide: admin && (v.status === 'submitted' || v.status === 'in_review'),
    certificate: vouches,
    cis,
    shareCis: !admin && cis,
    generateCis: admin && vouches,
  }
}

/** certificateStatusFor stands in for the server's live certificate status of an approved verification. */
function certificateStatusFor(v: Pick<Verification, 'status' | 'revokedAt' | 'expiresAt'>): Verification['certificateStatus'] {
  if (v.status !== 'approved') return null
  if (v.revokedAt) return 'revoked'
  return v.expiresAt && Date.parse(v.expiresAt) <= Date.now() ? 'expired' : 'valid'
}

/**
 * verification is an owner's verification as the API sends it; `actions` and `certificateStatus`
 * follow the status unless given.
 */
export function verification(over: Partial<Verification> = {}): Verification {
  const base: Omit<Verification, 'actions' | 'certificateStatus'> = {
    id: 1,
    userId: 1,
    tier: 'basic',
    status: 'draft',
    progress: 0,
    publicId: 'TTT-AAAA',
    rejectionReason: null,
    deleted: false,
    paymentStatus: 'pending',
    paymentAmount: null,
    paymentId: null,
    paymentDate: null,
    cisFormPath: null,
    cisFormGeneratedAt: null,
    approvedAt: null,
    expiresAt: null,
    revokedAt: null,
    revocationReason: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
    screening: null,
    ...over,
  }
  const v = { ...base, certificateStatus: over.certificateStatus ?? certificateStatusFor(base) }
  return { ...v, actions: over.actions ?? actionsFor(v) }
}

/** adminVerification is a verification as the admin API sends it; `actions` follow the status unless given. */
export function adminVerification(over: Partial<AdminVerification> = {}): AdminVerification {
  const { screening = null, claim = null, waiting = null, firstApproval = null, fourEyes = false, ...rest } = over
  const v = { userEmail: 'owner@acme.test', ...verification(rest), screening, claim, waiting, firstApproval, fourEyes, ...rest }
  return { ...v, actions: over.actions ?? actionsFor(v, true) }
}

/** publicCertificate is a valid Basic certificate as the public API sends it. */
export function publicCertificate(over: Partial<PublicCertificate> = {}): PublicCertificate {
  return {
    publicId: 'pub-1',
    certificateId: 'pub-1',
    companyName: 'Acme Metals AG',
    registrationNumber: 'CHE-123',
    country: 'CH',
    registeredAddress: 'Bahnhofstrasse 1, Zug',
    email: 'ops@acme.test',
    tier: 'basic',
    checks: [],
    status: 'approved',
    certificateStatus: 'valid',
    verifiedAt: '2026-03-05T10:00:00Z',
    expiresAt: '2027-03-05T10:00:00Z',
    revokedAt: null,
    fingerprint: 'ab'.repeat(32),
    signature: { signedBy: 'TTT Verify', testSignature: false, notice: '' },
    ...over,
  }
}
