package application

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/tttverify/tttverify/domain/pricing"
	"github.com/tttverify/tttverify/domain/verification"
)

// redeem counts a coupon's use by v once, however often the payment is confirmed; the use held
// since the checkout opened becomes a redemption. It never takes a use past the coupon's limit,
// the uses other checkouts hold counted (pricing.ErrCouponExhausted).
func (s *Payments) redeem(ctx context.Context, actor *User, v *verification.Verification, c *pricing.Coupon, from verification.Status) error {
	now := s.clock.Now()
	if err := s.coupons.Release(ctx, v.ID()); err != nil {
		return err
	}
	first, err := s.coupons.AddRedemption(ctx, c.Code(), v.ID(), now)
	if err != nil || !first {
		return err
	}
	held, err := s.coupons.Held(ctx, c.Code(), v.ID())
	if err != nil {
		return err
	}
	if err := c.Redeem(now, held); err != nil {
		return err
	}
	if err := s.coupons.Save(ctx, c); err != nil {
		return fmt.Errorf("save coupon %s: %w", c.Code(), err)
	}
	return record(ctx, s.audit, actor, v, "coupon.redeemed", from,
		fmt.Sprintf("coupon %s (%d%%)", c.Code(), c.Percent()))
}

// ConfirmPayment is the browser's report that a payment went through. It counts only once the
// provider confirms that the intent succeeded, was opened for this verification and amounts to
// what the server priced; a repeated report returns the verification unchanged.
func (s *Payments) ConfirmPayment(ctx context.Context, actor *User, verificationID int64, intentID string) (*verification.Verification, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, verificationID)
	if err != nil {
		return nil, err
	}
	if !v.Payment().Paid() {
		// Neither submitted nor paid: no payment of any kind can apply.
		if err := v.EnsurePaymentDue(); err != nil {
			return nil, err
		}
	}
	rec, err := s.records.Get(ctx, intentID)
	if isNotFound(err) || (err == nil && rec.VerificationID != v.ID()) {
		return nil, ErrPaymentMismatch
	}
	if err != nil {
		return nil, fmt.Errorf("load payment %s: %w", intentID, err)
	}
	if rec.Status == RecordSucceeded {
		return v, nil
	}
	payable := ensurePayable(v, rec.Purpose)
	intent, err := s.gateway.RetrieveIntent(ctx, intentID)
	if err != nil {
		return nil, err
	}
	if payable != nil && intent.Status != IntentSucceeded {
		return nil, payable
	}
	return s.settleOrRefund(ctx, actor, rec, intent)
}

func ensurePayable(v *verification.Verification, purpose PaymentPurpose) error {
	if purpose == PurposeUpgrade {
		return v.EnsureUpgradePayable()
	}
	return v.EnsurePaymentDue()
}

// settle applies a succeeded intent to its verification in one transaction, after checking it
// against the record the server made when it opened the intent and against what the verification
// costs now. An upgrade's payment puts the verification back in review and queues its Top checks;
// every payment queues its receipt, tells the administrators of a verification in review and
// counts its coupon once. A payment settled before (a webhook and the browser race) changes
// nothing. A genuine charge the verification can no longer take (cancelled checkout, changed price,
// paid already, coupon used up) is refused as *notHonoured, for the caller to refund. actor is nil
// for the provider's webhook.
func (s *Payments) settle(ctx context.Context, actor *User, rec *PaymentRecord, intent *PaymentIntent) (*verification.Verification, error) {
	reason := fmt.Sprintf("%s %d %s via %s", intent.ID, intent.Amount, intent.Currency, rec.Provider)
	if rec.Purpose == PurposeUpgrade {
		reason = "upgrade to top: " + reason
	}
	return inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := s.repo.GetForUpdate(ctx, rec.VerificationID)
		if err != nil {
			return nil, err
		}
		if actor != nil && !v.OwnedBy(actor.ID) {
			return nil, ErrNotFound
		}
		from := v.Status()
		// Read again under the verification's lock: a webhook and the browser may race.
		cur, err := s.records.Get(ctx, rec.IntentID)
		if err != nil {
			return nil, fmt.Errorf("load payment %s: %w", rec.IntentID, err)
		}
		if cur.Status == RecordSucceeded {
			return v, nil
		}
		if cur.RefundID != "" {
			return nil, ErrPaymentRefunded
		}
		if err := s.matches(v, cur, intent); err != nil {
			return nil, err
		}
		now := s.clock.Now()
		if cur.Purpose == PurposeUpgrade {
			err = v.CompletePaidUpgrade(cur.Amount, cur.IntentID, now)
		} else {
			err = v.MarkPaid(cur.Amount, cur.IntentID, now)
		}
		if err != nil {
			return nil, err
		}
		if err := saveChange(ctx, s.repo, s.audit, actor, v, "payment.succeeded", from, reason); err != nil {
			return nil, err
		}
		if err := s.records.SetStatus(ctx, cur.IntentID, RecordSucceeded, now); err != nil {
			return nil, fmt.Errorf("mark payment %s succeeded: %w", cur.IntentID, err)
		}
		if cur.Purpose == PurposeUpgrade {
			if err := record(ctx, s.audit, actor, v, "tier.upgraded", from, "basic to top, difference paid"); err != nil {
				return nil, err
			}
			if err := s.checks.ScreenSubmitted(ctx, v); err != nil { // back in review: the Top checks run now
				return nil, err
			}
			if from == verification.Approved {
				if err := s.follow.Alert(ctx, v, FollowUpgraded, now); err != nil {
					return nil, err
				}
			}
		}
		if err := s.sendReceipt(ctx, v, receipt{key: cur.IntentID, purpose: cur.Purpose, amount: cur.Amount,
			currency: cur.Currency, coupon: cur.CouponCode, percent: cur.DiscountPercent, brand: intent.CardBrand,
			last4: intent.CardLast4, test: !intent.Livemode, paidAt: now}); err != nil {
			return nil, err
		}
		if err := s.notify.ReviewEntered(ctx, v); err != nil {
			return nil, err
		}
		if cur.CouponCode == "" {
			return v, nil
		}
		c, err := s.coupons.GetForUpdate(ctx, cur.CouponCode)
		if err != nil {
			return nil, fmt.Errorf("lock coupon %s: %w", cur.CouponCode, err)
		}
		if err := s.redeem(ctx, actor, v, c, from); errors.Is(err, pricing.ErrCouponExhausted) {
			return nil, &notHonoured{why: "coupon " + cur.CouponCode + " has no use left"}
		} else if err != nil {
			return nil, err
		}
		return v, nil
	})
}

