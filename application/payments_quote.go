package application

import (
	"context"
	"errors"
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
	code = pricing.NormalizeCode(code)
	if code == "" {
		return pricing.Apply(base, 0), nil
	}
	var q pricing.Quote
	err = s.withReclaim(ctx, code, verificationID, func() (err error) {
		q, _, err = s.quoteCoupon(ctx, s.coupons.Get, base, verificationID, code)
		return err
	})
	return q, err
}

// CouponHold is how long a checkout holds one use of a coupon with a redemption limit before
// another checkout may take it back, which it does only after cancelling the holder's intent.
const CouponHold = time.Hour

// hold prepares checkout, priced from base, for verification id in one transaction under the
// verification's lock: it must be the verification's only open checkout and base still its price.
// With a coupon it holds one use under the coupon's lock, so that parallel checkouts cannot all be
// promised the last use of a limited coupon; without one it gives back what an earlier checkout
// held (that checkout was closed first). A 100% coupon holds nothing: payWithCoupon redeems it.
func (s *Payments) hold(ctx context.Context, purpose PaymentPurpose, base pricing.Money, id int64, code, checkout string) (q pricing.Quote, c *pricing.Coupon, err error) {
	err = s.withReclaim(ctx, code, id, func() error {
		return s.tx.WithinTx(ctx, func(ctx context.Context) error {
			v, err := s.repo.GetForUpdate(ctx, id)
			if err != nil {
				return err
			}
			if err := ensurePayable(v, purpose); err != nil {
				return err
			}
			if now, err := checkoutBase(v, purpose); err != nil || now != base {
				return errors.Join(err, ErrCheckoutRace) // the tier changed since the checkout was priced
			}
			recs, err := s.records.ForVerification(ctx, id)
			if err != nil {
				return err
			}
			for _, r := range recs {
				if r.Open() && r.Checkout != checkout {
					return ErrCheckoutRace
				}
			}
			if code == "" {
				q = pricing.Apply(base, 0)
				if purpose != PurposeVerification {
					return nil
				}
				return s.coupons.Release(ctx, id)
			}
			if q, c, err = s.quoteCoupon(ctx, s.coupons.GetForUpdate, base, id, code); err != nil || q.Free() {
				return err
			}
			now := s.clock.Now()
			return s.coupons.Reserve(ctx, code, id, checkout, now, now.Add(CouponHold))
		})
	})
	return q, c, err
}

// couponPercent is the discount of the coupon named by code (0 without one), if it can be used now;
// whether a use is left is decided when the checkout holds it.
func (s *Payments) couponPercent(ctx context.Context, code string) (int, error) {
	if code == "" {
		return 0, nil
	}
	c, err := s.coupons.Get(ctx, code)
	if isNotFound(err) {
		return 0, pricing.ErrCouponInvalid
	}
	if err != nil {
		return 0, fmt.Errorf("load coupon: %w", err)
	}
	if err := c.Check(s.clock.Now()); err != nil {
		return 0, err
	}
	return c.Percent(), nil
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
	held, err := s.coupons.Held(ctx, code, id)
	if err != nil {
		return pricing.Quote{}, nil, err
	}
	q, err := c.Quote(base, s.clock.Now(), held)
	return q, c, err
}
