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
// for it with the provider. A coupon that leaves nothing to pay marks the verification paid at once.
func (s *Payments) CreatePaymentIntent(ctx context.Context, actor *User, verificationID int64, couponCode string,
	purpose PaymentPurpose) (*IntentResult, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, verificationID)
	if err != nil {
		return nil, err
	}
	var (
		q      pricing.Quote
		coupon *pricing.Coupon
	)
	switch purpose {
	case PurposeVerification:
		if err := v.EnsurePaymentDue(); err != nil {
			return nil, err
		}
		base, err := pricing.TierPrice(v.Tier().String())
		if err != nil {
			return nil, err
		}
		if q, coupon, err = s.quoteAndHold(ctx, base, v.ID(), couponCode); err != nil {
			return nil, err
		}
	case PurposeUpgrade:
		if err := v.EnsureUpgradePayable(); err != nil {
			return nil, err
		}
		if pricing.NormalizeCode(couponCode) != "" {
			return nil, fieldError("couponCode", "Coupons apply to the verification fee only, not to upgrades")
		}
		q = pricing.Apply(pricing.UpgradePrice(), 0)
	default:
		return nil, fieldError("purpose", "purpose must be verification or upgrade")
	}
	code := ""
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
		IdempotencyKey: fmt.Sprintf("ttt-verification-%d-%s-%s-%d-%s-%s", v.ID(), purpose, v.Tier(), q.Final.Amount, q.Final.Currency, code),
	})
	if err != nil {
		if code != "" { // the failed checkout's hold would keep the coupon's last use from others
			if rerr := s.coupons.Release(context.WithoutCancel(ctx), v.ID()); rerr != nil {
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
	err = s.records.Add(ctx, &PaymentRecord{IntentID: intent.ID, VerificationID: v.ID(), UserID: actor.ID,
		Provider: s.gateway.Provider(), Purpose: purpose, Amount: q.Final.Amount, Currency: string(q.Final.Currency),
		CouponCode: code, DiscountPercent: q.Percent, Status: RecordCreated, CreatedAt: now, UpdatedAt: now})
	if err != nil {
		return nil, fmt.Errorf("record intent %s: %w", intent.ID, err)
	}
	return &IntentResult{IntentID: intent.ID, ClientSecret: intent.ClientSecret, Purpose: purpose, Quote: q,
		CouponCode: code, Verification: v}, nil
}

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
		held, err := s.coupons.Held(ctx, code, id, now)
		if err != nil {
			return nil, err
		}
		if err := c.Available(now, held); err != nil { // checked again under the lock: the last use cannot go twice
			return nil, err
		}
		if err := v.MarkPaid(0, "coupon_"+code, now); err != nil {
			return nil, err
		}
		if err := saveChange(ctx, s.repo, s.audit, actor, v, "payment.succeeded", from,
			"paid 0 usd with 100% coupon "+code); err != nil {
			return nil, err
		}
		if err := s.redeem(ctx, actor, v, c, from); err != nil {
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
