package tests

import (
	"context"
	"testing"
	"time"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/screening/screeningeval"
)

// useCaseSearcher drives the evaluation through the Search use case, so that the index answering
// is the one the holder built from the entries read back from the database.
type useCaseSearcher struct {
	t   *testing.T
	svc *application.Screening
}

// Search asks the use case for the threshold the evaluation gives, as a reviewer's minimum score.
func (s useCaseSearcher) Search(q screening.Query, threshold float64) []screening.Hit {
	limit := q.Limit
	res, err := s.svc.Search(context.Background(), application.System, application.SearchInput{Name: q.Name, Kind: string(q.Kind), Limit: &limit, MinScore: &threshold})
	if err != nil {
		s.t.Fatalf("search %q: %v", q.Name, err)
	}
	hits := make([]screening.Hit, len(res.Hits))
	for i, h := range res.Hits {
		hits[i] = h.Hit
	}
	return hits
}

// TestScreeningQualityThroughTheDatabase holds the quality budget on the held-out set with the
// real OFAC SDN and UN lists imported through the use case and searched from the index built out
// of the stored entries: storing and reloading an entry must lose nothing the matcher needs.
func TestScreeningQualityThroughTheDatabase(t *testing.T) {
	cases, err := screeningeval.HeldOut()
	if err != nil {
		t.Fatal(err)
	}
	sdnFiles := []application.ListFile{listFile(t, "ofac/sdn.csv"), listFile(t, "ofac/add.csv"),
		listFile(t, "ofac/alt.csv"), listFile(t, "ofac/sdn_comments.csv")}
	unFile := listFile(t, "un/consolidated.xml")
	forEachBackend(t, func(t *testing.T, e *env) {
		start := time.Now()
		sdn := e.importList(t, screening.OFACSDN, sdnFiles...).Version
		sdnTook := time.Since(start)
		un := e.importList(t, screening.UN, unFile).Version
		imported := time.Since(start)

		start = time.Now()
		if err := e.Svc.Screening.Index().Rebuild(context.Background()); err != nil {
			t.Fatal(err)
		}
		built := time.Since(start)

		start = time.Now()
		check, err := e.Svc.Screening.Search(context.Background(), application.System, application.SearchInput{Name: "probe"})
		if err != nil || len(check.ListVersions) != 2 {
			t.Fatalf("the index holds %+v (%v), want the SDN and UN versions", check, err)
		}
		r := screeningeval.At(screeningeval.Score(useCaseSearcher{t: t, svc: e.Svc.Screening}, cases), screening.DefaultThreshold)
		t.Logf("OFAC SDN %d entries imported in %s, UN %d entries, both in %s; index from the database in %s; %d queries in %s",
			sdn.EntryCount, sdnTook.Round(time.Millisecond), un.EntryCount, imported.Round(time.Millisecond),
			built.Round(time.Millisecond), len(cases), time.Since(start).Round(time.Millisecond))
		t.Logf("held-out set at the default threshold %.2f:\n%s", screening.DefaultThreshold, r.Table())
		for _, problem := range screeningeval.ProductBudget.Check(r) {
			t.Error(problem)
		}
	})
}