// matches checks a provider's intent against the server's record and the verification's price.
func (s *Payments) matches(v *verification.Verification, rec *PaymentRecord, intent *PaymentIntent) error {
	mismatch := func(what string) error {
		s.log.Warn("payment refused", "intent", intent.ID, "verification", v.ID(), "reason", what,
			"intent_status", intent.Status, "intent_amount", intent.Amount, "record_amount", rec.Amount)
		return ErrPaymentMismatch
	}
	if intent.Status != IntentSucceeded {
		return ErrPaymentNotSucceeded
	}
	switch {
	case intent.ID != rec.IntentID:
		return mismatch("intent id differs from the record")
	case intent.Metadata[MetaVerificationID] != strconv.FormatInt(rec.VerificationID, 10):
		return mismatch("intent metadata names another verification")
	case intent.Amount != rec.Amount || intent.Currency != rec.Currency:
		return mismatch("intent amount or currency differs from the record")
	}
	switch {
	case rec.CanceledAt != nil:
		return &notHonoured{why: "the checkout had been cancelled"}
	case !s.priced(v, rec):
		return &notHonoured{why: "the verification's price changed"}
	}
	if err := ensurePayable(v, rec.Purpose); err != nil {
		return &notHonoured{why: err.Error()}
	}
	return nil
}

// fail records a declined attempt. A first payment marks the verification's payment failed; it
// stays submitted so the applicant can try another card.
func (s *Payments) fail(ctx context.Context, actor *User, rec *PaymentRecord, intent *PaymentIntent) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.GetForUpdate(ctx, rec.VerificationID)
		if err != nil {
			return err
		}
		cur, err := s.records.Get(ctx, rec.IntentID)
		if err != nil {
			return fmt.Errorf("load payment %s: %w", rec.IntentID, err)
		}
		if cur.Status == RecordSucceeded {
			return nil // a late failure notice for an attempt that was retried successfully
		}
		now, from := s.clock.Now(), v.Status()
		if err := s.records.SetStatus(ctx, cur.IntentID, RecordFailed, now); err != nil {
			return fmt.Errorf("mark payment %s failed: %w", cur.IntentID, err)
		}
		if cur.Purpose == PurposeVerification && v.EnsurePaymentDue() == nil {
			if err := v.MarkPaymentFailed(cur.IntentID, now); err != nil {
				return err
			}
			if err := s.repo.Save(ctx, v); err != nil {
				return err
			}
		}
		reason := cur.IntentID
		if intent != nil && (intent.FailureCode != "" || intent.FailureMessage != "") {
			reason = fmt.Sprintf("%s: %s (%s)", cur.IntentID, intent.FailureMessage, intent.FailureCode)
		}
		return record(ctx, s.audit, actor, v, "payment.failed", from, reason)
	})
}
