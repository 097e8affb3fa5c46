package application

import (
	"fmt"
	"strings"
	"time"
)

// Emails renders the product's e-mails: the adapter owns the templates, the look and every link
// (built from PUBLIC_BASE_URL). A use case renders a message and queues it in its transaction:
//
//	msg, err := s.emails.Render(user.Email, fmt.Sprintf("password-reset:%d", t.ID), application.PasswordReset{…})
//	if err != nil { return err }
//	return s.jobs.Enqueue(ctx, application.SendEmail{Message: msg})
//
// An e-mail about an account's event goes through the Notifier instead, which adds the bell's
// notification of the same event.
type Emails interface {
	Render(to, idempotencyKey string, data Email) (Message, error)
}

// Email is the content of one kind of e-mail. Its Template names the template that shows it,
// adapters/mail/templates/<name>.tmpl; a test in cmd/server/app fails while one is missing.
type Email interface{ Template() string }

// EmailData is an e-mail that tells an account about an event: the Notifier sends it and shows
// its notice in the bell. Each kind is declared below with both, so a new one cannot forget the
// bell. Only the password reset's link is an Email alone.
type EmailData interface {
	Email
	notice() notice
}

// notice is what the bell shows of an event: a title, a sentence and a path in the SPA (or "").
type notice struct{ title, body, link string }

// applicantPage and adminPage are a verification's page for its applicant and for administrators.
func applicantPage(id int64) string { return fmt.Sprintf("/verification/%d", id) }
func adminPage(id int64) string     { return fmt.Sprintf("/admin/verifications/%d", id) }

// named is a company's name, or a fallback for a verification without one.
func named(company string, id int64) string {
	if company == "" {
		return fmt.Sprintf("verification #%d", id)
	}
	return company
}

// AccountCreated welcomes a new user.
type AccountCreated struct{ Email string }

// Template names the AccountCreated e-mail's template.
func (AccountCreated) Template() string { return "account_created" }

func (d AccountCreated) notice() notice {
	return notice{"Welcome to TTT Verify", "Your account " + d.Email + " was created.", "/dashboard"}
}

// VerificationSubmitted confirms that an application was submitted.
type VerificationSubmitted struct {
	VerificationID int64
	CompanyName    string
	Tier           string // "basic" or "top"
	Paid           bool   // a resubmission that was paid for before goes straight to review
}

// Template names the VerificationSubmitted e-mail's template.
func (VerificationSubmitted) Template() string { return "verification_submitted" }

