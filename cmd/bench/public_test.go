package main

import "testing"

// A row made of turns counts every turn's requests over every turn's time, and shows each latency
// percentile at its worst turn, so a cold first turn is not averaged away.
func TestWorstOfTurns(t *testing.T) {
	r := worstOf([]result{
		{Requests: 3000, RPS: 1000, P50: 9, P95: 30, P99: 60},          // 3 s, cold
		{Requests: 9000, RPS: 3000, P50: 2, P95: 5, P99: 8},            // 3 s
		{Requests: 6000, RPS: 2000, P50: 3, P95: 6, P99: 9, Errors: 2}, // 3 s
	})
	if r.Requests != 18000 || r.RPS != 2000 {
		t.Errorf("requests %d at %.0f/s, want 18000 at 2000/s (18,000 over 9 s)", r.Requests, r.RPS)
	}
	if r.P50 != 9 || r.P95 != 30 || r.P99 != 60 {
		t.Errorf("percentiles %.0f / %.0f / %.0f, want the cold turn's 9 / 30 / 60", r.P50, r.P95, r.P99)
	}
	if r.Errors != 2 {
		t.Errorf("errors %d, want the last turn's 2", r.Errors)
	}
}

// A turn whose wrk failed leaves the row with an error, so judge misses it however fast the other
// turns ran.
func TestWorstOfMissesAFailedTurn(t *testing.T) {
	r := worstOf([]result{
		{Requests: 9000, RPS: 3000, P99: 8},
		{Note: "wrk failed: exit status 1", Verdict: "MISS"},
	})
	judge(&r, result{RPS: 3000}, coldBudget)
	if r.Verdict != "MISS" || r.Note == "" {
		t.Errorf("verdict %q, note %q: want a miss that says wrk failed", r.Verdict, r.Note)
	}
}

// The steady state must also keep its p99 under 20 ms; the cold pass, which reads every certificate
// from the database once, is judged on its throughput alone (issue 25's budget 3).
func TestPublicBudgets(t *testing.T) {
	for _, c := range []struct {
		name   string
		budget publicBudget
		row    result
		want   string
	}{
		{"steady, fast enough", steadyBudget, result{RPS: 960, P99: 19}, "pass"},
		{"steady, slow tail", steadyBudget, result{RPS: 990, P99: 22}, "MISS"},
		{"steady, too few", steadyBudget, result{RPS: 940, P99: 5}, "MISS"},
		{"cold, slow tail", coldBudget, result{RPS: 700, P99: 70}, "pass"},
		{"cold, too few", coldBudget, result{RPS: 590, P99: 5}, "MISS"},
		{"cold, a failed request", coldBudget, result{RPS: 700, Errors: 1}, "MISS"},
	} {
		r := c.row
		judge(&r, result{RPS: 1000}, c.budget)
		if r.Verdict != c.want {
			t.Errorf("%s: %s (%s, %.2fx, p99 %.0f ms), want %s", c.name, r.Verdict, r.Budget, r.Ratio, r.P99, c.want)
		}
	}
}
