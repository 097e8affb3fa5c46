package tests

import (
	"net/http"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/domain/screening"
)

// TestScreeningSearchMinimumScore: a reviewer lowers the minimum score to see a weaker candidate
// the engine's threshold leaves out, every answer states the threshold it used, and a minimum
// outside 0 to 1 is refused with the field named.
func TestScreeningSearchMinimumScore(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		e.importList(t, screening.EU, listFile(t, "testdata/eu/export.xml"))
		adm := e.admin(t)
		search := func(body map[string]any) api.ScreeningResult {
			t.Helper()
			var res api.ScreeningResult
			adm.must(http.StatusOK, "POST", "/api/admin/screening/search", body).JSON(t, &res)
			return res
		}

		// A surname alone scores about 0.82 against "Ivan Sergeyevich Kuznetsov": under the default.
		res := search(map[string]any{"name": "Kuznetsov", "kind": "person"})
		if len(res.Hits) != 0 || res.Threshold != screening.DefaultThreshold {
			t.Fatalf("at the default: threshold %v, hits %+v", res.Threshold, res.Hits)
		}
		res = search(map[string]any{"name": "Kuznetsov", "kind": "person", "minScore": 0.6})
		if res.Threshold != 0.6 || len(res.Hits) != 1 || res.Hits[0].Entry.SourceID != "900001" || res.Hits[0].Score >= screening.DefaultThreshold {
			t.Fatalf("at 0.6: threshold %v, hits %+v", res.Threshold, res.Hits)
		}
		// The full name is a hit at any minimum, and the answer says which one applied.
		if res = search(map[string]any{"name": "Ivan Sergeyevich Kuznetsov", "minScore": 0.95}); res.Threshold != 0.95 || len(res.Hits) != 1 {
			t.Fatalf("at 0.95: threshold %v, hits %+v", res.Threshold, res.Hits)
		}

		for _, bad := range []any{2, -0.1} {
			r := adm.must(http.StatusBadRequest, "POST", "/api/admin/screening/search", map[string]any{"name": "Kuznetsov", "minScore": bad})
			if errs, _ := r.Map(t)["errors"].(map[string]any); errs["minScore"] != "Minimum score must be between 0 and 1" {
				t.Errorf("minScore %v: %s", bad, r.Body)
			}
		}
		adm.must(http.StatusBadRequest, "POST", "/api/admin/screening/search", map[string]any{"name": "Kuznetsov", "minScore": "low"})
	})
}
