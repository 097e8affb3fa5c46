package tests

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestListRowsNameTheCompany: the applicant's list and the admin queue show the company's name (once
// the company section is saved), and the admin view of one verification carries it too.
func TestListRowsNameTheCompany(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "names@acme.example")
		named := submitted(t, c, "basic")
		var blank api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "top"}).JSON(t, &blank)

		var rows []api.Verification
		c.must(http.StatusOK, "GET", "/api/verifications?sort=id&order=asc", nil).JSON(t, &rows)
		if len(rows) != 2 || rows[0].ID != named.ID || rows[0].CompanyName != "Acme Metals Ltd" {
			t.Fatalf("applicant list: %+v", rows)
		}
		if rows[1].ID != blank.ID || rows[1].CompanyName != "" {
			t.Fatalf("a verification without a company section has no name: %+v", rows[1])
		}

		adm := e.admin(t)
		var queue []api.AdminVerification
		adm.must(http.StatusOK, "GET", "/api/admin/verifications?status=all&email=names@acme.example&sort=id&order=asc", nil).JSON(t, &queue)
		if len(queue) != 2 || queue[0].CompanyName != "Acme Metals Ltd" || queue[1].CompanyName != "" {
			t.Fatalf("admin queue: %+v", queue)
		}
		var one api.AdminVerification
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(named.ID), nil).JSON(t, &one)
		if one.CompanyName != "Acme Metals Ltd" {
			t.Fatalf("admin view: %+v", one)
		}
	})
}

// TestListFiltersSeveralStatuses: status takes a comma-separated list, so the dashboard reads its
// in-progress list (draft or submitted) from the server, with the right total.
func TestListFiltersSeveralStatuses(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "statuses@acme.example")
		sub := submitted(t, c, "basic")
		var draft api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "top"}).JSON(t, &draft)
		e.inReview(t, c, "top")

		var rows []api.Verification
		r := c.must(http.StatusOK, "GET", "/api/verifications?status=draft,submitted&sort=id&order=asc", nil)
		r.JSON(t, &rows)
		if r.Header.Get("X-Total-Count") != "2" || len(rows) != 2 || rows[0].ID != sub.ID || rows[1].ID != draft.ID {
			t.Fatalf("draft,submitted: total %s, %+v", r.Header.Get("X-Total-Count"), rows)
		}
		r = c.must(http.StatusOK, "GET", "/api/verifications?status=in_review", nil)
		if r.Header.Get("X-Total-Count") != "1" {
			t.Fatalf("in_review: total %s", r.Header.Get("X-Total-Count"))
		}
		adm := e.admin(t)
		r = adm.must(http.StatusOK, "GET", "/api/admin/verifications?status=submitted,in_review&email=statuses@", nil)
		if r.Header.Get("X-Total-Count") != "2" {
			t.Fatalf("admin submitted,in_review: total %s", r.Header.Get("X-Total-Count"))
		}
		c.must(http.StatusBadRequest, "GET", "/api/verifications?status=draft,paid", nil)
	})
}

