package tests

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// chartSeed is the hand-counted history the chart tests read, the clock standing at Sunday
// 22 November 2026, 09:00 UTC (the week of Monday 16 November).
type chartSeed struct {
	e   *env
	t   *testing.T
	ctx context.Context
}

func at(day, hour int) time.Time { return time.Date(2026, 11, day, hour, 0, 0, 0, time.UTC) }

func (s chartSeed) exec(q string, args ...any) {
	s.t.Helper()
	if _, err := s.e.DB.NewRaw(q, args...).Exec(s.ctx); err != nil {
		s.t.Fatalf("%s: %v", q, err)
	}
}

func (s chartSeed) id(q string, args ...any) int64 {
	s.t.Helper()
	var id int64
	if err := s.e.DB.NewRaw(q+" RETURNING id", args...).Scan(s.ctx, &id); err != nil {
		s.t.Fatalf("%s: %v", q, err)
	}
	return id
}

// reviewed submits a verification at submittedAt, has it paid at paidAt and, when decision is
// approve or reject, decided at decidedAt by adm through HTTP.
func (s chartSeed) reviewed(c, adm *client, submittedAt, paidAt time.Time, decision string, decidedAt time.Time) api.Verification {
	s.t.Helper()
	v := s.e.inReview(s.t, c, "basic")
	s.exec("UPDATE audit_events SET created_at = ? WHERE verification_id = ? AND action = 'submit'", submittedAt, v.ID)
	s.exec("UPDATE verifications SET payment_date = ? WHERE id = ?", paidAt, v.ID)
	if decision != "" {
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/"+decision, map[string]string{"reason": "Business licence has expired"})
		s.exec("UPDATE audit_events SET created_at = ? WHERE verification_id = ? AND action = ?", decidedAt, v.ID, decision)
	}
	return v
}

func (s chartSeed) payment(v api.Verification, purpose string, amount int64, percent int, status, refund string, when time.Time) {
	s.t.Helper()
	s.exec("INSERT INTO payments (intent_id, verification_id, user_id, provider, purpose, amount, currency, coupon_code, discount_percent, status, refund_id, created_at, updated_at) "+
		"SELECT ?, id, user_id, 'simulated', ?, ?, 'usd', ?, ?, ?, ?, ?, ? FROM verifications WHERE id = ?",
		"pi_"+itoa(v.ID)+purpose+status, purpose, amount, map[bool]string{true: "SAVE", false: ""}[percent > 0], percent, status, refund, when, when, v.ID)
}

func chartOf(t *testing.T, adm *client, name, weeks string) api.Chart {
	t.Helper()
	var c api.Chart
	adm.must(http.StatusOK, "GET", "/api/admin/charts/"+name+"?weeks="+weeks, nil).JSON(t, &c)
	return c
}

func rowsOf(c api.Chart) map[string][]float64 {
	out := map[string][]float64{}
	for _, r := range c.Rows {
		out[r.Label] = r.Values
	}
	return out
}

