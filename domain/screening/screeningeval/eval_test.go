package screeningeval

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/domain/screening"
)

func TestCasesLoad(t *testing.T) {
	t.Parallel()
	dev, err := Cases()
	if err != nil {
		t.Fatal(err)
	}
	held, err := HeldOut()
	if err != nil {
		t.Fatal(err)
	}
	devEntries := map[string]bool{}
	for _, set := range [][]Case{dev, held} {
		pos, neg := 0, 0
		for _, c := range set {
			if c.Positive() {
				pos++
			} else {
				neg++
			}
		}
		if pos < 2000 || neg < 1000 {
			t.Errorf("%d positives and %d negatives; want over 2,000 and 1,000", pos, neg)
		}
	}
	for _, c := range dev {
		devEntries[c.Source+c.SourceID] = true
	}
	for _, c := range held {
		if c.Positive() && devEntries[c.Source+c.SourceID] {
			t.Errorf("held-out case %q names entry %s %s, which the development set also uses", c.Query, c.Source, c.SourceID)
		}
	}
}

func TestClassFloors(t *testing.T) {
	t.Parallel()
	scored := make([]Scored, 0, 100)
	for i := range 100 {
		score := 1.0
		if i < 3 {
			score = 0
		}
		scored = append(scored, Scored{Case{Class: "company_typo", SourceID: "x"}, score}, Scored{Case{Class: "typo", SourceID: "y"}, score})
	}
	for i := range 1000 {
		scored = append(scored, Scored{Case{Class: "negative_person"}, 0}, Scored{Case{Class: "exact", SourceID: "z" + strconv.Itoa(i)}, 1})
	}
	problems := ProductBudget.Check(At(scored, 0.85))
	if len(problems) != 1 || !strings.Contains(problems[0], "company_typo 97.0% is under 98%") {
		t.Errorf("a pattern class at 97%% against its floor of 98%% gives %q", problems)
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
