package application

import (
	"context"
	"fmt"
	"strconv"

	"github.com/tttverify/tttverify/domain/pricing"
	"github.com/tttverify/tttverify/domain/verification"
)

// IntentResult is a payment the browser can complete, or the news that nothing is left to pay.
type IntentResult struct {
	IntentID     string
	ClientSecret string // empty when Paid
	Purpose      PaymentPurpose
	Quote        pricing.Quote
	CouponCode   string // empty without a coupon
	Paid         bool   // a 100% coupon paid the verification; no card is needed
	Verification *verification.Verification
}

// CreatePaymentIntent prices a payment on the server (tier, purpose and coupon) and opens an intent
// for it with the provider. Asking again for the same payment returns the same intent; a different
// one (another coupon, none, another tier) first cancels the open intent at the provider, so that a
// verification has one payable checkout at a time. A coupon that leaves nothing to pay marks the
// verification paid at once.
func (s *Payments) CreatePaymentIntent(ctx context.Context, actor *User, verificationID int64, couponCode string,
	purpose PaymentPurpose) (*IntentResult, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, verificationID)
	if err != nil {
		return nil, err
	}
	code := pricing.NormalizeCode(couponCode)
	if purpose == PurposeUpgrade && code != "" {
		return nil, fieldError("couponCode", "Coupons apply to the verification fee only, not to upgrades")
	}
	if purpose != PurposeVerification && purpose != PurposeUpgrade {
		return nil, fieldError("purpose", "purpose must be verification or upgrade")
	}
	if err := ensurePayable(v, purpose); err != nil {
		return nil, err
	}
	base, err := checkoutBase(v, purpose)
	if err != nil {
		return nil, err
	}
	percent, err := s.couponPercent(ctx, code)
	if err != nil {
		return nil, err
	}
	amount := pricing.Apply(base, percent).Final
	same := func(r *PaymentRecord) bool {
		return r.Checkout != "" && r.Purpose == purpose && r.Amount == amount.Amount && r.Currency == string(amount.Currency) &&
			r.CouponCode == code
	}
	if err := s.closeOpen(ctx, actor, v.ID(), same, "replaced by a new checkout"); err != nil {
		return nil, err
	}
	checkout, err := s.checkoutKey(ctx, v, purpose, amount, code, same)
	if err != nil {
		return nil, err
	}
	q, coupon, err := s.hold(ctx, purpose, base, v.ID(), code, checkout)
	if err != nil {
		return nil, err
	}
	if coupon != nil {
		code = coupon.Code()
	}
	if q.Free() {
		v, err := s.payWithCoupon(ctx, actor, verificationID, code)
		if err != nil {
			return nil, err
		}
		return &IntentResult{Purpose: purpose, Quote: q, CouponCode: code, Paid: true, Verification: v}, nil
	}

	intent, err := s.gateway.CreateIntent(ctx, NewPaymentIntent{
		Amount: q.Final.Amount, Currency: string(q.Final.Currency), VerificationID: v.ID(), UserID: actor.ID,
		Purpose: purpose, CouponCode: code, ReceiptEmail: actor.Email,
		Description:    fmt.Sprintf("TTT Verify %s verification #%d (%s)", v.Tier().Label(), v.ID(), purpose),
		IdempotencyKey: checkout,
	})
	if err != nil {
		if code != "" { // the failed checkout's hold would keep the coupon's last use from others
			if rerr := s.coupons.ReleaseCheckout(context.WithoutCancel(ctx), v.ID(), checkout); rerr != nil {
				s.log.Error("release coupon hold", "verification", v.ID(), "error", rerr)
			}
		}
		return nil, err
	}
	if intent.Amount != q.Final.Amount || intent.Currency != string(q.Final.Currency) {
		return nil, fmt.Errorf("%w: provider opened intent %s for %d %s, asked for %d %s", ErrPaymentProvider,
			intent.ID, intent.Amount, intent.Currency, q.Final.Amount, q.Final.Currency)
	}
	now := s.clock.Now()
	rec := &PaymentRecord{IntentID: intent.ID, VerificationID: v.ID(), UserID: actor.ID,
		Provider: s.gateway.Provider(), Purpose: purpose, Amount: q.Final.Amount, Currency: string(q.Final.Currency),
		CouponCode: code, DiscountPercent: q.Percent, Status: RecordCreated, Checkout: checkout, CreatedAt: now, UpdatedAt: now}
	if err := s.addCheckout(ctx, actor, rec); err != nil {
		return nil, err
	}
	return &IntentResult{IntentID: intent.ID, ClientSecret: intent.ClientSecret, Purpose: purpose, Quote: q,
		CouponCode: code, Verification: v}, nil
}