// TestAdminCharts: each chart's figures are the hand-counted ones of the seeded history, weeks
// start on Monday in UTC, and only the last weeks asked for are counted.
func TestAdminCharts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		s := chartSeed{e: e, t: t, ctx: context.Background()}
		adm := e.admin(t)
		c := e.register(t, "trader@charts.example")
		// Week of 9 November: one submitted, paid and approved a day later.
		a := s.reviewed(c, adm, at(10, 10), at(10, 12), "approve", at(11, 12))
		// Week of 16 November: three submitted; one rejected 72 h after payment, one approved after 12 h,
		// one waiting 3 days; a fourth, submitted in September, has waited 10 days since payment.
		b := s.reviewed(c, adm, at(17, 10), at(17, 10), "reject", at(20, 10))
		s.reviewed(c, adm, at(18, 9), at(18, 9), "approve", at(18, 21))
		d := s.reviewed(c, adm, at(19, 9), at(19, 9), "", time.Time{})
		s.reviewed(c, adm, time.Date(2026, 9, 1, 9, 0, 0, 0, time.UTC), at(12, 9), "", time.Time{})
		// Submitted on Sunday 1 November, the last day of the week of 26 October; rejected on the Sunday
		// night before the range's first Monday, outside four weeks.
		s.reviewed(c, adm, at(1, 9), at(1, 9), "reject", time.Date(2026, 10, 25, 23, 0, 0, 0, time.UTC))
		top := fillVerification(t, c, "top")

		weeks := []string{"2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"}
		decisions := chartOf(t, adm, "decisions", "4")
		if diff := cmp.Diff(api.Chart{Name: "decisions", Weeks: 4, Unit: "count", Series: []string{"submitted", "approved", "rejected"},
			Rows: []api.ChartRow{{Label: weeks[0], Values: []float64{1, 0, 0}}, {Label: weeks[1], Values: []float64{0, 0, 0}},
				{Label: weeks[2], Values: []float64{1, 1, 0}}, {Label: weeks[3], Values: []float64{3, 1, 1}}}}, decisions); diff != "" {
			t.Errorf("decisions (-want +got):\n%s", diff)
		}
		if got := chartOf(t, adm, "decisions", "12"); len(got.Rows) != 12 || got.Rows[0].Label != "2026-08-31" || got.Rows[0].Values[0] != 1 || got.Rows[7].Values[2] != 1 {
			t.Errorf("decisions over 12 weeks %+v", got.Rows)
		}

		times := chartOf(t, adm, "decision-time", "4")
		promise := 48.0
		if diff := cmp.Diff(api.Chart{Name: "decision-time", Weeks: 4, Unit: "hours", Series: []string{"median", "p90", "decided"}, Reference: &promise,
			Rows: []api.ChartRow{{Label: weeks[0], Values: []float64{0, 0, 0}}, {Label: weeks[1], Values: []float64{0, 0, 0}},
				{Label: weeks[2], Values: []float64{24, 24, 1}}, {Label: weeks[3], Values: []float64{12, 72, 2}}}}, times); diff != "" {
			t.Errorf("decision times (-want +got):\n%s", diff)
		}

		ages := rowsOf(chartOf(t, adm, "queue-age", "4"))
		if ages["3–4 days"][0] != 1 || ages["7+ days"][0] != 1 || ages["0–1 days"][0] != 0 || len(ages) != 8 {
			t.Errorf("queue ages %v", ages)
		}

		s.payment(a, "verification", 4900, 0, "succeeded", "", at(11, 12))
		s.payment(b, "verification", 3920, 20, "succeeded", "", at(17, 10))
		s.payment(top, "verification", 29900, 0, "succeeded", "", at(18, 9))
		s.payment(d, "verification", 4900, 0, "failed", "", at(19, 9))
		s.payment(d, "upgrade", 25000, 0, "succeeded", "re_refunded", at(19, 10))
		// Two paid by a 100% coupon, with no payment row: a Basic one in the week of 16 November and a
		// Top one in the week of 9 November; their whole price is the discount.
		for _, free := range []struct {
			tier string
			when time.Time
		}{{"basic", at(18, 11)}, {"top", at(10, 9)}} {
			v := s.reviewed(c, adm, free.when, free.when, "", time.Time{})
			s.exec("UPDATE verifications SET tier = ?, payment_id = 'coupon_FREE100', payment_amount = 0 WHERE id = ?", free.tier, v.ID)
		}
		revenue := rowsOf(chartOf(t, adm, "revenue", "4"))
		if diff := cmp.Diff(map[string][]float64{weeks[0]: {0, 0, 0}, weeks[1]: {0, 0, 0}, weeks[2]: {4900, 0, 29900},
			weeks[3]: {3920, 29900, 980 + 4900}}, revenue); diff != "" {
			t.Errorf("revenue (-want +got):\n%s", diff)
		}

		version := s.id("INSERT INTO screening_list_versions (source, sha256, entry_count, imported_at, imported_by, parser_version, files, added, removed, changed) "+
			"VALUES ('un', 'x', 1, ?, 'test', 'un/1', '[]', 1, 0, 0)", at(1, 9))
		run := func(v api.Verification, when time.Time) int64 {
			return s.id("INSERT INTO screening_runs (verification_id, trigger, status, created_at) VALUES (?, 'submission', 'done', ?)", v.ID, when)
		}
		hit := func(v api.Verification, runID int64, source, key, status string) {
			s.exec("INSERT INTO screening_hits (verification_id, subject_key, check_kind, source, source_id, entry_version_id, score, matched_name, "+
				"explanation, status, first_run_id, last_run_id) VALUES (?, 'company', 'sanctions', ?, ?, ?, 0.9, 'X', '{}', ?, ?, ?)",
				v.ID, source, key, version, status, runID, runID)
		}
		recent, old := run(top, at(18, 9)), run(top, time.Date(2026, 9, 1, 9, 0, 0, 0, time.UTC))
		hit(top, recent, "un", "1", "open")
		hit(top, recent, "un", "2", "false_positive")
		hit(top, recent, "un", "3", "false_positive")
		hit(top, recent, "ofac", "4", "confirmed_match")
		hit(top, old, "un", "5", "confirmed_match")
		hits := chartOf(t, adm, "screening-hits", "4")
		if diff := cmp.Diff([]api.ChartRow{{Label: "ofac", Values: []float64{0, 1, 0, 0}}, {Label: "un", Values: []float64{1, 0, 2, 0}}}, hits.Rows); diff != "" {
			t.Errorf("screening hits (-want +got):\n%s", diff)
		}
		if got := chartOf(t, adm, "screening-hits", "52"); got.Rows[1].Values[1] != 1 {
			t.Errorf("screening hits over a year %+v", got.Rows)
		}
	})
}

