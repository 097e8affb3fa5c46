package screening_test

import (
	"testing"

	adapter "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/screening/screeningeval"
)

// sweepThresholds are the thresholds the quality tables show.
var sweepThresholds = []float64{0.70, 0.75, 0.78, 0.80, 0.82, 0.84, 0.85, 0.86, 0.88, 0.90, 0.92, 0.95}

// TestScreeningQuality holds the quality budget on the OFAC SDN and UN lists at the default
// threshold, on the held-out set (the one tuning never looks at) and on the development set, and
// prints the figures per variation class with a threshold sweep.
func TestScreeningQuality(t *testing.T) {
	entries := loadSnapshotEntries(t)
	ix := screening.NewIndex(entries, screening.IndexOptions{Transliterate: adapter.Transliterate})
	for _, set := range []struct {
		name  string
		cases func() ([]screeningeval.Case, error)
	}{{"held-out", screeningeval.HeldOut}, {"development", screeningeval.Cases}} {
		t.Run(set.name, func(t *testing.T) {
			cases, err := set.cases()
			if err != nil {
				t.Fatal(err)
			}
			scored := screeningeval.Score(ix, cases)
			r := screeningeval.At(scored, screening.DefaultThreshold)
			t.Logf("%s set at the default threshold %.2f:\n%s", set.name, screening.DefaultThreshold, r.Table())
			t.Logf("threshold sweep:\n%s", screeningeval.Sweep(scored, sweepThresholds))
			t.Logf("recall per class over the sweep:\n%s", screeningeval.ClassSweep(scored, sweepThresholds))
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
		})
	}
}
