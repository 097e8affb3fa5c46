package main

import (
	"strings"
	"testing"
)

func TestPhoneRowJudgesTheScoreAndAt8xTheBlockingTime(t *testing.T) {
	cases := []struct {
		cpu       int
		score     float64
		tbt       float64
		verdict   string
		budgetHas string
	}{
		{4, 90, 900, "pass", ">= 90"}, // at 4x only the score counts
		{4, 89, 10, "MISS", ">= 90"},
		{8, 95, 299, "pass", "TBT < 300 ms"},
		{8, 95, 300, "MISS", "TBT < 300 ms"},
		{8, 86, 120, "MISS", "TBT < 300 ms"},
	}
	for _, c := range cases {
		r := phoneRow("/dashboard", c.cpu, 5, phoneMedians{Performance: c.score, TBT: c.tbt, LCP: 2800, BenchmarkIndex: 2100, Scores: []float64{c.score, 80, 97}})
		if r.Verdict != c.verdict || !strings.Contains(r.Budget, c.budgetHas) {
			t.Errorf("%dx, score %.0f, TBT %.0f ms: %s with budget %q, want %s with %q", c.cpu, c.score, c.tbt, r.Verdict, r.Budget, c.verdict, c.budgetHas)
		}
		if !strings.HasPrefix(row(r), phoneRowPrefix) || !strings.Contains(r.Scenario, "`/dashboard`") {
			t.Errorf("row %q does not start with %q or name the page", row(r), phoneRowPrefix)
		}
	}
	r := phoneRow("/", 8, 5, phoneMedians{Performance: 86, TBT: 404, LCP: 2800, BenchmarkIndex: 2100, Scores: []float64{86, 80, 97}})
	for _, want := range []string{"performance 86 (runs 86, 80, 97)", "total blocking time 404 ms", "largest paint 2.8 s", "median of 5", "benchmark index 2100"} {
		if !strings.Contains(r.Note, want) {
			t.Errorf("note %q lacks %q", r.Note, want)
		}
	}
}
