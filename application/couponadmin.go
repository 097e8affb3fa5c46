package application

import (
	"context"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/pricing"
)

// CouponAdmin holds the coupon administration use cases (the `coupon` subcommand).
type CouponAdmin struct {
	tx      Transactor
	coupons Coupons
	clock   Clock
}

// NewCouponAdmin wires the coupon administration use cases.
func NewCouponAdmin(tx Transactor, coupons Coupons, clock Clock) *CouponAdmin {
	return &CouponAdmin{tx: tx, coupons: coupons, clock: clock}
}

// Create adds an active coupon. maxRedemptions 0 is unlimited; expiresAt nil never expires.
func (s *CouponAdmin) Create(ctx context.Context, code string, percent, maxRedemptions int, expiresAt *time.Time) (*pricing.Coupon, error) {
	c, err := pricing.NewCoupon(code, percent, maxRedemptions, expiresAt, s.clock.Now())
	if err != nil {
		return nil, err
	}
	if err := s.coupons.Create(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// List returns every coupon.
func (s *CouponAdmin) List(ctx context.Context) ([]*pricing.Coupon, error) {
	return s.coupons.List(ctx)
}

// Disable stops a coupon from being used again; payments already quoted with it are honoured.
func (s *CouponAdmin) Disable(ctx context.Context, code string) (*pricing.Coupon, error) {
	var out *pricing.Coupon
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		c, err := s.coupons.GetForUpdate(ctx, pricing.NormalizeCode(code))
		if err != nil {
			return fmt.Errorf("coupon %s: %w", pricing.NormalizeCode(code), err)
		}
		c.Disable(s.clock.Now())
		out = c
		return s.coupons.Save(ctx, c)
	})
	return out, err
}