func (d VerificationSubmitted) notice() notice {
	return notice{"Verification submitted", fmt.Sprintf("Verification #%d for %s was submitted.", d.VerificationID,
		named(d.CompanyName, d.VerificationID)), applicantPage(d.VerificationID)}
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

// Template names the PaymentReceipt e-mail's template.
func (PaymentReceipt) Template() string { return "payment_receipt" }

func (d PaymentReceipt) notice() notice {
	return notice{"Payment received", fmt.Sprintf("Receipt %s: %s %.2f for verification #%d.", d.ReceiptNumber,
		strings.ToUpper(d.Currency), float64(d.AmountCents)/100, d.VerificationID), applicantPage(d.VerificationID)}
}

// VerificationApproved tells the applicant the certificate is issued.
type VerificationApproved struct {
	VerificationID    int64
	CompanyName       string
	PublicID          string
	CertificateNumber string
	ExpiresAt         time.Time
}

// Template names the VerificationApproved e-mail's template.
func (VerificationApproved) Template() string { return "verification_approved" }

func (d VerificationApproved) notice() notice {
	return notice{"Verification approved", fmt.Sprintf("%s is verified. Certificate %s.",
		named(d.CompanyName, d.VerificationID), d.CertificateNumber), applicantPage(d.VerificationID)}
}

// VerificationRejected tells the applicant why, and how to resubmit.
type VerificationRejected struct {
	VerificationID int64
	CompanyName    string
	Reason         string
	Paid           bool // resubmitting costs nothing more; an unpaid one still needs its payment
}

// Template names the VerificationRejected e-mail's template.
func (VerificationRejected) Template() string { return "verification_rejected" }

func (d VerificationRejected) notice() notice {
	return notice{"Verification rejected", "Reason: " + d.Reason, applicantPage(d.VerificationID)}
}

// CISReady tells the applicant the Company Information Sheet can be downloaded.
type CISReady struct {
	VerificationID int64
	CompanyName    string
}

// Template names the CISReady e-mail's template.
func (CISReady) Template() string { return "cis_ready" }

func (d CISReady) notice() notice {
	return notice{"CIS form ready", fmt.Sprintf("The Client Information Sheet of %s can be downloaded.",
		named(d.CompanyName, d.VerificationID)), applicantPage(d.VerificationID)}
}

// CertificateExpiring warns 30 days before a certificate expires.
type CertificateExpiring struct {
	VerificationID int64
	CompanyName    string
	PublicID       string
	ExpiresAt      time.Time
	DaysLeft       int // whole days until ExpiresAt, counted up: the scan may run late
}

// Template names the CertificateExpiring e-mail's template.
func (CertificateExpiring) Template() string { return "certificate_expiring" }

func (d CertificateExpiring) notice() notice {
	return notice{"Certificate expires soon", fmt.Sprintf("The certificate of %s expires on %s.",
		named(d.CompanyName, d.VerificationID), d.ExpiresAt.Format("January 2, 2006")), applicantPage(d.VerificationID)}
}

// CertificateExpired tells the applicant the certificate lapsed and how to renew.
type CertificateExpired struct {
	VerificationID int64
	CompanyName    string
	ExpiredAt      time.Time
}

// Template names the CertificateExpired e-mail's template.
func (CertificateExpired) Template() string { return "certificate_expired" }

func (d CertificateExpired) notice() notice {
	return notice{"Certificate expired", fmt.Sprintf("The certificate of %s expired on %s. Start a new verification to renew it.",
		named(d.CompanyName, d.VerificationID), d.ExpiredAt.Format("January 2, 2006")), applicantPage(d.VerificationID)}
}

// CertificateRevoked tells the applicant an administrator revoked the certificate.
type CertificateRevoked struct {
	VerificationID int64
	CompanyName    string
	Reason         string
	RevokedAt      time.Time
}

// Template names the CertificateRevoked e-mail's template.
func (CertificateRevoked) Template() string { return "certificate_revoked" }

func (d CertificateRevoked) notice() notice {
	return notice{"Certificate revoked", "Reason: " + d.Reason, applicantPage(d.VerificationID)}
}

// PasswordChanged confirms a password change (and that other sessions ended).
type PasswordChanged struct{ ChangedAt time.Time }

// Template names the PasswordChanged e-mail's template.
func (PasswordChanged) Template() string { return "password_changed" }

func (PasswordChanged) notice() notice {
	return notice{"Password changed", "Your password was changed and your other sessions were signed out.", "/account-settings"}
}

// PasswordReset carries a one-time reset link. It is an Email alone, not in the bell: it goes to
// whoever asked for it, before anyone is signed in. It holds a secret, so it is rendered and sent
// by the worker that makes the token (PasswordResets.SendResetLink), never queued in a SendEmail job.
type PasswordReset struct {
	Token    string
	ValidFor time.Duration
}

// Template names the PasswordReset e-mail's template.
func (PasswordReset) Template() string { return "password_reset" }

// FollowConfirmation asks an address that wants to follow a certificate to confirm it (double
// opt-in). Like PasswordReset it is an Email alone, rendered and sent by the worker that makes its
// token (Follows.SendConfirmation), never queued with the token in it.
type FollowConfirmation struct {
	CompanyName string
	PublicID    string
	Token       string
	ValidFor    time.Duration
}

// Template names the FollowConfirmation e-mail's template.
func (FollowConfirmation) Template() string { return "follow_confirmation" }

// CertificateUpdate tells a follower that a certificate changed. It is an Email alone (a follower
// has no account, so no bell), and every one carries its own unsubscribe token.
type CertificateUpdate struct {
	Event       FollowEvent
	CompanyName string
	PublicID    string
	Tier        string    // after the change
	At          time.Time // when it changed
	ExpiresAt   time.Time // the certificate's end of validity after the change
	Token       string    // unsubscribes this follower with one click
}

// Template names the CertificateUpdate e-mail's template.
func (CertificateUpdate) Template() string { return "certificate_update" }

// UnsubscribeToken is the token that stops these e-mails.
func (d CertificateUpdate) UnsubscribeToken() string { return d.Token }

// OneClickUnsubscribe is an Email its recipient can stop with one click: the adapter adds the
// List-Unsubscribe and List-Unsubscribe-Post headers of RFC 8058 with the token's link.
type OneClickUnsubscribe interface {
	Email
	UnsubscribeToken() string
}

// ReviewEntered tells administrators a verification waits for review.
type ReviewEntered struct {
	VerificationID int64
	CompanyName    string
	Tier           string
}

// Template names the ReviewEntered e-mail's template.
func (ReviewEntered) Template() string { return "review_entered" }

func (d ReviewEntered) notice() notice {
	return notice{"Verification waiting for review", fmt.Sprintf("%s (%s) entered review.",
		named(d.CompanyName, d.VerificationID), d.Tier), adminPage(d.VerificationID)}
}

// JobFailedPermanently tells administrators a job was given up.
type JobFailedPermanently struct{ Job FailedJob }

// Template names the JobFailedPermanently e-mail's template.
func (JobFailedPermanently) Template() string { return "job_failed" }

func (d JobFailedPermanently) notice() notice {
	return notice{"Background job failed", fmt.Sprintf("Job %d (%s) failed after %d attempts: %s", d.Job.ID, d.Job.Kind,
		d.Job.Attempts, d.Job.LastError), "/admin/jobs"}
}

// ScreeningAlert tells administrators that screening found possible matches.
type ScreeningAlert struct {
	VerificationID int64
	CompanyName    string
	Hits           int
	Lists          []string
	Certified      bool // the verification holds an approved certificate: monitoring found the hits
}

// Template names the ScreeningAlert e-mail's template.
func (ScreeningAlert) Template() string { return "screening_alert" }

func (d ScreeningAlert) notice() notice {
	where := "the verification of " + named(d.CompanyName, d.VerificationID)
	if d.Certified {
		where = "the approved certificate of " + named(d.CompanyName, d.VerificationID)
	}
	return notice{"Screening alert", fmt.Sprintf("%d new possible match(es) on %s (%s). Decide them on the Screening tab.",
		d.Hits, where, strings.Join(d.Lists, ", ")), adminPage(d.VerificationID)}
}

// ListOutOfDate tells administrators that a sanctions or PEP list could not be refreshed for
// longer than SCREENING_STALE_AFTER; screening goes on against the version in force.
type ListOutOfDate struct {
	List        string    // the list's label, e.g. "OFAC SDN"
	LastSuccess time.Time // zero when the list was never fetched or imported
	StaleAfter  time.Duration
	LastError   string // why the last attempt failed, in plain words; "" when it did not fail
}

// Template names the ListOutOfDate e-mail's template.
func (ListOutOfDate) Template() string { return "list_out_of_date" }

// Age says how old the list is: "was last updated on 23 Nov 2026 at 14:05 UTC, more than 72 hours ago".
func (d ListOutOfDate) Age() string {
	limit := d.StaleAfter.String()
	if h := d.StaleAfter.Hours(); h == float64(int64(h)) {
		limit = fmt.Sprintf("%d hours", int64(h))
	}
	if d.LastSuccess.IsZero() {
		return "has never been fetched successfully, and the first attempt was more than " + limit + " ago"
	}
	return "was last updated on " + d.LastSuccess.UTC().Format("2 Jan 2006 at 15:04 UTC") + ", more than " + limit + " ago"
}

func (d ListOutOfDate) notice() notice {
	body := fmt.Sprintf("The %s list %s. Screening goes on with the version in force.", d.List, d.Age())
	if d.LastError != "" {
		body += " Last attempt: " + d.LastError
	}
	return notice{"Screening list out of date", body, "/admin/screening"}
}

// OverdueDigest tells administrators, on a business day, which verifications in review pass the
// promised business days on the next one unless they are decided first.
type OverdueDigest struct {
	Day   time.Time // the business day they become overdue on (its UTC midnight)
	Items []DueReview
	More  int // verifications due that day beyond the listed ones
}

// DueReview is one verification of an OverdueDigest.
type DueReview struct {
	VerificationID int64
	CompanyName    string
	Tier           string
	Since          time.Time // when it entered review after payment
	Deadline       time.Time // overdue after this
}

// Template names the OverdueDigest e-mail's template.
func (OverdueDigest) Template() string { return "overdue_digest" }

// Total is how many verifications become overdue on the day.
func (d OverdueDigest) Total() int { return len(d.Items) + d.More }

func (d OverdueDigest) notice() notice {
	return notice{"Reviews due", fmt.Sprintf("%d verification(s) in review become overdue on %s unless decided before.",
		d.Total(), d.Day.Format("Monday 2 January")), "/admin/verifications?status=in_review"}
}
