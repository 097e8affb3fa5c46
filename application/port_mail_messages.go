package application

import "time"

// Emails renders the product's e-mails: the adapter owns the templates, the look and every link
// (built from PUBLIC_BASE_URL). A use case renders a message and queues it in its transaction:
//
//	msg, err := s.emails.Render(user.Email, fmt.Sprintf("receipt:%d", p.ID), application.PaymentReceipt{…})
//	if err != nil { return err }
//	return s.jobs.Enqueue(ctx, application.SendEmail{Message: msg})
type Emails interface {
	Render(to, idempotencyKey string, data EmailData) (Message, error)
}

// EmailData is the content of one kind of e-mail; its Template names the template that shows it.
type EmailData interface{ Template() string }

// AccountCreated welcomes a new user.
type AccountCreated struct{ Email string }

// VerificationSubmitted confirms that an application was submitted.
type VerificationSubmitted struct {
	VerificationID int64
	CompanyName    string
	Tier           string // "basic" or "top"
	Paid           bool   // a resubmission that was paid for before goes straight to review
}

// PaymentReceipt is our own receipt for a payment.
type PaymentReceipt struct {
	VerificationID int64
	ReceiptNumber  string
	PaidAt         time.Time
	CompanyName    string
	Tier           string
	Currency       string // ISO 4217, e.g. "usd"
	PriceCents     int64  // the tier's price before any coupon
	CouponCode     string // empty without a coupon
	DiscountCents  int64
	AmountCents    int64  // what was charged
	CardBrand      string // e.g. "visa", when the provider tells
	CardLast4      string
	TestMode       bool // the simulated provider or Stripe's test mode
}

// VerificationApproved tells the applicant the certificate is issued.
type VerificationApproved struct {
	VerificationID    int64
	CompanyName       string
	PublicID          string
	CertificateNumber string
	ExpiresAt         time.Time
}

// VerificationRejected tells the applicant why, and how to resubmit.
type VerificationRejected struct {
	VerificationID int64
	CompanyName    string
	Reason         string
	Paid           bool // resubmitting costs nothing more; an unpaid one still needs its payment
}

// CISReady tells the applicant the Company Information Sheet can be downloaded.
type CISReady struct {
	VerificationID int64
	CompanyName    string
}

// CertificateExpiring warns 30 days before a certificate expires.
type CertificateExpiring struct {
	VerificationID int64
	CompanyName    string
	PublicID       string
	ExpiresAt      time.Time
	DaysLeft       int // whole days until ExpiresAt, counted up: the scan may run late
}

// CertificateExpired tells the applicant the certificate lapsed and how to renew.
type CertificateExpired struct {
	VerificationID int64
	CompanyName    string
	ExpiredAt      time.Time
}

// CertificateRevoked tells the applicant an administrator revoked the certificate.
type CertificateRevoked struct {
	VerificationID int64
	CompanyName    string
	Reason         string
	RevokedAt      time.Time
}

// PasswordChanged confirms a password change (and that other sessions ended).
type PasswordChanged struct{ ChangedAt time.Time }

// PasswordReset carries a one-time reset link.
type PasswordReset struct {
	Token    string
	ValidFor time.Duration
}

// ReviewEntered tells administrators a verification waits for review.
type ReviewEntered struct {
	VerificationID int64
	CompanyName    string
	Tier           string
}

// JobFailedPermanently tells administrators a job was given up.
type JobFailedPermanently struct{ Job FailedJob }

// ScreeningAlert tells administrators that screening found possible matches.
type ScreeningAlert struct {
	VerificationID int64
	CompanyName    string
	Hits           int
	Lists          []string
	Certified      bool // the verification holds an approved certificate: monitoring found the hits
}

// Template names the AccountCreated e-mail's template.
func (AccountCreated) Template() string { return "account_created" }

// Template names the VerificationSubmitted e-mail's template.
func (VerificationSubmitted) Template() string { return "verification_submitted" }

// Template names the PaymentReceipt e-mail's template.
func (PaymentReceipt) Template() string { return "payment_receipt" }

// Template names the VerificationApproved e-mail's template.
func (VerificationApproved) Template() string { return "verification_approved" }

// Template names the VerificationRejected e-mail's template.
func (VerificationRejected) Template() string { return "verification_rejected" }

// Template names the CISReady e-mail's template.
func (CISReady) Template() string { return "cis_ready" }

// Template names the CertificateExpiring e-mail's template.
func (CertificateExpiring) Template() string { return "certificate_expiring" }

// Template names the CertificateExpired e-mail's template.
func (CertificateExpired) Template() string { return "certificate_expired" }

// Template names the CertificateRevoked e-mail's template.
func (CertificateRevoked) Template() string { return "certificate_revoked" }

// Template names the PasswordChanged e-mail's template.
func (PasswordChanged) Template() string { return "password_changed" }

// Template names the PasswordReset e-mail's template.
func (PasswordReset) Template() string { return "password_reset" }

// Template names the ReviewEntered e-mail's template.
func (ReviewEntered) Template() string { return "review_entered" }

// Template names the JobFailedPermanently e-mail's template.
func (JobFailedPermanently) Template() string { return "job_failed" }

// Template names the ScreeningAlert e-mail's template.
func (ScreeningAlert) Template() string { return "screening_alert" }
