package screeningeval

import (
	"strings"
	"testing"

	"github.com/tttverify/tttverify/domain/screening"
)

func TestCasesLoad(t *testing.T) {
	t.Parallel()
	cases, err := Cases()
	if err != nil {
		t.Fatal(err)
	}
	pos, neg := 0, 0
	for _, c := range cases {
		if c.Positive() {
			pos++
		} else {
			neg++
		}
	}
	if pos < 1000 || neg < 1000 {
		t.Errorf("%d positives and %d negatives; want over 1,000 of each", pos, neg)
	}
}

func TestReportAndBudget(t *testing.T) {
	t.Parallel()
	scored := []Scored{
		{Case{Class: "exact", SourceID: "1"}, 1},
		{Case{Class: "exact", SourceID: "2"}, 0.9},
		{Case{Class: "typo", SourceID: "3"}, 0.8},
		{Case{Class: "typo", SourceID: "4"}, 0.95},
		{Case{Class: "negative_person"}, 0},
		{Case{Class: "negative_person"}, 0.86},
	}
	r := At(scored, 0.85)
	if r.Positives != 4 || r.Negatives != 2 || r.Recall != 0.75 || r.FalsePosRate != 0.5 {
		t.Fatalf("report %+v", r)
	}
	if len(r.Missed) != 1 || len(r.FalseHits) != 1 || r.Classes[len(r.Classes)-1].Positive {
		t.Errorf("missed %v, false hits %v, classes %v", r.Missed, r.FalseHits, r.Classes)
	}
	problems := ProductBudget.Check(r)
	if len(problems) != 3 { // overall recall, typo recall, false positives
		t.Errorf("budget problems %q", problems)
	}
	if !strings.Contains(r.Table(), "| typo (recall) | 2 | 1 | 50.0% |") {
		t.Errorf("table:\n%s", r.Table())
	}
	if !strings.Contains(Sweep(scored, []float64{0.8, 0.9}), "| 0.80 | 100.00% |") {
		t.Errorf("sweep:\n%s", Sweep(scored, []float64{0.8, 0.9}))
	}
}

// stubSearcher finds entry "1" for any query, to show Score reads the expected entry's score.
type stubSearcher struct{}

func (stubSearcher) Search(screening.Query, float64) []screening.Hit {
	return []screening.Hit{{Entry: &screening.Entry{Source: screening.UN, SourceID: "1"}, Score: 0.9}}
}

func TestScore(t *testing.T) {
	t.Parallel()
	got := Score(stubSearcher{}, []Case{
		{Class: "exact", Query: "a", Source: "un", SourceID: "1"},
		{Class: "exact", Query: "b", Source: "un", SourceID: "2"},
		{Class: "negative_person", Query: "c"},
	})
	if got[0].Score != 0.9 || got[1].Score != 0 || got[2].Score != 0.9 {
		t.Errorf("scores %v", got)
	}
}
