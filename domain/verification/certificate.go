package verification

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
)

// Errors of the certificate's life after approval.
var (
	ErrNotApproved    = errs.Conflict("The verification is not approved")
	ErrAlreadyRevoked = errs.Conflict("The certificate is already revoked")
	ErrNotRevoked     = errs.Conflict("The certificate is not revoked")
)

// CertificateStatus is what a counterparty is told about an approved verification today.
type CertificateStatus string

// The live certificate statuses.
const (
	CertificateValid   CertificateStatus = "valid"
	CertificateExpired CertificateStatus = "expired"
	CertificateRevoked CertificateStatus = "revoked"
)

// Revoke withdraws an approved certificate, for example after fraud comes to light. The status stays
// approved (the review happened) but the certificate no longer vouches for the company.
func (v *Verification) Revoke(reason string, now time.Time) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return ErrRevocationReasonRequired
	}
	if v.deleted {
		return ErrDeleted
	}
	if v.status != Approved {
		return TransitionError{From: v.status, Action: "revoke"}
	}
	if v.revokedAt != nil {
		return ErrAlreadyRevoked
	}
	t := now
	v.revokedAt, v.revokedReason, v.updatedAt = &t, reason, now
	return nil
}

// ErrNoLongerVouches is what MayIssue's refusals of a revoked or expired certificate refine.
var ErrNoLongerVouches = errs.Conflict("This certificate no longer vouches for the company")

// What MayIssue is asked about: the papers that say the company is verified.
const (
	CertificatePDF = "PDF"
	CIS            = "CIS"
)

// MayIssue says whether a paper of the certificate (CertificatePDF, or the CIS and its share links)
// may be handed out now: both read "valid until …", so a revoked or expired certificate has none
// (ErrNoLongerVouches, with the status and the paper in the message), and a verification that was
// never approved ErrNotApproved.
func (v *Verification) MayIssue(paper string, now time.Time) error {
	switch status, ok := v.CertificateStatus(now); {
	case !ok:
		return ErrNotApproved
	case status != CertificateValid:
		return ErrNoLongerVouches.Refine("This certificate is " + string(status) + ", so its " + paper + " is no longer issued")
	}
	return nil
}

// Reinstate lifts a revocation that turned out to be wrong. It is its own decision with its own
// reason: nothing else (an approval, a payment) ever clears a revocation.
func (v *Verification) Reinstate(reason string, now time.Time) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return ErrReinstateReasonRequired
	}
	if v.deleted {
		return ErrDeleted
	}
	if v.revokedAt == nil {
		return ErrNotRevoked
	}
	v.revokedAt, v.revokedReason, v.updatedAt = nil, "", now
	return nil
}

// CertificateStatus derives the live status; ok is false when the verification was never approved.
func (v *Verification) CertificateStatus(now time.Time) (status CertificateStatus, ok bool) {
	switch {
	case v.status != Approved || v.approvedAt == nil:
		return "", false
	case v.revokedAt != nil:
		return CertificateRevoked, true
	case v.expiresAt != nil && !now.Before(*v.expiresAt):
		return CertificateExpired, true
	}
	return CertificateValid, true
}

// AttachCIS records a generated Client Information Sheet; only approved verifications have one.
func (v *Verification) AttachCIS(path string, now time.Time) error {
	if v.status != Approved {
		return ErrNotApproved
	}
	t := now
	v.cisFormPath, v.cisFormGenerated, v.updatedAt = path, &t, now
	return nil
}

// CISFormPath is where the current CIS is stored, or "".
func (v *Verification) CISFormPath() string { return v.cisFormPath }

// CertificateCheck is one check a certificate claims: what ran, how it came out and when. A check
// that did not run is never a CertificateCheck.
type CertificateCheck struct {
	Kind   string // verification, sanctions, pep, jurisdiction, kyc, lei or vat
	Label  string
	Result string
	Text   string // the whole sentence, as the certificate prints it
	Date   time.Time
}

// ReviewCheck is what every approved verification had, whatever its tier: a reviewer went through
// the company, representative, banking and document sections. The second sentence is the spec's
// text for Basic.
func ReviewCheck(approvedAt time.Time) CertificateCheck {
	return CertificateCheck{Kind: "verification", Label: "Verification", Result: "verified", Date: approvedAt,
		Text: "Company, representatives, banking and documents reviewed. " +
			"Includes TTT Certificate and Client Information Sheet (CIS)"}
}

// CertificateContent is what a certificate attests; its fingerprint lets a counterparty check that a
// PDF matches the public record.
type CertificateContent struct {
	CertificateID      string
	CompanyName        string
	RegistrationNumber string
	Country            string
	Tier               Tier
	IssuedAt           time.Time
	ExpiresAt          time.Time
}

// Fingerprint is the hex SHA-256 of the canonical content: one "key=value" line per field in a
// fixed order, times in RFC 3339 UTC.
func (c CertificateContent) Fingerprint() string {
	lines := []string{
		"ttt-verify-certificate/v1",
		"id=" + c.CertificateID,
		"company=" + c.CompanyName,
		"registration=" + c.RegistrationNumber,
		"country=" + c.Country,
		"tier=" + c.Tier.String(),
		"issued=" + c.IssuedAt.UTC().Format(time.RFC3339),
		"expires=" + c.ExpiresAt.UTC().Format(time.RFC3339),
	}
	sum := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(sum[:])
}