// checkoutBase is what the purpose costs v before any coupon.
func checkoutBase(v *verification.Verification, purpose PaymentPurpose) (pricing.Money, error) {
	if purpose == PurposeUpgrade {
		return pricing.UpgradePrice(), nil
	}
	return pricing.TierPrice(v.Tier().String())
}

// checkoutKey is the idempotency key of the checkout: the open one that same names, or a new one.
// It counts the verification's closed checkouts, so that a payment asked for again after its intent
// was cancelled opens a new intent instead of getting the cancelled one back.
func (s *Payments) checkoutKey(ctx context.Context, v *verification.Verification, purpose PaymentPurpose,
	amount pricing.Money, code string, same func(*PaymentRecord) bool) (string, error) {
	recs, err := s.records.ForVerification(ctx, v.ID())
	if err != nil {
		return "", err
	}
	closed := 0
	for _, r := range recs {
		switch {
		case r.Open() && same(r):
			return r.Checkout, nil
		case !r.Open() && r.Status != RecordSucceeded:
			closed++
		}
	}
	return fmt.Sprintf("ttt-verification-%d-%s-%s-%d-%s-%s-%d", v.ID(), purpose, v.Tier(), amount.Amount, amount.Currency,
		code, closed), nil
}

// addCheckout records an opened intent under the verification's lock. A checkout that lost a race
// while its intent was being opened (another checkout took the verification's coupon hold, or the
// tier changed) is closed again at once and the applicant asked to retry.
func (s *Payments) addCheckout(ctx context.Context, actor *User, rec *PaymentRecord) error {
	lost := false
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.GetForUpdate(ctx, rec.VerificationID)
		if err != nil {
			return err
		}
		if err := s.records.Add(ctx, rec); err != nil {
			return fmt.Errorf("record intent %s: %w", rec.IntentID, err)
		}
		cur, err := s.records.Get(ctx, rec.IntentID)
		if err != nil {
			return err
		}
		lost = s.chargeable(ctx, v, cur) != nil
		return nil
	})
	if err != nil || !lost {
		return err
	}
	if err := s.closeCheckout(ctx, actor, rec, "another checkout was opened at the same time"); err != nil {
		return err
	}
	return ErrCheckoutRace
}

// CouponPaymentPrefix starts the payment ID of a verification a 100% coupon paid: "coupon_" and
// the code. No card payment, and so no payment row, exists for it.
const CouponPaymentPrefix = "coupon_"

// payWithCoupon marks the owner's verification paid by a 100% coupon in one transaction: the
// coupon is checked again under its lock, its redemption counted once, the receipt queued and the
// administrators told that the verification entered review.
func (s *Payments) payWithCoupon(ctx context.Context, actor *User, id int64, code string) (*verification.Verification, error) {
	return inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := ownedBy(ctx, s.repo.GetForUpdate, actor, id)
		if err != nil {
			return nil, err
		}
		from := v.Status()
		if err := v.EnsurePaymentDue(); err != nil {
			return nil, err
		}
		c, err := s.coupons.GetForUpdate(ctx, code)
		if err != nil {
			return nil, fmt.Errorf("lock coupon %s: %w", code, err)
		}
		now := s.clock.Now()
		if err := c.Check(now); err != nil {
			return nil, err
		}
		if err := v.MarkPaid(0, CouponPaymentPrefix+code, now); err != nil {
			return nil, err
		}
		if err := saveChange(ctx, s.repo, s.audit, actor, v, "payment.succeeded", from,
			"paid 0 usd with 100% coupon "+code); err != nil {
			return nil, err
		}
		if err := s.redeem(ctx, actor, v, c, from); err != nil { // checked again under the lock: the last use cannot go twice
			return nil, err
		}
		if err := s.sendReceipt(ctx, v, receipt{key: "coupon:" + strconv.FormatInt(v.ID(), 10),
			purpose: PurposeVerification, currency: string(pricing.USD), coupon: code, percent: 100, test: !s.live(),
			paidAt: s.clock.Now()}); err != nil {
			return nil, err
		}
		return v, s.notify.ReviewEntered(ctx, v)
	})
}
