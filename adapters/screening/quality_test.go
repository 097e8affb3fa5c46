package screening_test

import (
	"testing"

	adapter "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/screening/screeningeval"
)

// TestScreeningQuality holds the quality budget on the OFAC SDN and UN lists at the default
// threshold and prints the figures per variation class with a threshold sweep.
func TestScreeningQuality(t *testing.T) {
	entries := loadSnapshotEntries(t)
	cases, err := screeningeval.Cases()
	if err != nil {
		t.Fatal(err)
	}
	ix := screening.NewIndex(entries, screening.IndexOptions{Transliterate: adapter.Transliterate})
	scored := screeningeval.Score(ix, cases)
	r := screeningeval.At(scored, screening.DefaultThreshold)
	t.Logf("at the default threshold %.2f:\n%s", screening.DefaultThreshold, r.Table())
	t.Logf("threshold sweep:\n%s", screeningeval.Sweep(scored, []float64{0.70, 0.75, 0.78, 0.80, 0.82, 0.84, 0.85, 0.86, 0.88, 0.90, 0.92, 0.95}))
	if testing.Verbose() {
		for _, m := range r.Missed {
			t.Logf("missed %s: %q (listed %q) score %.3f", m.Class, m.Query, m.Listed, m.Score)
		}
		for _, f := range r.FalseHits {
			t.Logf("false hit %s: %q score %.3f", f.Class, f.Query, f.Score)
		}
	}
	for _, problem := range screeningeval.ProductBudget.Check(r) {
		t.Error(problem)
	}
}
