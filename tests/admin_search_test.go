package tests

import (
	"net/http"
	"slices"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// companyVerification fills and submits a verification of c, then renames its company.
func companyVerification(t *testing.T, c *client, name, regNumber string) api.Verification {
	t.Helper()
	v := fillVerification(t, c, "basic")
	body := map[string]string{}
	for k, val := range companyBody {
		body[k] = val
	}
	body["companyName"], body["registrationNumber"] = name, regNumber
	c.must(http.StatusOK, "PUT", "/api/verifications/"+itoa(v.ID)+"/company-info", body)
	c.must(http.StatusOK, "POST", "/api/verifications/"+itoa(v.ID)+"/submit", nil).JSON(t, &v)
	return v
}

// TestAdminSearchesByCompanyAndSortsByAnyColumn: a reviewer finds a verification by any part of its
// company's name or registration number, in any case, and orders the queue by each column it shows.
func TestAdminSearchesByCompanyAndSortsByAnyColumn(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		boreal := companyVerification(t, e.register(t, "zed@boreal.example"), "Borealis Trading GmbH", "HRB-55501")
		acme := companyVerification(t, e.register(t, "amy@acme.example"), "Acme Metals Ltd", "REG-1001")
		adm := e.admin(t)
		ids := func(query string) []int64 {
			t.Helper()
			var rows []api.AdminVerification
			adm.must(http.StatusOK, "GET", "/api/admin/verifications?status=all&"+query, nil).JSON(t, &rows)
			out := make([]int64, len(rows))
			for i, r := range rows {
				out[i] = r.ID
			}
			return out
		}
		for query, want := range map[string][]int64{
			"company=BOREALIS":              {boreal.ID},
			"company=trading%20gmbh":        {boreal.ID},
			"company=hrb-555":               {boreal.ID},
			"company=reg-1001":              {acme.ID},
			"company=nobody":                {},
			"company=acme&email=zed@boreal": {},
			"sort=company&order=asc":        {acme.ID, boreal.ID},
			"sort=company&order=desc":       {boreal.ID, acme.ID},
			"sort=email&order=asc":          {acme.ID, boreal.ID},
			"sort=email&order=desc":         {boreal.ID, acme.ID},
			"sort=id&order=desc":            {acme.ID, boreal.ID},
			"company=%25&sort=publicId":     {}, // a literal %, not a wildcard
		} {
			if got := ids(query); !slices.Equal(got, want) {
				t.Errorf("%s: got %v, want %v", query, got, want)
			}
		}
		byPublicID := []int64{boreal.ID, acme.ID}
		if boreal.PublicID > acme.PublicID {
			byPublicID = []int64{acme.ID, boreal.ID}
		}
		if got := ids("sort=publicId&order=asc"); !slices.Equal(got, byPublicID) {
			t.Errorf("sort=publicId: got %v, want %v", got, byPublicID)
		}
		if r := adm.must(http.StatusOK, "GET", "/api/admin/verifications?status=all&company=boreal", nil); r.Header.Get("X-Total-Count") != "1" {
			t.Errorf("company search total: %s", r.Header.Get("X-Total-Count"))
		}
		adm.must(http.StatusBadRequest, "GET", "/api/admin/verifications?sort=password", nil)
		// The applicant's list keeps its own sort fields.
		e.register(t, "plain@acme.example").must(http.StatusBadRequest, "GET", "/api/verifications?sort=email", nil)
	})
}
