package application

import (
	"context"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/pricing"
)

// ValidateCoupon quotes the actor's submitted verification with a coupon.
func (s *Payments) ValidateCoupon(ctx context.Context, actor *User, verificationID int64, code string) (pricing.Quote, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, verificationID)
	if err != nil {
		return pricing.Quote{}, err
	}
	if err := v.EnsurePaymentDue(); err != nil {
		return pricing.Quote{}, err
	}
	base, err := pricing.TierPrice(v.Tier().String())
	if err != nil {
		return pricing.Quote{}, err
	}
	q, _, err := s.quote(ctx, base, verificationID, code)
	return q, err
}

// CouponHold is how long opening a checkout holds one use of a coupon with a redemption limit.
const CouponHold = time.Hour

// quote applies the coupon named by code (none when empty) to base for verification id; uses that
// other checkouts hold count as taken.
func (s *Payments) quote(ctx context.Context, base pricing.Money, id int64, code string) (pricing.Quote, *pricing.Coupon, error) {
	code = pricing.NormalizeCode(code)
	if code == "" {
		return pricing.Apply(base, 0), nil, nil
	}
	return s.quoteCoupon(ctx, s.coupons.Get, base, id, code)
}

// quoteAndHold is quote for opening a checkout. Under the coupon's lock it holds one use for the
// verification for CouponHold, so that parallel checkouts cannot all be promised the last use of
// a limited coupon. A 100% coupon holds nothing: payWithCoupon redeems it at once.
func (s *Payments) quoteAndHold(ctx context.Context, base pricing.Money, id int64, code string) (q pricing.Quote, c *pricing.Coupon, err error) {
	code = pricing.NormalizeCode(code)
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if code == "" { // a checkout without a coupon gives back what an earlier one held
			q = pricing.Apply(base, 0)
			return s.coupons.Release(ctx, id)
		}
		if q, c, err = s.quoteCoupon(ctx, s.coupons.GetForUpdate, base, id, code); err != nil || q.Free() {
			return err
		}
		now := s.clock.Now()
		return s.coupons.Reserve(ctx, code, id, now, now.Add(CouponHold))
	})
	return q, c, err
}

func (s *Payments) quoteCoupon(ctx context.Context, load func(context.Context, string) (*pricing.Coupon, error),
	base pricing.Money, id int64, code string) (pricing.Quote, *pricing.Coupon, error) {
	c, err := load(ctx, code)
	if isNotFound(err) {
		return pricing.Quote{}, nil, pricing.ErrCouponInvalid
	}
	if err != nil {
		return pricing.Quote{}, nil, fmt.Errorf("load coupon: %w", err)
	}
	now := s.clock.Now()
	held, err := s.coupons.Held(ctx, code, id, now)
	if err != nil {
		return pricing.Quote{}, nil, err
	}
	q, err := c.Quote(base, now, held)
	return q, c, err
}
