package persistence

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/tttverify/tttverify/application"
)

// Charts computes the admin dashboard's figures with one grouped query each, on indexes the
// chart migration adds (audit events and settled payments by time, the review queue by payment).
type Charts struct{ db *DB }

// NewCharts returns the chart queries on db.
func NewCharts(db *DB) *Charts { return &Charts{db: db} }

var _ application.ChartReader = (*Charts)(nil)

// weekOf is the whole weeks from the first argument to col, both in UTC.
func (r *Charts) weekOf(col string) string {
	return r.whole(r.hours(r.timeParam(), col) + " / 168")
}

// whole rounds a non-negative number down (SQLite's CAST truncates; PostgreSQL's rounds).
func (r *Charts) whole(expr string) string {
	if r.db.postgres {
		return "FLOOR(" + expr + ")::bigint"
	}
	return "CAST(" + expr + " AS INTEGER)"
}

// timeParam is a time argument, typed where PostgreSQL cannot infer it.
func (r *Charts) timeParam() string {
	if r.db.postgres {
		return "?::timestamptz"
	}
	return "?"
}

// hours is the hours from start to end.
func (r *Charts) hours(start, end string) string {
	if r.db.postgres {
		return "(EXTRACT(EPOCH FROM (" + end + " - " + start + ")) / 3600)::float8"
	}
	return "((julianday(" + end + ") - julianday(" + start + ")) * 24)"
}

// decisionEvents are the audit trail's decisions: a submitted or in-review verification approved or rejected.
const decisionEvents = "e.from_status IN ('submitted', 'in_review') AND e.to_status IN ('approved', 'rejected')"

// Transitions counts submissions and decisions per week from the audit trail; on PostgreSQL from
// the per-day counts its triggers keep (audit_transition_days), exact because from, a week's start,
// is a UTC midnight.
func (r *Charts) Transitions(ctx context.Context, from time.Time) ([]application.ChartPoint, error) {
	if r.db.postgres {
		q := "SELECT " + r.weekOf("d.day") + " AS week, d.series, CAST(SUM(d.n) AS DOUBLE PRECISION) AS value " +
			"FROM audit_transition_days AS d WHERE d.day >= ? GROUP BY 1, 2"
		return r.points(ctx, "count transitions", q, from, from)
	}
	q := "SELECT " + r.weekOf("e.created_at") + " AS week, " +
		"CASE WHEN e.from_status = 'draft' THEN 'submitted' ELSE e.to_status END AS series, CAST(COUNT(*) AS DOUBLE PRECISION) AS value " +
		"FROM audit_events AS e WHERE e.created_at >= ? AND ((e.from_status = 'draft' AND e.to_status IN ('submitted', 'in_review')) OR " +
		decisionEvents + ") GROUP BY 1, 2"
	return r.points(ctx, "count transitions", q, from, from)
}

// DecisionTimes ranks each week's decisions by the hours the verification had been in review
// and picks the nearest ranks of the median, ceil(n/2), and of the 90th percentile, ceil(0.9 n),
// beside their count. A decision's wait starts at the verification's last entry into review
// before it (its payment, a paid resubmission, a paid upgrade; not a claim or a first approval,
// which leave it in review), or at its payment when the trail has none. On PostgreSQL the waits
// come from the per-week counts its triggers keep (decision_wait_hours), each rank read as the
// first whole hour whose running count reaches it (SQLite ranks the exact waits).
func (r *Charts) DecisionTimes(ctx context.Context, from time.Time) ([]application.ChartPoint, error) {
	if r.db.postgres {
		// Running sums as whole numbers, so that the ranks divide as the other engine's ROW_NUMBER arithmetic does.
		q := "WITH h AS (SELECT d.week, d.hours, CAST(SUM(d.n) OVER (PARTITION BY d.week ORDER BY d.hours) AS BIGINT) AS cum, " +
			"CAST(SUM(d.n) OVER (PARTITION BY d.week) AS BIGINT) AS total FROM decision_wait_hours AS d WHERE d.week >= ? AND d.n > 0), " +
			"k AS (SELECT " + r.weekOf("h.week") + " AS week, MIN(h.hours) FILTER (WHERE h.cum >= (h.total + 1) / 2) AS median, " +
			"MIN(h.hours) FILTER (WHERE h.cum >= (9 * h.total + 9) / 10) AS p90, MAX(h.total) AS decided FROM h GROUP BY 1) " +
			"SELECT week, 'median' AS series, CAST(median AS DOUBLE PRECISION) AS value FROM k " +
			"UNION ALL SELECT week, 'p90', CAST(p90 AS DOUBLE PRECISION) FROM k " +
			"UNION ALL SELECT week, 'decided', CAST(decided AS DOUBLE PRECISION) FROM k"
		return r.points(ctx, "rank decision times", q, from, from)
	}
	entered := "COALESCE((SELECT x.created_at FROM audit_events AS x WHERE x.verification_id = e.verification_id " +
		"AND x.to_status = 'in_review' AND COALESCE(x.from_status, '') <> 'in_review' AND x.id < e.id ORDER BY x.id DESC LIMIT 1), v.payment_date)"
	q := "WITH w AS (SELECT e.created_at AS decided, " + entered + " AS entered " +
		"FROM audit_events AS e JOIN verifications AS v ON v.id = e.verification_id WHERE e.created_at >= ? AND " + decisionEvents + "), " +
		"d AS (SELECT " + r.weekOf("decided") + " AS week, " + r.hours("entered", "decided") + " AS hours FROM w WHERE entered IS NOT NULL), " +
		"r AS (SELECT week, hours, ROW_NUMBER() OVER (PARTITION BY week ORDER BY hours) AS n, COUNT(*) OVER (PARTITION BY week) AS total FROM d) " +
		"SELECT week, 'median' AS series, hours AS value FROM r WHERE n = (total + 1) / 2 " +
		"UNION ALL SELECT week, 'p90' AS series, hours AS value FROM r WHERE n = (9 * total + 9) / 10 " +
		"UNION ALL SELECT week, 'decided' AS series, CAST(COUNT(*) AS DOUBLE PRECISION) AS value FROM d GROUP BY week"
	return r.points(ctx, "rank decision times", q, from, from)
}

