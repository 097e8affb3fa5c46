package application

import (
	"context"
	"errors"
	"fmt"

	"github.com/tttverify/tttverify/domain/pricing"
	"github.com/tttverify/tttverify/domain/verification"
)

// An open checkout is an intent the applicant may still pay. A checkout that can no longer be
// honoured (replaced by a new one, priced for another tier, its coupon hold lapsed and taken back) is
// cancelled at the provider first and only then given up here, so that a coupon use is never handed
// to someone else while a card can still be charged for it. A charge that arrives all the same is
// refunded through the provider. Both are audited: payment.canceled and payment.refunded.

// notHonoured is a genuine, succeeded charge that the verification can no longer take: settle
// refuses it and the caller refunds it (settleOrRefund).
type notHonoured struct{ why string }

func (e *notHonoured) Error() string { return "payment not honoured: " + e.why }

// Unwrap makes the refusal ErrPaymentRefunded for the applicant.
func (e *notHonoured) Unwrap() error { return ErrPaymentRefunded }

// settleOrRefund settles a succeeded intent, or refunds it when the verification can no longer
// take it; the applicant is told ErrPaymentRefunded.
func (s *Payments) settleOrRefund(ctx context.Context, actor *User, rec *PaymentRecord, intent *PaymentIntent) (*verification.Verification, error) {
	v, err := s.settle(ctx, actor, rec, intent)
	var refuse *notHonoured
	if errors.As(err, &refuse) {
		if rerr := s.refund(ctx, actor, rec, refuse.why); rerr != nil {
			return nil, rerr
		}
	}
	return v, err
}

// refund gives back the whole charge of rec's intent through the provider, once, and audits it.
func (s *Payments) refund(ctx context.Context, actor *User, rec *PaymentRecord, why string) error {
	cur, err := s.records.Get(ctx, rec.IntentID)
	if err != nil {
		return fmt.Errorf("load payment %s: %w", rec.IntentID, err)
	}
	if cur.RefundID != "" {
		return nil
	}
	refundID, err := s.gateway.Refund(ctx, rec.IntentID, "ttt-refund-"+rec.IntentID)
	if err != nil {
		return fmt.Errorf("refund %s: %w", rec.IntentID, err)
	}
	s.log.Warn("refunded a payment that could not be honoured", "intent", rec.IntentID, "refund", refundID,
		"verification", rec.VerificationID, "reason", why)
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.GetForUpdate(ctx, rec.VerificationID)
		if err != nil {
			return err
		}
		cur, err := s.records.Get(ctx, rec.IntentID)
		if err != nil || cur.RefundID != "" {
			return err
		}
		if err := s.records.SetRefund(ctx, cur.IntentID, refundID, s.clock.Now()); err != nil {
			return err
		}
		return record(ctx, s.audit, actor, v, "payment.refunded", v.Status(), paymentReason(cur, why))
	})
}

// paymentReason is how the audit trail names a payment and what happened to it:
// "<intent> <amount> <currency> via <provider>: <why>".
func paymentReason(rec *PaymentRecord, why string) string {
	return fmt.Sprintf("%s %d %s via %s: %s", rec.IntentID, rec.Amount, rec.Currency, rec.Provider, why)
}

// closeCheckout cancels rec's intent at the provider, then marks the record cancelled and gives
// back the coupon use its checkout held. An intent that was paid before the cancellation reached
// the provider is settled (or refunded) instead; one the provider is still processing stays open
// (ErrPaymentInProgress). actor is nil when the system closes it.
func (s *Payments) closeCheckout(ctx context.Context, actor *User, rec *PaymentRecord, why string) error {
	intent, err := s.gateway.CancelIntent(ctx, rec.IntentID, "ttt-cancel-"+rec.IntentID)
	if err != nil {
		return fmt.Errorf("cancel %s: %w", rec.IntentID, err)
	}
	switch intent.Status {
	case IntentCanceled:
	case IntentSucceeded:
		if _, err := s.settleOrRefund(ctx, actor, rec, intent); err != nil && !errors.Is(err, ErrPaymentRefunded) {
			return err
		}
		return nil
	default:
		return ErrPaymentInProgress
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.GetForUpdate(ctx, rec.VerificationID)
		if err != nil {
			return err
		}
		cur, err := s.records.Get(ctx, rec.IntentID)
		if err != nil || !cur.Open() {
			return err
		}
		if err := s.records.Cancel(ctx, cur.IntentID, s.clock.Now()); err != nil {
			return err
		}
		if err := s.coupons.ReleaseCheckout(ctx, v.ID(), cur.Checkout); err != nil {
			return err
		}
		return record(ctx, s.audit, actor, v, "payment.canceled", v.Status(), paymentReason(cur, why))
	})
}

