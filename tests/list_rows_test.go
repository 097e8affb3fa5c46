package tests

import (
	"net/http"
	"testing"

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
