// Package pricing is what a verification costs: tier prices, coupons and the discount math. All money
// is int64 cents with a currency; the discount is computed and rounded in one place (Quote).
package pricing

import (
	"fmt"

	"github.com/tttverify/tttverify/domain/errs"
)

// Currency is an ISO 4217 code in lower case, as payment providers spell it.
type Currency string

// USD is the only currency the product charges in.
const USD Currency = "usd"

// Money is an amount in the currency's smallest unit (cents).
type Money struct {
	Amount   int64
	Currency Currency
}

// Cents is an amount of US cents.
func Cents(n int64) Money { return Money{Amount: n, Currency: USD} }

func (m Money) String() string {
	return fmt.Sprintf("%d.%02d %s", m.Amount/100, m.Amount%100, m.Currency)
}

// Prices of spec section 9, in cents.
var (
	BasicPrice = Cents(4900)
	TopPrice   = Cents(29900)
)

// MinimumCharge is the smallest amount a card provider accepts (Stripe: $0.50). A discount that
// would leave less than this (but more than nothing) charges the minimum instead.
const MinimumCharge int64 = 50

// Tier names as the verification aggregate spells them; pricing keeps to the standard library.
const (
	TierBasic = "basic"
	TierTop   = "top"
)

// ErrUnknownTier is returned for a tier that has no price.
var ErrUnknownTier = errs.Invalid("tier", "unknown tier")

// TierPrice is the full price of a verification in the named tier.
func TierPrice(tier string) (Money, error) {
	switch tier {
	case TierBasic:
		return BasicPrice, nil
	case TierTop:
		return TopPrice, nil
	}
	return Money{}, ErrUnknownTier.Detailf("%q", tier)
}

// UpgradePrice is what moving a paid Basic verification to Top costs: the difference (25000 cents).
func UpgradePrice() Money {
	return Money{Amount: TopPrice.Amount - BasicPrice.Amount, Currency: USD}
}

// Quote is a price after a percentage discount.
type Quote struct {
	Base     Money
	Percent  int   // 0 when no coupon applies
	Discount Money // Base - Final
	Final    Money
}

// Free reports whether nothing is left to pay.
func (q Quote) Free() bool { return q.Final.Amount == 0 }

// Apply discounts base by percent (0 to 100). This is the only place discounts are computed:
// the discount is base*percent/100 rounded half up to a whole cent, the final amount never goes
// below zero, and a final amount below MinimumCharge (but above zero) is raised to it.
func Apply(base Money, percent int) Quote {
	percent = max(0, min(percent, 100))
	off := (base.Amount*int64(percent) + 50) / 100
	final := max(base.Amount-off, 0)
	if final > 0 && final < MinimumCharge {
		final = min(MinimumCharge, base.Amount)
	}
	return Quote{
		Base:     base,
		Percent:  percent,
		Discount: Money{Amount: base.Amount - final, Currency: base.Currency},
		Final:    Money{Amount: final, Currency: base.Currency},
	}
}
