package application

import (
	"context"
	"time"
)

// ChartPoint is one figure a chart query groups: Week counts whole weeks from the range's first
// Monday (or, for the queue's age, whole days of waiting), Key names a group that is not a week
// (a list), Series names the figure's line or bar.
type ChartPoint struct {
	Week   int
	Key    string
	Series string
	Value  float64
}

// ChartReader computes the admin dashboard's figures in the database, each with one GROUP BY.
type ChartReader interface {
	// Transitions counts, per week since from (a week's start, ChartWeekStart), submissions
	// ("submitted") and decisions ("approved", "rejected") from the audit trail.
	Transitions(ctx context.Context, from time.Time) ([]ChartPoint, error)
	// DecisionTimes is, per week of decision since from, the median ("median") and 90th
	// percentile ("p90") of the hours from payment to the decision (nearest rank), and how many
	// decisions there were ("decided"), so that a week without any is not read as instant.
	DecisionTimes(ctx context.Context, from time.Time) ([]ChartPoint, error)
	// QueueAges counts the verifications in review now by whole days since they entered review
	// (Week holds the days, capped at maxDays).
	QueueAges(ctx context.Context, now time.Time, maxDays int) ([]ChartPoint, error)
	// ScreeningHits counts the screening hits first found since from by list (Key) and status (Series).
	ScreeningHits(ctx context.Context, from time.Time) ([]ChartPoint, error)
	// Revenue sums the cents of settled payments per week since from by tier (Series "basic",
	// "top") and what coupons took off the price (Series "discounts"), prices being the full ones.
	// A verification a 100% coupon paid (its payment ID starts with CouponPaymentPrefix) has no
	// payment row: its whole price counts as a discount in the week it was paid.
	Revenue(ctx context.Context, from time.Time, prices ChartPrices) ([]ChartPoint, error)
}

// ChartPrices are the full prices, in cents, a discount is measured against.
type ChartPrices struct{ Basic, Top, Upgrade int64 }
