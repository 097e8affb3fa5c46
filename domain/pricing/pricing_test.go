package pricing

import (
	"errors"
	"testing"
	"time"
)

func TestTierPrices(t *testing.T) {
	for _, tc := range []struct {
		tier string
		want int64
	}{{"basic", 4900}, {"top", 29900}} {
		got, err := TierPrice(tc.tier)
		if err != nil || got != Cents(tc.want) {
			t.Errorf("TierPrice(%q) = %v, %v; want %d usd", tc.tier, got, err, tc.want)
		}
	}
	if _, err := TierPrice("gold"); !errors.Is(err, ErrUnknownTier) {
		t.Errorf("TierPrice(gold) error = %v, want ErrUnknownTier", err)
	}
	if got := UpgradePrice(); got != Cents(25000) {
		t.Errorf("UpgradePrice() = %v, want 25000 usd", got)
	}
}

func TestApply(t *testing.T) {
	for _, tc := range []struct {
		name          string
		base          int64
		percent       int
		discount, fin int64
	}{
		{"no coupon", 4900, 0, 0, 4900},
		{"10% of basic", 4900, 10, 490, 4410},
		{"20% of basic", 4900, 20, 980, 3920},
		{"33% of basic rounds half up", 4900, 33, 1617, 3283},
		{"15% of top", 29900, 15, 4485, 25415},
		{"50% of top", 29900, 50, 14950, 14950},
		{"1% of 4950 is 49.5, rounds up to 50", 4950, 1, 50, 4900},
		{"1% of 4949 is 49.49, rounds down to 49", 4949, 1, 49, 4900},
		{"99% of basic leaves 49, raised to the minimum charge", 4900, 99, 4850, 50},
		{"99% of top", 29900, 99, 29601, 299},
		{"100% is free", 4900, 100, 4900, 0},
		{"100% of top is free", 29900, 100, 29900, 0},
		{"over 100 is capped, never below zero", 4900, 150, 4900, 0},
		{"negative percent is no discount", 4900, -5, 0, 4900},
		{"upgrade difference", 25000, 10, 2500, 22500},
		{"a base under the minimum is charged in full", 30, 10, 0, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := Apply(Cents(tc.base), tc.percent)
			if q.Discount != Cents(tc.discount) || q.Final != Cents(tc.fin) || q.Base != Cents(tc.base) {
				t.Errorf("Apply(%d, %d) = base %v discount %v final %v; want discount %d final %d",
					tc.base, tc.percent, q.Base, q.Discount, q.Final, tc.discount, tc.fin)
			}
			if q.Discount.Amount+q.Final.Amount != tc.base {
				t.Errorf("discount + final = %d, want base %d", q.Discount.Amount+q.Final.Amount, tc.base)
			}
			if q.Free() != (tc.fin == 0) {
				t.Errorf("Free() = %v", q.Free())
			}
		})
	}
}

func TestNewCoupon(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name    string
		code    string
		percent int
		max     int
		want    error
	}{
		{"valid", "welcome20", 20, 0, nil},
		{"100 percent", "FREE", 100, 1, nil},
		{"trimmed and upper-cased", "  spring-26 ", 5, 0, nil},
		{"too short", "AB", 10, 0, ErrCouponCode},
		{"bad characters", "TEN OFF", 10, 0, ErrCouponCode},
		{"zero percent", "ZERO", 0, 0, ErrCouponPercent},
		{"over 100 percent", "MORE", 101, 0, ErrCouponPercent},
		{"negative max", "NEG", 10, -1, ErrCouponMax},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := NewCoupon(tc.code, tc.percent, tc.max, nil, now)
			if !errors.Is(err, tc.want) {
				t.Fatalf("NewCoupon error = %v, want %v", err, tc.want)
			}
			if err == nil && c.Code() != NormalizeCode(tc.code) {
				t.Errorf("code = %q, want %q", c.Code(), NormalizeCode(tc.code))
			}
		})
	}
}

func TestCouponCheck(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	past, future := now.Add(-time.Second), now.Add(time.Hour)
	for _, tc := range []struct {
		name string
		snap CouponSnapshot
		want error
	}{
		{"usable", CouponSnapshot{Code: "OK", Percent: 10, Active: true}, nil},
		{"not yet expired", CouponSnapshot{Code: "OK", Percent: 10, Active: true, ExpiresAt: &future}, nil},
		{"expired", CouponSnapshot{Code: "OLD", Percent: 10, Active: true, ExpiresAt: &past}, ErrCouponExpired},
		{"expires exactly now", CouponSnapshot{Code: "NOW", Percent: 10, Active: true, ExpiresAt: &now}, ErrCouponExpired},
		{"exhausted", CouponSnapshot{Code: "MAX", Percent: 10, Active: true, MaxRedemptions: 2, Redemptions: 2}, ErrCouponExhausted},
		{"one use left", CouponSnapshot{Code: "MAX", Percent: 10, Active: true, MaxRedemptions: 2, Redemptions: 1}, nil},
		{"unlimited", CouponSnapshot{Code: "ANY", Percent: 10, Active: true, Redemptions: 1000}, nil},
		{"disabled", CouponSnapshot{Code: "OFF", Percent: 10, Active: false}, ErrCouponDisabled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := RestoreCoupon(tc.snap).Check(now); !errors.Is(err, tc.want) {
				t.Errorf("Check = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestCouponQuoteRedeemDisable(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	c, err := NewCoupon("half", 50, 1, nil, now)
	if err != nil {
		t.Fatal(err)
	}
	q, err := c.Quote(BasicPrice, now, 0)
	if err != nil || q.Final != Cents(2450) || q.Percent != 50 {
		t.Fatalf("Quote = %+v, %v; want final 2450", q, err)
	}
	if _, err := c.Quote(BasicPrice, now, 1); !errors.Is(err, ErrCouponExhausted) {
		t.Errorf("with its only use held by another checkout: %v, want exhausted", err)
	}
	if err := c.Redeem(now, 1); !errors.Is(err, ErrCouponExhausted) {
		t.Errorf("Redeem with the only use held by another checkout: %v, want exhausted", err)
	}
	if err := c.Redeem(now, 0); err != nil {
		t.Fatalf("Redeem of the only use: %v", err)
	}
	if err := c.Redeem(now, 0); !errors.Is(err, ErrCouponExhausted) {
		t.Errorf("second Redeem of a single-use coupon: %v, want exhausted", err)
	}
	if _, err := c.Quote(BasicPrice, now, 0); !errors.Is(err, ErrCouponExhausted) {
		t.Errorf("after the only redemption: %v, want exhausted", err)
	}
	if c.Snapshot().Redemptions != 1 {
		t.Errorf("redemptions = %d, want 1", c.Snapshot().Redemptions)
	}
	c.Disable(now)
	if err := c.Check(now); !errors.Is(err, ErrCouponDisabled) {
		t.Errorf("after disable: %v, want disabled", err)
	}
	// A quoted payment is honoured after the coupon was disabled or expired; only the limit stops it.
	unlimited, _ := NewCoupon("open", 10, 0, nil, now)
	unlimited.Disable(now)
	if err := unlimited.Redeem(now, 5); err != nil {
		t.Errorf("Redeem of a disabled unlimited coupon: %v, want the quoted payment honoured", err)
	}
}