// QueueAges counts the in-review verifications by whole days since payment (since their last
// change when no payment date was recorded), the last group holding maxDays and more. Only the
// recent ones are grouped, read by range from the queue's payment index; the last group is the
// maintained count in review less them, so a long queue is not read row by row.
func (r *Charts) QueueAges(ctx context.Context, now time.Time, maxDays int) ([]application.ChartPoint, error) {
	cutoff := now.Add(-time.Duration(maxDays) * 24 * time.Hour)
	// Two ranges of the index rather than an OR, so that each is read from the index alone.
	days := "SELECT " + r.whole(r.hours("COALESCE(v.payment_date, v.updated_at)", r.timeParam())+" / 24") + " AS days " +
		"FROM verifications AS v WHERE v.status = 'in_review' AND NOT v.deleted AND "
	q := "SELECT days AS week, 'verifications' AS series, CAST(COUNT(*) AS DOUBLE PRECISION) AS value FROM (" +
		days + "v.payment_date > ? UNION ALL " + days + "v.payment_date IS NULL AND v.updated_at > ?) AS q GROUP BY 1"
	points, err := r.points(ctx, "count the queue's recent ages", q, now, cutoff, now, cutoff)
	if err != nil {
		return nil, err
	}
	var inReview int
	if err := conn(ctx, r.db).NewRaw("SELECT COALESCE(SUM(n), 0) FROM verification_counts WHERE status = 'in_review'").Scan(ctx, &inReview); err != nil {
		return nil, fmt.Errorf("count the queue: %w", err)
	}
	older := float64(inReview)
	for _, p := range points {
		older -= p.Value
	}
	if older > 0 {
		points = append(points, application.ChartPoint{Week: maxDays, Series: "verifications", Value: older})
	}
	return points, nil
}

// ScreeningHits counts the hits first found since from by list and status.
func (r *Charts) ScreeningHits(ctx context.Context, from time.Time) ([]application.ChartPoint, error) {
	q := "SELECT h.source AS key, h.status AS series, CAST(COUNT(*) AS DOUBLE PRECISION) AS value FROM screening_hits AS h " +
		"JOIN screening_runs AS s ON s.id = h.first_run_id WHERE s.created_at >= ? GROUP BY h.source, h.status ORDER BY h.source"
	return r.points(ctx, "count screening hits", q, from)
}

// Revenue sums settled, unrefunded payments per week by tier, and the coupons' discounts as the
// full price less what was paid.
func (r *Charts) Revenue(ctx context.Context, from time.Time, prices application.ChartPrices) ([]application.ChartPoint, error) {
	settled := " FROM payments AS p JOIN verifications AS v ON v.id = p.verification_id " +
		"WHERE p.status = 'succeeded' AND p.refund_id = '' AND p.updated_at >= ?"
	q := "SELECT " + r.weekOf("p.updated_at") + " AS week, v.tier AS series, CAST(SUM(p.amount) AS DOUBLE PRECISION) AS value" + settled + " GROUP BY 1, 2 " +
		"UNION ALL SELECT " + r.weekOf("p.updated_at") + " AS week, 'discounts' AS series, " +
		"CAST(SUM(CASE WHEN p.purpose = 'upgrade' THEN ? WHEN v.tier = 'top' THEN ? ELSE ? END - p.amount) AS DOUBLE PRECISION) AS value" +
		settled + " AND p.discount_percent > 0 GROUP BY 1, 2" +
		" UNION ALL SELECT " + r.weekOf("v.payment_date") + " AS week, 'discounts' AS series, " +
		"CAST(SUM(CASE WHEN v.tier = 'top' THEN ? ELSE ? END) AS DOUBLE PRECISION) AS value FROM verifications AS v " +
		"WHERE " + paidByCoupon + " AND v.payment_date >= ? GROUP BY 1, 2"
	return r.points(ctx, "sum revenue", q, from, from, from, prices.Upgrade, prices.Top, prices.Basic, from,
		from, prices.Top, prices.Basic, from)
}

// paidByCoupon picks the verifications a 100% coupon paid, in the words of the partial index that
// reads them by payment date (migration 20261127271002), so the planner can use it.
var paidByCoupon = fmt.Sprintf("v.payment_status = 'paid' AND substr(v.payment_id, 1, %d) = '%s'",
	len(application.CouponPaymentPrefix), application.CouponPaymentPrefix)

type chartRow struct {
	Week   int     `bun:"week"`
	Key    string  `bun:"key"`
	Series string  `bun:"series"`
	Value  float64 `bun:"value"`
}

func (r *Charts) points(ctx context.Context, what, q string, args ...any) ([]application.ChartPoint, error) {
	var rows []chartRow
	if err := conn(ctx, r.db).NewRaw(q, args...).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	out := make([]application.ChartPoint, len(rows))
	for i, row := range rows {
		// Hours to a tenth: the engines' date arithmetic differs in its last digits.
		out[i] = application.ChartPoint{Week: row.Week, Key: row.Key, Series: row.Series, Value: math.Round(row.Value*10) / 10}
	}
	return out, nil
}