// TestAdminChartsRefuse: a range other than 4, 12 or 52 weeks is a 400 naming the parameter, and
// only administrators read charts.
func TestAdminChartsRefuse(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		adm := e.admin(t)
		applicant := e.register(t, "nosy@charts.example")
		anon := e.client(t)
		for _, name := range []string{"decisions", "decision-time", "queue-age", "screening-hits", "revenue"} {
			path := "/api/admin/charts/" + name
			for _, weeks := range []string{"0", "5", "53", "-4", "twelve", "4.0"} {
				adm.mustFail(http.StatusBadRequest, api.Error{Message: "weeks must be 4, 12 or 52", Errors: map[string]string{"weeks": "weeks must be 4, 12 or 52"}},
					"GET", path+"?weeks="+weeks, nil)
			}
			if got := chartOf(t, adm, name, "52"); got.Weeks != 52 {
				t.Errorf("%s: weeks %d", name, got.Weeks)
			}
			applicant.must(http.StatusForbidden, "GET", path+"?weeks=4", nil)
			anon.must(http.StatusUnauthorized, "GET", path, nil)
		}
	})
}

// TestDecisionTimeFromTheLastEntryIntoReview: a verification rejected and resubmitted (paid once)
// is timed from its resubmission, not from its first payment a week before.
func TestDecisionTimeFromTheLastEntryIntoReview(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		s := chartSeed{e: e, t: t, ctx: context.Background()}
		adm := e.admin(t)
		c := e.register(t, "trader@resubmitted.example")
		v := s.reviewed(c, adm, at(9, 10), at(9, 10), "reject", at(10, 10))
		id := itoa(v.ID)
		c.must(http.StatusOK, "POST", "/api/verifications/"+id+"/resubmit", nil)
		c.must(http.StatusOK, "POST", "/api/verifications/"+id+"/submit", nil)
		s.exec("UPDATE audit_events SET created_at = ? WHERE verification_id = ? AND to_status = 'in_review'", at(16, 10), v.ID)
		// Claiming it for review leaves it in review: the wait goes on.
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+id+"/claim", nil)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+id+"/approve", nil)
		s.exec("UPDATE audit_events SET created_at = ? WHERE verification_id = ? AND action = 'approve'", at(17, 16), v.ID)

		rows := rowsOf(chartOf(t, adm, "decision-time", "4"))
		if diff := cmp.Diff(map[string][]float64{"2026-10-26": {0, 0, 0}, "2026-11-02": {0, 0, 0},
			"2026-11-09": {24, 24, 1}, "2026-11-16": {30, 30, 1}}, rows); diff != "" {
			t.Errorf("decision times (-want +got):\n%s", diff)
		}
	})
}

// TestSeededHistoryFeedsTheCharts: `seed` (the bench's data) leaves the trail the charts read:
// every seeded decision of the last 52 weeks is counted once, each after a wait of at most four days.
func TestSeededHistoryFeedsTheCharts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		if _, err := persistence.Seed(ctx, e.DB, persistence.SeedOptions{Verifications: 300, PerUser: 10,
			PasswordHash: "x", Now: e.clock.Now()}); err != nil {
			t.Fatal(err)
		}
		from := application.ChartWeekStart(e.clock.Now()).AddDate(0, 0, -7*51)
		want, err := e.DB.NewSelect().Table("audit_events").Where("action IN ('approve', 'reject') AND created_at >= ? AND created_at < ?",
			from, from.AddDate(0, 0, 7*52)).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		decided := 0.0
		for _, r := range chartOf(t, e.admin(t), "decision-time", "52").Rows {
			decided += r.Values[2]
			if r.Values[0] < 0 || r.Values[1] > 96 || r.Values[0] > r.Values[1] {
				t.Errorf("week %s: median %v h, p90 %v h", r.Label, r.Values[0], r.Values[1])
			}
		}
		if want < 50 || decided != float64(want) {
			t.Errorf("the chart counts %v decisions, the seeded trail has %d in range", decided, want)
		}
	})
}
