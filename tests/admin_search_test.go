package tests

import (
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// companyVerification fills and submits a verification of c, then renames its company.
func companyVerification(t *testing.T, c *client, name, regNumber string) api.Verification {
	t.Helper()
	v := fillVerification(t, c, "basic")
	renameCompany(t, c, v, name, regNumber)
	c.must(http.StatusOK, "POST", "/api/verifications/"+itoa(v.ID)+"/submit", nil).JSON(t, &v)
	return v
}

// renameCompany saves another company name and registration number in v's company section.
func renameCompany(t *testing.T, c *client, v api.Verification, name, regNumber string) {
	t.Helper()
	body := maps.Clone(companyBody)
	body["companyName"], body["registrationNumber"] = name, regNumber
	c.must(http.StatusOK, "PUT", "/api/verifications/"+itoa(v.ID)+"/company-info", body)
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
			// Both owners found by e-mail first: the page's ids are sorted before its rows are read.
			"email=.example&sort=company&order=asc":              {acme.ID, boreal.ID},
			"email=.example&sort=company&order=desc":             {boreal.ID, acme.ID},
			"email=.example&sort=email&order=desc":               {boreal.ID, acme.ID},
			"email=.example&sort=id&order=asc":                   {boreal.ID, acme.ID},
			"email=.example&pageSize=1&page=2&sort=id&order=asc": {acme.ID},
			"company=%25&sort=publicId":                          {}, // a literal %, not a wildcard
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

// TestPublicSearchFindsOnlyLiveCertificates: anyone can find an approved certificate by its ID,
// its registration number or the beginning of its company's name; drafts, verifications under
// review and revoked certificates stay out, so do partial numbers, the middle of a name and
// queries under three characters, and one address gets ten searches a minute.
func TestPublicSearchFindsOnlyLiveCertificates(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		adm := e.admin(t)
		approve := func(v api.Verification) api.Verification {
			t.Helper()
			adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil).JSON(t, &v)
			return v
		}
		live := approve(e.paidFor(t, companyVerification(t, e.register(t, "live@boreal.example"), "Borealis Trading GmbH", "HRB-55501")))
		revoked := approve(e.paidFor(t, companyVerification(t, e.register(t, "gone@boreal.example"), "Borealis Revoked Ltd", "HRB-66601")))
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(revoked.ID)+"/revoke", map[string]string{"reason": "Forged"})
		pending := e.paidFor(t, companyVerification(t, e.register(t, "wait@boreal.example"), "Borealis Pending AG", "HRB-77701"))
		draft := e.register(t, "draft@boreal.example")
		renameCompany(t, draft, fillVerification(t, draft, "basic"), "Borealis Draft SA", "HRB-88801")

		anon := e.client(t)
		search := func(q string) []api.PublicSearchHit {
			t.Helper()
			var hits []api.PublicSearchHit
			anon.must(http.StatusOK, "GET", "/api/public/search?q="+url.QueryEscape(q), nil).JSON(t, &hits)
			return hits
		}
		want := api.PublicSearchHit{CertificateID: live.PublicID, CompanyName: "Borealis Trading GmbH", Country: "SG",
			Tier: "basic", CertificateStatus: "valid", ExpiresAt: *live.ExpiresAt}
		for _, q := range []string{"borealis", "BOREALIS TRAD", "hrb-55501", live.PublicID, strings.ToUpper(live.PublicID)} {
			if hits := search(q); len(hits) != 1 || !reflect.DeepEqual(hits[0], want) {
				t.Errorf("%q: got %+v, want only %+v", q, hits, want)
			}
		}
		for _, q := range []string{"hrb-555", "trading", revoked.PublicID, "HRB-66601", pending.PublicID, "HRB-77701",
			"Borealis Pending", "Borealis Draft", "HRB-88801", "Acme Metals", "%%%", "bor%"} {
			if hits := search(q); len(hits) != 0 {
				t.Errorf("%q found %+v", q, hits)
			}
		}
		anon.mustFail(http.StatusBadRequest, api.Error{Message: "Enter at least 3 characters",
			Errors: map[string]string{"q": "Enter at least 3 characters"}}, "GET", "/api/public/search?q=%20bo%20", nil)

		// With the limit on (AUTH_RATE_LIMIT, ten a minute), an address gets ten searches a minute.
		e.cfg.AuthRateLimit = 10
		srv := httptest.NewServer(e.Handler())
		t.Cleanup(srv.Close)
		anon.base = srv.URL
		statuses := map[int]int{}
		for range 12 {
			statuses[anon.do("GET", "/api/public/search?q=borealis", nil).Status]++
		}
		if statuses[http.StatusOK] != 10 || statuses[http.StatusTooManyRequests] != 2 {
			t.Errorf("statuses %v, want 10x200 then 2x429", statuses)
		}
		e.clock.Advance(time.Minute)
		if hits := search("borealis"); len(hits) != 1 {
			t.Errorf("a minute later: %+v", hits)
		}
	})
}
