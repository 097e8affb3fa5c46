package tests

import (
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestAdminListTotalsMatchTheRows: the certificate filters (approved, revoked, expired) and the
// unclaimed filter count their totals from the maintained counts less a few rows; the pager's total
// and the stats must still be the rows the filter shows.
func TestAdminListTotalsMatchTheRows(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		applicant := e.register(t, "totals@list.example")
		ids := make([]int64, 5)
		for i := range ids {
			ids[i] = e.inReview(t, applicant, "basic").ID
		}
		adm := e.admin(t)
		for _, id := range ids[:3] {
			adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(id)+"/approve", nil)
		}
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(ids[0])+"/revoke", map[string]string{"reason": "Forged"})
		if _, err := e.DB.NewUpdate().Table("verifications").Set("expires_at = approved_at").Where("id = ?", ids[1]).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(ids[3])+"/claim", nil)

		for query, want := range map[string][]int64{
			"status=approved":                  {ids[2]},
			"status=revoked":                   {ids[0]},
			"status=expired":                   {ids[1]},
			"status=revoked,expired":           {ids[0], ids[1]},
			"status=approved,in_review":        {ids[2], ids[3], ids[4]},
			"status=in_review&claim=unclaimed": {ids[4]},
			"claim=unclaimed":                  {ids[0], ids[1], ids[2], ids[4]},
			"status=expired&claim=unclaimed":   {ids[1]},
		} {
			// One row a page: the total cannot be read off the page.
			var rows []api.AdminVerification
			r := adm.must(http.StatusOK, "GET", "/api/admin/verifications?sort=id&order=asc&pageSize=1&"+query, nil)
			r.JSON(t, &rows)
			if total := r.Header.Get("X-Total-Count"); total != strconv.Itoa(len(want)) || len(rows) != 1 || rows[0].ID != want[0] {
				t.Errorf("%s: total %s, %d rows on the first page; want %d rows starting with %d", query, total, len(rows), len(want), want[0])
			}
			var all []api.AdminVerification
			adm.must(http.StatusOK, "GET", "/api/admin/verifications?sort=id&order=asc&"+query, nil).JSON(t, &all)
			got := make([]int64, len(all))
			for i, v := range all {
				got[i] = v.ID
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: rows %v, want %v", query, got, want)
			}
		}
		// The maintained counts answer the first two; a search counts the rows it matches, which
		// leave out another applicant's.
		e.inReview(t, e.register(t, "other@elsewhere.example"), "basic")
		for query, want := range map[string]api.Stats{
			"claim=unclaimed":                   {Approved: 1, Revoked: 1, Expired: 1, InReview: 2, Total: 5},
			"":                                  {Approved: 1, Revoked: 1, Expired: 1, InReview: 3, Total: 6},
			"email=TOTALS@list":                 {Approved: 1, Revoked: 1, Expired: 1, InReview: 2, Total: 5},
			"email=totals@list&claim=unclaimed": {Approved: 1, Revoked: 1, Expired: 1, InReview: 1, Total: 4},
			"email=totals@list&tier=top":        {},
			"email=nobody@list":                 {},
		} {
			var stats api.Stats
			adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats?"+query, nil).JSON(t, &stats)
			if stats != want {
				t.Errorf("stats?%s: %+v, want %+v", query, stats, want)
			}
		}
		// Overdue: the claimed wait and one unclaimed one began long ago. The unclaimed filter counts
		// its recent waits as all recent waits less the claimed ones.
		if _, err := e.DB.NewUpdate().Table("verifications").Set("review_since = ?", e.clock.Now().AddDate(0, 0, -30)).
			Where("id = ? OR id = ?", ids[3], ids[4]).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		for query, want := range map[string]int{"": 2, "claim=unclaimed": 1, "tier=basic&claim=unclaimed": 1, "tier=top&claim=unclaimed": 0} {
			var stats api.Stats
			adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats?"+query, nil).JSON(t, &stats)
			if stats.Overdue != want {
				t.Errorf("stats?%s: %d overdue, want %d", query, stats.Overdue, want)
			}
		}
	})
}