// TestListsShowRevokedAndExpiredApart: an approved verification whose certificate was revoked or has
// expired is filtered and counted as revoked or expired, not as approved, in the admin queue, its
// stats and the applicant's list; each row says which through certificateStatus.
func TestListsShowRevokedAndExpiredApart(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "certs@acme.example")
		adm := e.admin(t)
		approve := func() int64 {
			v := e.inReview(t, c, "basic")
			adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
			return v.ID
		}
		expired, revoked := approve(), approve()
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(revoked)+"/revoke", map[string]string{"reason": "Forged"})
		e.clock.Advance(366 * 24 * time.Hour)
		adm, c = e.admin(t), e.client(t) // sessions last a week: sign in again
		c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "certs@acme.example", "password": "tangerine-42"})
		valid := approve()

		ids := func(cl *client, path string) []int64 {
			t.Helper()
			var rows []api.Verification
			r := cl.must(http.StatusOK, "GET", path+"&sort=id&order=asc", nil)
			r.JSON(t, &rows)
			out := []int64{}
			for _, row := range rows {
				out = append(out, row.ID)
			}
			if r.Header.Get("X-Total-Count") != itoa(int64(len(out))) {
				t.Errorf("%s: total %s for %d rows", path, r.Header.Get("X-Total-Count"), len(out))
			}
			return out
		}
		for _, tc := range []struct {
			status string
			want   []int64
		}{
			{"approved", []int64{valid}},
			{"revoked", []int64{revoked}},
			{"expired", []int64{expired}},
			{"revoked,expired", []int64{expired, revoked}},
			{"approved,revoked", []int64{revoked, valid}},
		} {
			for who, path := range map[string]string{
				"admin":     "/api/admin/verifications?email=certs@&status=" + tc.status,
				"applicant": "/api/verifications?status=" + tc.status,
			} {
				cl := map[string]*client{"admin": adm, "applicant": c}[who]
				if diff := cmp.Diff(tc.want, ids(cl, path)); diff != "" {
					t.Errorf("%s list, status=%s (-want +got):\n%s", who, tc.status, diff)
				}
			}
		}

		var rows []api.Verification
		c.must(http.StatusOK, "GET", "/api/verifications?sort=id&order=asc", nil).JSON(t, &rows)
		got := map[int64]string{}
		for _, row := range rows {
			got[row.ID] = row.Status + "/" + *row.CertificateStatus
		}
		want := map[int64]string{expired: "approved/expired", revoked: "approved/revoked", valid: "approved/valid"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("certificate status of each row (-want +got):\n%s", diff)
		}

		var stats api.Stats
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats?email=certs@", nil).JSON(t, &stats)
		if diff := cmp.Diff(api.Stats{Total: 3, Approved: 1, Revoked: 1, Expired: 1}, stats); diff != "" {
			t.Errorf("stats (-want +got):\n%s", diff)
		}
	})
}

// TestPassportsNamedAfterTheirRepresentative: each passport in a verification's documents says whose
// it is, so two representatives' passports are not two identical rows; the public Full Report numbers
// them instead of naming anyone.
func TestPassportsNamedAfterTheirRepresentative(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "passports@acme.example")
		v := fillVerification(t, c, "basic")
		base := "/api/verifications/" + itoa(v.ID)
		second := map[string]string{}
		for k, val := range representativeBody {
			second[k] = val
		}
		second["fullName"], second["passportNumber"] = "John Roe", "X7654321"
		var rep struct{ ID int64 }
		c.must(http.StatusCreated, "POST", base+"/representatives", second).JSON(t, &rep)
		if r := c.upload(base+"/representatives/"+itoa(rep.ID)+"/passport", "passport.png", pngFile, nil); r.Status != http.StatusCreated {
			t.Fatalf("passport upload: %d %s", r.Status, r.Body)
		}
		var docs []api.Document
		c.must(http.StatusOK, "GET", base+"/documents", nil).JSON(t, &docs)
		owners := map[string]int{}
		for _, d := range docs {
			switch {
			case d.Type == "passport" && d.Owner != nil:
				owners[*d.Owner]++
			case d.Owner != nil:
				t.Errorf("a %s names an owner: %q", d.Type, *d.Owner)
			default:
				owners["(none) "+d.Type]++
			}
		}
		want := map[string]int{"Jane Doe": 1, "John Roe": 1, "(none) incorporation_certificate": 1,
			"(none) business_license": 1, "(none) shareholder_info": 1}
		if diff := cmp.Diff(want, owners); diff != "" {
			t.Errorf("document owners (-want +got):\n%s", diff)
		}

		c.must(http.StatusOK, "POST", base+"/submit", nil)
		if _, err := e.DB.NewUpdate().Table("verifications").Set("status = 'in_review'").Set("payment_status = 'paid'").
			Set("payment_amount = 4900").Set("version = version + 1").Where("id = ?", v.ID).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		e.admin(t).must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		var public []api.PublicDocument
		r := e.client(t).must(http.StatusOK, "GET", "/api/public/verifications/"+v.PublicID+"/documents", nil)
		r.JSON(t, &public)
		var numbers []int
		for _, d := range public {
			if d.Representative != nil {
				numbers = append(numbers, *d.Representative)
			}
		}
		if diff := cmp.Diff([]int{1, 2}, numbers); diff != "" {
			t.Errorf("public passports' representative numbers (-want +got):\n%s", diff)
		}
		if strings.Contains(string(r.Body), "Jane Doe") || strings.Contains(string(r.Body), "John Roe") {
			t.Errorf("the public documents name a representative: %s", r.Body)
		}
	})
}