// closeOpen closes the verification's open checkouts that keep does not name.
func (s *Payments) closeOpen(ctx context.Context, actor *User, id int64, keep func(*PaymentRecord) bool, why string) error {
	recs, err := s.records.ForVerification(ctx, id)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if r.Open() && !keep(r) {
			if err := s.closeCheckout(ctx, actor, r, why); err != nil {
				return err
			}
		}
	}
	return nil
}

func keepNone(*PaymentRecord) bool { return false }

// reclaimLapsed takes back the uses of the coupon that other verifications' checkouts held past
// CouponHold, cancelling their intents first. It reports whether any use was freed.
func (s *Payments) reclaimLapsed(ctx context.Context, code string, except int64) (bool, error) {
	holds, err := s.coupons.Lapsed(ctx, code, s.clock.Now())
	if err != nil {
		return false, err
	}
	freed := false
	for _, h := range holds {
		if h.VerificationID == except {
			continue
		}
		held := func(r *PaymentRecord) bool { return r.Checkout != h.Checkout }
		if err := s.closeOpen(ctx, nil, h.VerificationID, held, "its coupon hold lapsed"); err != nil {
			s.log.Warn("take back a lapsed coupon hold", "coupon", code, "verification", h.VerificationID, "error", err)
			continue
		}
		// A checkout that never recorded its intent finds its hold gone and cancels the intent itself.
		if err := s.coupons.ReleaseCheckout(ctx, h.VerificationID, h.Checkout); err != nil {
			return freed, err
		}
		freed = true
	}
	return freed, nil
}

// withReclaim runs quote, and once more after taking back lapsed holds when the coupon seemed used up.
func (s *Payments) withReclaim(ctx context.Context, code string, id int64, quote func() error) error {
	err := quote()
	if !errors.Is(err, pricing.ErrCouponExhausted) {
		return err
	}
	if freed, rerr := s.reclaimLapsed(ctx, code, id); rerr != nil || !freed {
		return errors.Join(err, rerr)
	}
	return quote()
}

// chargeable says whether rec's intent may still be charged for v: open, still due, priced for the
// verification as it is now, and with its coupon use held by this very checkout (a checkout without
// a coupon holds none).
func (s *Payments) chargeable(ctx context.Context, v *verification.Verification, rec *PaymentRecord) error {
	if !rec.Open() {
		return ErrCheckoutClosed
	}
	if err := ensurePayable(v, rec.Purpose); err != nil {
		return err
	}
	if !s.priced(v, rec) {
		return ErrCheckoutClosed
	}
	if rec.Purpose != PurposeVerification {
		return nil
	}
	h, err := s.coupons.Hold(ctx, v.ID())
	switch {
	case isNotFound(err):
		if rec.CouponCode != "" {
			return ErrCheckoutClosed
		}
		return nil
	case err != nil:
		return err
	case h.Code != rec.CouponCode || h.Checkout != rec.Checkout:
		return ErrCheckoutClosed
	}
	return nil
}

// priced reports whether rec's amount is what its purpose costs v now.
func (s *Payments) priced(v *verification.Verification, rec *PaymentRecord) bool {
	want := pricing.UpgradePrice()
	if rec.Purpose != PurposeUpgrade {
		base, err := pricing.TierPrice(v.Tier().String())
		if err != nil {
			return false
		}
		want = pricing.Apply(base, rec.DiscountPercent).Final
	}
	return want.Amount == rec.Amount && string(want.Currency) == rec.Currency
}
