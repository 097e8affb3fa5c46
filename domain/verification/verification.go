// Package verification is the verification aggregate: its state machine, completeness and progress,
// the rules for its sections and documents.
package verification

import (
	"crypto/rand"
	"encoding/base32"
	"slices"
	"strings"
	"time"
)

// ValidityPeriod is how long an approval stays valid (spec: Basic is valid 12 months).
const ValidityPeriod = 12 // months

// transitions is the whole state machine of spec section 4.
var transitions = map[Status][]Status{
	Draft:     {Submitted},
	Submitted: {InReview, Approved, Rejected},
	InReview:  {Approved, Rejected},
	Rejected:  {Draft},
}

// Payment is what is known about the verification's payment.
type Payment struct {
	Status PaymentStatus
	Amount int64 // cents, USD
	ID     string
	Date   *time.Time
}

// Paid reports whether the verification has been paid for.
func (p Payment) Paid() bool { return p.Status == PaymentPaid }

// Verification is the aggregate root: a company's application in one tier.
type Verification struct {
	id               int64
	userID           int64
	tier             Tier
	status           Status
	progress         int
	publicID         string
	rejectionReason  string
	deleted          bool
	payment          Payment
	cisFormPath      string
	cisFormGenerated *time.Time
	approvedAt       *time.Time
	expiresAt        *time.Time
	revokedAt        *time.Time
	revokedReason    string
	reviewSince      *time.Time
	version          int64
	createdAt        time.Time
	updatedAt        time.Time
}

// New starts a draft verification for a user.
func New(userID int64, tier Tier, now time.Time) (*Verification, error) {
	if tier == (Tier{}) {
		return nil, ErrUnknownValue
	}
	return &Verification{
		userID:    userID,
		tier:      tier,
		status:    Draft,
		publicID:  NewPublicID(),
		payment:   Payment{Status: PaymentPending},
		createdAt: now,
		updatedAt: now,
	}, nil
}

