package verification

import (
	"time"

	"github.com/tttverify/tttverify/domain/errs"
)

// Errors of the upgrade from Basic to Top.
var (
	ErrAlreadyTop       = errs.Conflict("The verification is already in the top tier")
	ErrUpgradeNotPaid   = errs.Conflict("The verification must be paid for before a paid upgrade")
	ErrUpgradeNotPaying = errs.Conflict("The upgrade can only be paid for once the verification is paid")
	ErrUpgradeRevoked   = errs.Conflict("A revoked certificate cannot be upgraded")
)

// EnsurePaymentDue refuses a first payment unless the verification is submitted and not yet paid.
func (v *Verification) EnsurePaymentDue() error {
	switch {
	case v.deleted:
		return ErrDeleted
	case v.payment.Paid():
		return ErrAlreadyPaid
	case v.status != Submitted:
		return ErrPaymentNotDue
	}
	return nil
}

// UpgradeNeedsPayment says how a Basic verification becomes Top: false when the tier can simply be
// changed (nothing paid yet, draft or submitted), true when the price difference must be paid first
// (already paid). Anything else is refused with an error. It is the one upgrade rule: the upgrade,
// its payment and ActionsFor all ask it.
func (v *Verification) UpgradeNeedsPayment() (bool, error) {
	switch {
	case v.deleted:
		return false, ErrDeleted
	case v.tier == Top:
		return false, ErrAlreadyTop
	case v.revokedAt != nil: // paying the difference would send a withdrawn certificate back to review
		return false, ErrUpgradeRevoked
	case v.payment.Paid():
		return true, nil
	case v.status == Draft || v.status == Submitted:
		return false, nil
	}
	// In review, approved or rejected without a payment only happens when an administrator
	// decided without one; a tier change there needs a person, not a button.
	return false, TransitionError{From: v.status, Action: "upgrade"}
}

// Upgrade moves an unpaid draft or submitted verification to the top tier; its price follows.
func (v *Verification) Upgrade(now time.Time) error {
	paid, err := v.UpgradeNeedsPayment()
	if err != nil {
		return err
	}
	if paid {
		return ErrUpgradeNotPaid
	}
	v.tier = Top
	v.updatedAt = now
	return nil
}

// EnsureUpgradePayable refuses an upgrade payment unless the verification is a paid Basic one.
func (v *Verification) EnsureUpgradePayable() error {
	paid, err := v.UpgradeNeedsPayment()
	if err != nil {
		return err
	}
	if !paid {
		return ErrUpgradeNotPaying
	}
	return nil
}

// CompletePaidUpgrade records the paid difference and moves the verification to the top tier. An
// approved verification goes back to review for the checks only Top includes (KYC, AML, PEP); the
// approval it had stays on record until the new decision replaces it.
func (v *Verification) CompletePaidUpgrade(amount int64, paymentID string, now time.Time) error {
	if err := v.EnsureUpgradePayable(); err != nil {
		return err
	}
	t := now
	v.payment = Payment{Status: PaymentPaid, Amount: v.payment.Amount + amount, ID: paymentID, Date: &t}
	v.tier = Top
	if v.status == Approved {
		v.status = InReview // not in the transitions table: only a paid upgrade reopens an approval
		v.enterReview(now)
	}
	v.updatedAt = now
	return nil
}
