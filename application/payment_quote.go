package application

import (
	"context"
	"fmt"

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
	q, _, err := s.quote(ctx, base, code)
	return q, err
}

// quote applies the coupon named by code (none when empty) to base.
func (s *Payments) quote(ctx context.Context, base pricing.Money, code string) (pricing.Quote, *pricing.Coupon, error) {
	code = pricing.NormalizeCode(code)
	if code == "" {
		return pricing.Apply(base, 0), nil, nil
	}
	c, err := s.coupons.Get(ctx, code)
	if isNotFound(err) {
		return pricing.Quote{}, nil, pricing.ErrCouponInvalid
	}
	if err != nil {
		return pricing.Quote{}, nil, fmt.Errorf("load coupon: %w", err)
	}
	q, err := c.Quote(base, s.clock.Now())
	return q, c, err
}