// Snapshot is the full state of a verification, used to store and restore it.
type Snapshot struct {
	ID               int64
	UserID           int64
	Tier             Tier
	Status           Status
	Progress         int
	PublicID         string
	RejectionReason  string
	Deleted          bool
	Payment          Payment
	CISFormPath      string
	CISFormGenerated *time.Time
	ApprovedAt       *time.Time
	ExpiresAt        *time.Time
	RevokedAt        *time.Time
	RevokedReason    string
	// ReviewSince is when the verification last entered review: its wait for a decision.
	ReviewSince *time.Time
	Version     int64
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// Restore rebuilds a stored verification. For adapters only.
func Restore(s Snapshot) *Verification {
	return &Verification{
		id: s.ID, userID: s.UserID, tier: s.Tier, status: s.Status, progress: s.Progress,
		publicID: s.PublicID, rejectionReason: s.RejectionReason, deleted: s.Deleted, payment: s.Payment,
		cisFormPath: s.CISFormPath, cisFormGenerated: s.CISFormGenerated, approvedAt: s.ApprovedAt,
		expiresAt: s.ExpiresAt, revokedAt: s.RevokedAt, revokedReason: s.RevokedReason, reviewSince: s.ReviewSince,
		version: s.Version, createdAt: s.CreatedAt, updatedAt: s.UpdatedAt,
	}
}

// Snapshot returns the verification's full state.
func (v *Verification) Snapshot() Snapshot {
	return Snapshot{
		ID: v.id, UserID: v.userID, Tier: v.tier, Status: v.status, Progress: v.progress,
		PublicID: v.publicID, RejectionReason: v.rejectionReason, Deleted: v.deleted, Payment: v.payment,
		CISFormPath: v.cisFormPath, CISFormGenerated: v.cisFormGenerated, ApprovedAt: v.approvedAt,
		ExpiresAt: v.expiresAt, RevokedAt: v.revokedAt, RevokedReason: v.revokedReason, ReviewSince: v.reviewSince,
		Version: v.version, CreatedAt: v.createdAt, UpdatedAt: v.updatedAt,
	}
}

// ID is the store's id; 0 until the verification is stored.
func (v *Verification) ID() int64 { return v.id }

// UserID is the owner's id.
func (v *Verification) UserID() int64 { return v.userID }

// Tier is the depth of the verification bought.
func (v *Verification) Tier() Tier { return v.tier }

// Status is where the review stands.
func (v *Verification) Status() Status { return v.status }

// Progress is the percentage of complete sections.
func (v *Verification) Progress() int { return v.progress }

// PublicID is the unguessable id of the public page.
func (v *Verification) PublicID() string { return v.publicID }

// Payment is what is known about the payment.
func (v *Verification) Payment() Payment { return v.payment }

// ReviewSince is when the verification last entered review after payment (nil if it never did):
// the applicant's wait for a decision starts there, on paying or on resubmitting a paid one.
func (v *Verification) ReviewSince() *time.Time { return v.reviewSince }

// Deleted reports a soft delete.
func (v *Verification) Deleted() bool { return v.deleted }

// Version counts the saves; stores use it to refuse stale writes.
func (v *Verification) Version() int64 { return v.version }

// RejectionReason is the reviewer's reason for the last rejection, or "".
func (v *Verification) RejectionReason() string { return v.rejectionReason }

// SetID records the id the store assigned. For adapters only.
func (v *Verification) SetID(id int64) { v.id = id }

// OwnedBy reports whether userID owns the verification.
func (v *Verification) OwnedBy(userID int64) bool { return v.userID == userID }

// EnsureEditable refuses section changes outside draft.
func (v *Verification) EnsureEditable() error {
	if v.status != Draft {
		return ErrNotEditable
	}
	return nil
}

// UpdateProgress records the completeness of the sections as a percentage.
func (v *Verification) UpdateProgress(c Completeness, now time.Time) {
	c.OwnershipRequired = v.tier == Top
	if p := c.Progress(); p != v.progress {
		v.progress = p
		v.updatedAt = now
	}
}

// Submit sends a complete draft for review. A verification that was paid for before
// (rejected, then corrected) goes straight back to review without a second charge.
func (v *Verification) Submit(c Completeness, now time.Time) error {
	c.OwnershipRequired = v.tier == Top
	if err := v.moveTo(Submitted, "submit", now); err != nil {
		return err
	}
	if missing := c.Missing(); len(missing) > 0 {
		v.status = Draft
		return IncompleteError{Missing: missing}
	}
	v.progress = c.Progress()
	v.rejectionReason = ""
	if v.payment.Paid() {
		return v.moveTo(InReview, "review", now)
	}
	return nil
}

// MarkPaid records a confirmed payment and puts the verification in review.
func (v *Verification) MarkPaid(amount int64, paymentID string, now time.Time) error {
	if v.payment.Paid() {
		return ErrAlreadyPaid
	}
	if v.status != Submitted {
		return ErrPaymentNotDue
	}
	t := now
	v.payment = Payment{Status: PaymentPaid, Amount: amount, ID: paymentID, Date: &t}
	return v.moveTo(InReview, "pay for", now)
}

// MarkPaymentFailed records a declined payment; the verification stays submitted.
func (v *Verification) MarkPaymentFailed(paymentID string, now time.Time) error {
	if v.payment.Paid() {
		return ErrAlreadyPaid
	}
	if v.status != Submitted {
		return ErrPaymentNotDue
	}
	v.payment.Status = PaymentFailed
	v.payment.ID = paymentID
	v.updatedAt = now
	return nil
}

// Approve accepts the verification; the certificate is valid for ValidityPeriod months. A
// revocation stays: only Reinstate lifts it.
func (v *Verification) Approve(now time.Time) error {
	if err := v.moveTo(Approved, "approve", now); err != nil {
		return err
	}
	approved, expires := now, now.AddDate(0, ValidityPeriod, 0)
	v.approvedAt, v.expiresAt = &approved, &expires
	v.rejectionReason = ""
	return nil
}

// Reject refuses the verification with a reason the applicant will read.
func (v *Verification) Reject(reason string, now time.Time) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return ErrRejectionReasonRequired
	}
	if err := v.moveTo(Rejected, "reject", now); err != nil {
		return err
	}
	v.rejectionReason = reason
	return nil
}

// Resubmit reopens a rejected verification for editing. The reason stays visible until the next submit.
func (v *Verification) Resubmit(now time.Time) error {
	return v.moveTo(Draft, "resubmit", now)
}

// Delete soft-deletes the verification. Applicants may only delete a draft that was never paid.
func (v *Verification) Delete(byAdmin bool, now time.Time) error {
	if err := v.mayDelete(byAdmin); err != nil {
		return err
	}
	v.deleted = true
	v.updatedAt = now
	return nil
}

func (v *Verification) mayDelete(byAdmin bool) error {
	switch {
	case v.deleted:
		return ErrDeleted
	case !byAdmin && (v.status != Draft || v.payment.Paid()):
		return ErrNotDeletable
	}
	return nil
}

func (v *Verification) moveTo(to Status, action string, now time.Time) error {
	if err := v.mayMoveTo(to, action); err != nil {
		return err
	}
	v.status = to
	v.updatedAt = now
	if to == InReview {
		v.enterReview(now)
	}
	return nil
}

// enterReview starts the wait for a decision.
func (v *Verification) enterReview(now time.Time) {
	t := now
	v.reviewSince = &t
}

// mayMoveTo checks the transitions table; action names the move in the refusal.
func (v *Verification) mayMoveTo(to Status, action string) error {
	switch {
	case v.deleted:
		return ErrDeleted
	case !slices.Contains(transitions[v.status], to):
		return TransitionError{From: v.status, Action: action}
	}
	return nil
}

// publicIDEncoding is lower-case base32 without padding: URL-safe and easy to read aloud.
var publicIDEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewPublicID returns an unguessable public id (128 random bits, 26 characters).
func NewPublicID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	return publicIDEncoding.EncodeToString(b)
}
