package tests

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/persistence"
)

// publicOf reads the public certificate of an approved verification.
func publicOf(t *testing.T, c *client, publicID string) api.PublicVerification {
	t.Helper()
	var pub api.PublicVerification
	c.must(http.StatusOK, "GET", "/api/public/verifications/"+publicID, nil).JSON(t, &pub)
	return pub
}

// admin creates an administrator and returns a client signed in as them.
func (e *env) admin(t *testing.T) *client {
	t.Helper()
	if _, err := e.Auth.EnsureAdmin(context.Background(), "admin@ttt.example", "admin-secret"); err != nil {
		t.Fatal(err)
	}
	c := e.client(t)
	c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "admin@ttt.example", "password": "admin-secret"})
	return c
}

// inReview submits a verification and marks it paid, as a confirmed payment would.
func (e *env) inReview(t *testing.T, c *client, tier string) api.Verification {
	t.Helper()
	return e.paidFor(t, submitted(t, c, tier))
}

// paidFor marks a submitted verification paid and in review, as a confirmed payment would.
func (e *env) paidFor(t *testing.T, v api.Verification) api.Verification {
	t.Helper()
	if _, err := e.DB.NewUpdate().Table("verifications").Set("status = 'in_review'").Set("payment_status = 'paid'").
		Set("payment_amount = 4900").Set("version = version + 1").Where("id = ?", v.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	v.Status = "in_review"
	return v
}

// TestAdminReviewJourney is the acceptance test through HTTP alone.
func TestAdminReviewJourney(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		applicant := e.register(t, "exporter@copper.example")
		other := e.register(t, "bystander@other.example")
		v := e.inReview(t, applicant, "basic")
		e.inReview(t, other, "top")
		adm := e.admin(t)
		vid := itoa(v.ID)

		// The queue filtered by e-mail finds it, with the owner's e-mail on the row.
		var rows []api.AdminVerification
		r := adm.must(http.StatusOK, "GET", "/api/admin/verifications?status=in_review&email=COPPER", nil)
		r.JSON(t, &rows)
		if len(rows) != 1 || rows[0].UserEmail != "exporter@copper.example" || r.Header.Get("X-Total-Count") != "1" {
			t.Fatalf("filtered queue %+v", rows)
		}
		var stats api.Stats
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats", nil).JSON(t, &stats)
		if diff := cmp.Diff(api.Stats{InReview: 2, Total: 2}, stats); diff != "" {
			t.Fatalf("stats (-want +got):\n%s", diff)
		}
		var detail api.AdminVerification
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+vid, nil).JSON(t, &detail)
		if detail.UserEmail != "exporter@copper.example" || detail.Status != "in_review" {
			t.Fatalf("detail %+v", detail)
		}
		var bank api.Banking
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+vid+"/banking-info", nil).JSON(t, &bank)
		if bank.AccountNumber != "GB29NWBK60161331926819" {
			t.Fatalf("admin banking %+v", bank)
		}

		// Reject: the reason is required, then stored and shown to the applicant.
		adm.mustFail(http.StatusBadRequest, api.Error{Message: "Rejection reason is required",
			Errors: map[string]string{"reason": "Rejection reason is required"}},
			"POST", "/api/admin/verifications/"+vid+"/reject", map[string]string{"reason": "   "})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/reject", map[string]string{"reason": "Passport scan is unreadable"})
		var seen api.Verification
		applicant.must(http.StatusOK, "GET", "/api/verifications/"+vid, nil).JSON(t, &seen)
		if seen.Status != "rejected" || seen.RejectionReason == nil || *seen.RejectionReason != "Passport scan is unreadable" {
			t.Fatalf("applicant sees %+v", seen)
		}
		adm.must(http.StatusConflict, "POST", "/api/admin/verifications/"+vid+"/approve", nil)

		// The applicant reopens, fixes, submits: already paid, so it goes straight back to review.
		applicant.must(http.StatusOK, "POST", "/api/verifications/"+vid+"/resubmit", nil)
		applicant.must(http.StatusOK, "PUT", "/api/verifications/"+vid+"/company-info", companyBody)
		applicant.must(http.StatusOK, "POST", "/api/verifications/"+vid+"/submit", nil).JSON(t, &seen)
		if seen.Status != "in_review" {
			t.Fatalf("resubmitted status %s, want in_review", seen.Status)
		}

		// Approve and generate the CIS.
		adm.must(http.StatusNotFound, "GET", "/api/verifications/"+vid+"/cis-form", nil) // not the admin's own
		applicant.must(http.StatusNotFound, "GET", "/api/verifications/"+vid+"/cis-form", nil)
		var approved, gen api.AdminVerification
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/approve", nil).JSON(t, &approved)
		if approved.Status != "approved" || approved.CertificateStatus == nil || *approved.CertificateStatus != "valid" || approved.ExpiresAt == nil {
			t.Fatalf("approved %+v", approved)
		}
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/generate-cis", nil).JSON(t, &gen)
		if gen.CISFormGeneratedAt == nil {
			t.Fatalf("generate-cis %+v", gen)
		}

		// The applicant downloads the CIS and the certificate.
		var cis api.CISForm
		applicant.must(http.StatusOK, "GET", "/api/verifications/"+vid+"/cis-form", nil).JSON(t, &cis)
		cisPDF := applicant.must(http.StatusOK, "GET", cis.URL, nil)
		if cisPDF.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(cisPDF.Body), "%PDF") {
			t.Fatalf("CIS download %q", cisPDF.Header.Get("Content-Type"))
		}
		cert := applicant.must(http.StatusOK, "GET", "/api/verifications/"+vid+"/certificate", nil)
		other.must(http.StatusNotFound, "GET", "/api/verifications/"+vid+"/certificate", nil)
		other.must(http.StatusNotFound, "GET", cis.URL, nil)

		// The public page shows it valid, with the fingerprint printed on the certificate.
		anon := e.client(t)
		pub := publicOf(t, anon, v.PublicID)
		if pub.CertificateStatus != "valid" || pub.CompanyName != "Acme Metals Ltd" || pub.Tier != "basic" {
			t.Fatalf("public %+v", pub)
		}
		fingerprint := pub.Fingerprint
		certText := pdfText(t, cert.Body)
		if !strings.Contains(certText, fingerprint) || !strings.Contains(certText, "Acme Metals Ltd") || !strings.Contains(certText, v.PublicID) {
			t.Fatalf("certificate text lacks fingerprint %s:\n%s", fingerprint, certText)
		}
		cisText := pdfText(t, cisPDF.Body)
		for _, want := range []string{"Acme Metals Ltd", v.PublicID, "P1234567", "GB29NWBK60161331926819", "http://verify.test/v/" + v.PublicID} {
			if !strings.Contains(cisText, want) {
				t.Errorf("CIS text lacks %q", want)
			}
		}

		// A share link opens the CIS anonymously, records the use, and expires.
		var share api.Share
		applicant.must(http.StatusOK, "POST", "/api/verifications/"+vid+"/cis-form/share", nil).JSON(t, &share)
		if !share.Success || !strings.HasPrefix(share.URL, "/api/shared/cis/") {
			t.Fatalf("share %+v", share)
		}
		other.must(http.StatusNotFound, "POST", "/api/verifications/"+vid+"/cis-form/share", nil)
		shared := anon.must(http.StatusOK, "GET", share.URL, nil)
		if !strings.HasPrefix(string(shared.Body), "%PDF") {
			t.Fatal("share link did not serve a PDF")
		}
		var used bool
		if err := e.DB.NewSelect().Table("temporary_urls").Column("is_used").Where("verification_id = ?", v.ID).Scan(context.Background(), &used); err != nil || !used {
			t.Fatalf("share link use not recorded: %v %v", used, err)
		}
		anon.must(http.StatusNotFound, "GET", "/api/shared/cis/"+strings.Repeat("A", 43), nil)
		e.clock.Advance(8 * 24 * time.Hour)
		anon.must(http.StatusGone, "GET", share.URL, nil)
		adm = e.admin(t) // sessions last a week: sign in again

		// Revocation shows on the public page at once.
		adm.mustFail(http.StatusBadRequest, api.Error{Message: "Revocation reason is required",
			Errors: map[string]string{"reason": "Revocation reason is required"}},
			"POST", "/api/admin/verifications/"+vid+"/revoke", map[string]string{"reason": ""})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/revoke", map[string]string{"reason": "Documents found forged"})
		adm.mustFail(http.StatusConflict, api.Error{Message: "The certificate is already revoked"},
			"POST", "/api/admin/verifications/"+vid+"/revoke", map[string]string{"reason": "again"})
		if pub = publicOf(t, anon, v.PublicID); pub.CertificateStatus != "revoked" || pub.RevokedAt == nil {
			t.Fatalf("after revoke %+v", pub)
		}

		// The audit trail tells the story, oldest first, with actors and reasons.
		var events []api.AuditEvent
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+vid+"/events", nil).JSON(t, &events)
		var story []string
		for _, ev := range events {
			story = append(story, ev.Action)
		}
		want := []string{"create", "submit", "reject", "resubmit", "submit", "approve", "generate-cis", "share-cis", "revoke"}
		if diff := cmp.Diff(want, story); diff != "" {
			t.Fatalf("audit (-want +got):\n%s", diff)
		}
		if r := events[2]; r.Reason == nil || *r.Reason != "Passport scan is unreadable" || r.ActorEmail == nil || *r.ActorEmail != "admin@ttt.example" {
			t.Fatalf("reject event %+v", events[2])
		}
	})
}

func TestCertificateExpires(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "expiring@acme.example")
		v := e.inReview(t, c, "top")
		adm := e.admin(t)
		e.clearScreening(t, e.user(t, "admin@ttt.example"), v.ID)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		anon := e.client(t)
		pub := publicOf(t, anon, v.PublicID)
		if pub.CertificateStatus != "valid" || pub.Tier != "top" {
			t.Fatalf("public %+v", pub)
		}
		c.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID)+"/certificate", nil)
		e.clock.Advance(366 * 24 * time.Hour)
		if pub = publicOf(t, anon, v.PublicID); pub.CertificateStatus != "expired" {
			t.Fatalf("a year later %+v", pub)
		}
		// A PDF reading "valid until …" is no longer issued, to the owner or an administrator.
		c = e.client(t) // sessions last a week: sign in again
		c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "expiring@acme.example", "password": "tangerine-42"})
		c.mustFail(http.StatusConflict, api.Error{Message: "This certificate is expired, so its PDF is no longer issued"},
			"GET", "/api/verifications/"+itoa(v.ID)+"/certificate", nil)
		e.admin(t).must(http.StatusConflict, "GET", "/api/admin/verifications/"+itoa(v.ID)+"/certificate", nil)
	})
}

// TestOnlyReinstatementLiftsARevocation: a revoked certificate cannot be sent back to review by
// paying for an upgrade, and lifting the revocation is its own audited decision with a reason.
func TestOnlyReinstatementLiftsARevocation(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "revoked@acme.example")
		v := e.inReview(t, c, "basic")
		vid := itoa(v.ID)
		adm := e.admin(t)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/approve", nil)
		adm.mustFail(http.StatusConflict, api.Error{Message: "The certificate is not revoked"},
			"POST", "/api/admin/verifications/"+vid+"/reinstate", map[string]string{"reason": "Nothing to lift"})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/revoke", map[string]string{"reason": "Documents found forged"})
		c.mustFail(http.StatusConflict, api.Error{Message: "This certificate is revoked, so its PDF is no longer issued"},
			"GET", "/api/verifications/"+vid+"/certificate", nil)
		adm.must(http.StatusConflict, "GET", "/api/admin/verifications/"+vid+"/certificate", nil)

		c.mustFail(http.StatusConflict, api.Error{Message: "A revoked certificate cannot be upgraded"},
			"POST", "/api/verifications/"+vid+"/upgrade", nil)
		c.mustFail(http.StatusConflict, api.Error{Message: "A revoked certificate cannot be upgraded"},
			"POST", "/api/create-payment-intent", map[string]any{"verificationId": v.ID, "purpose": "upgrade"})
		adm.must(http.StatusConflict, "POST", "/api/admin/verifications/"+vid+"/approve", nil)
		anon := e.client(t)
		if pub := publicOf(t, anon, v.PublicID); pub.CertificateStatus != "revoked" {
			t.Fatalf("after the refused upgrade and approval: %+v", pub)
		}

		adm.mustFail(http.StatusBadRequest, api.Error{Message: "Reinstatement reason is required",
			Errors: map[string]string{"reason": "Reinstatement reason is required"}},
			"POST", "/api/admin/verifications/"+vid+"/reinstate", map[string]string{"reason": " "})
		c.must(http.StatusForbidden, "POST", "/api/admin/verifications/"+vid+"/reinstate", map[string]string{"reason": "Please"})
		var back api.AdminVerification
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/reinstate",
			map[string]string{"reason": "The registry had confused two companies"}).JSON(t, &back)
		if back.CertificateStatus == nil || *back.CertificateStatus != "valid" {
			t.Fatalf("after reinstatement %+v", back)
		}
		if pub := publicOf(t, anon, v.PublicID); pub.CertificateStatus != "valid" || pub.RevokedAt != nil {
			t.Fatalf("public page after reinstatement %+v", pub)
		}
		c.must(http.StatusOK, "GET", "/api/verifications/"+vid+"/certificate", nil)
		var events []api.AuditEvent
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+vid+"/events", nil).JSON(t, &events)
		last := events[len(events)-1]
		if last.Action != "reinstate" || last.Reason == nil || *last.Reason != "The registry had confused two companies" {
			t.Fatalf("last audit event %+v, want the reinstatement with its reason", last)
		}
	})
}

// TestPublicAPILeaksNothing checks the public answers against every private value.
func TestPublicAPILeaksNothing(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "private@acme.example")
		v := e.inReview(t, c, "basic")
		draft := fillVerification(t, c, "top")
		anon := e.client(t)
		// Never approved: a distinct answer without company data; unknown: 404.
		for _, suffix := range []string{"", "/company-info", "/documents"} {
			r := anon.do("GET", "/api/public/verifications/"+draft.PublicID+suffix, nil)
			if r.Status != http.StatusForbidden || strings.Contains(string(r.Body), "Acme") {
				t.Errorf("not approved%s: %d %s", suffix, r.Status, r.Body)
			}
			if r := anon.do("GET", "/api/public/verifications/nosuchid"+suffix, nil); r.Status != http.StatusNotFound {
				t.Errorf("unknown%s: %d", suffix, r.Status)
			}
		}
		adm := e.admin(t)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		// Private values, and the JSON keys that would carry private data (quoted, so that a random
		// public id that happens to contain "url" is not mistaken for a leak).
		secrets := []string{"GB29NWBK60161331926819", "NWBKGB2L", "First Bank", "Jane Doe", "P1234567", "jane@acme.example",
			"/api/files", "verifications/", "private@acme.example", `"objectPath"`, `"url"`, `"documentUrl"`,
			`"accountNumber"`, `"passportNumber"`, `"userId"`, `"filename"`}
		for _, suffix := range []string{"", "/company-info", "/documents"} {
			r := anon.must(http.StatusOK, "GET", "/api/public/verifications/"+v.PublicID+suffix, nil)
			for _, s := range secrets {
				if strings.Contains(string(r.Body), s) {
					t.Errorf("public%s leaks %s: %s", suffix, s, r.Body)
				}
			}
		}
		// Deleted by an administrator: gone from the public API.
		adm.must(http.StatusNoContent, "DELETE", "/api/verifications/"+itoa(v.ID), nil)
		anon.must(http.StatusNotFound, "GET", "/api/public/verifications/"+v.PublicID, nil)
	})
}

// TestAdminRoutesNeedAdmin: anonymous 401, a signed-in applicant 403, for every admin route.
func TestAdminRoutesNeedAdmin(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "notadmin@acme.example")
		v := submitted(t, c, "basic")
		vid := itoa(v.ID)
		routes := [][2]string{{"GET", ""}, {"GET", "/stats"}, {"GET", "/" + vid}, {"GET", "/" + vid + "/company-info"},
			{"GET", "/" + vid + "/representatives"}, {"GET", "/" + vid + "/banking-info"}, {"GET", "/" + vid + "/trade-info"},
			{"GET", "/" + vid + "/documents"}, {"GET", "/" + vid + "/cis-form"}, {"GET", "/" + vid + "/certificate"},
			{"GET", "/" + vid + "/events"}, {"POST", "/" + vid + "/approve"}, {"POST", "/" + vid + "/reject"},
			{"POST", "/" + vid + "/revoke"}, {"POST", "/" + vid + "/reinstate"}, {"POST", "/" + vid + "/generate-cis"}}
		anon := e.client(t)
		for _, r := range routes {
			path := "/api/admin/verifications" + r[1]
			if got := anon.do(r[0], path, map[string]string{"reason": "x"}); got.Status != http.StatusUnauthorized {
				t.Errorf("anonymous %s %s: %d", r[0], path, got.Status)
			}
			if got := c.do(r[0], path, map[string]string{"reason": "x"}); got.Status != http.StatusForbidden {
				t.Errorf("applicant %s %s: %d", r[0], path, got.Status)
			}
		}
		var after api.Verification
		c.must(http.StatusOK, "GET", "/api/verifications/"+vid, nil).JSON(t, &after)
		if after.Status != "submitted" {
			t.Fatalf("status changed to %s", after.Status)
		}
	})
}

// TestConcurrentApproveAndReject: of simultaneous decisions on one verification exactly one wins.
func TestConcurrentApproveAndReject(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "contested@acme.example")
		v := e.inReview(t, c, "basic")
		adm := e.admin(t)
		var wg sync.WaitGroup
		statuses := make(chan int, 6)
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if i%2 == 0 {
					statuses <- adm.do("POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil).Status
				} else {
					statuses <- adm.do("POST", "/api/admin/verifications/"+itoa(v.ID)+"/reject", map[string]string{"reason": "no"}).Status
				}
			}()
		}
		wg.Wait()
		close(statuses)
		counts := map[int]int{}
		for s := range statuses {
			counts[s]++
		}
		if counts[http.StatusOK] != 1 || counts[http.StatusConflict] != 5 {
			t.Fatalf("statuses %v, want one 200 and five 409", counts)
		}
	})
}

// TestAdminStatesAndFilters checks illegal decisions and the list filters.
func TestAdminStatesAndFilters(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "states@acme.example")
		var draft api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "top"}).JSON(t, &draft)
		adm := e.admin(t)
		for _, action := range []string{"approve", "generate-cis"} {
			adm.must(http.StatusConflict, "POST", "/api/admin/verifications/"+itoa(draft.ID)+"/"+action, nil)
		}
		adm.must(http.StatusConflict, "POST", "/api/admin/verifications/"+itoa(draft.ID)+"/reject", map[string]string{"reason": "no"})
		adm.must(http.StatusNotFound, "POST", "/api/admin/verifications/999999/approve", nil)
		var rows []api.AdminVerification
		adm.must(http.StatusOK, "GET", "/api/admin/verifications?publicId="+draft.PublicID, nil).JSON(t, &rows)
		if len(rows) != 1 {
			t.Fatalf("publicId filter: %d rows", len(rows))
		}
		adm.must(http.StatusOK, "GET", "/api/admin/verifications?id="+itoa(draft.ID)+"&tier=basic", nil).JSON(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("id+tier filter: %d rows", len(rows))
		}
		adm.must(http.StatusOK, "GET", "/api/admin/verifications?email=%25", nil).JSON(t, &rows) // a literal %
		if len(rows) != 0 {
			t.Fatalf("e-mail %% matched %d rows", len(rows))
		}
		adm.must(http.StatusBadRequest, "GET", "/api/admin/verifications?id=abc", nil)
	})
}

// pdfText extracts a PDF's text with poppler's pdftotext.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext is missing (make test installs poppler-utils)")
		}
		t.Skip("pdftotext not installed")
	}
	file := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// TestPublicViewIsCachedButNeverStale reads a certificate (filling the cache), then changes it in
// this process: each change shows on the very next read.
func TestPublicViewIsCachedButNeverStale(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "cached@acme.example")
		v := e.inReview(t, c, "basic")
		adm := e.admin(t)
		anon := e.client(t)
		anon.must(http.StatusForbidden, "GET", "/api/public/verifications/"+v.PublicID, nil)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		for range 3 {
			if pub := publicOf(t, anon, v.PublicID); pub.CertificateStatus != "valid" {
				t.Fatalf("after approval %+v", pub)
			}
		}
		e.clock.Advance(366 * 24 * time.Hour) // expiry is derived on every read, cached or not
		if pub := publicOf(t, anon, v.PublicID); pub.CertificateStatus != "expired" {
			t.Fatalf("after a year %+v", pub)
		}
		adm = e.admin(t)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/revoke", map[string]string{"reason": "Fraud"})
		if pub := publicOf(t, anon, v.PublicID); pub.CertificateStatus != "revoked" {
			t.Fatalf("after revocation %+v", pub)
		}
		adm.must(http.StatusNoContent, "DELETE", "/api/verifications/"+itoa(v.ID), nil)
		anon.must(http.StatusNotFound, "GET", "/api/public/verifications/"+v.PublicID, nil)
	})
}

// TestEmailSearchAtAnyBreadth checks the e-mail filter both when it matches a few users (looked up
// first) and when it matches more than can be listed (filtered by a subquery): same answers.
func TestEmailSearchAtAnyBreadth(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		if _, err := persistence.Seed(context.Background(), e.DB, persistence.SeedOptions{Verifications: 600, PerUser: 1,
			PasswordHash: "x", Now: e.clock.Now()}); err != nil {
			t.Fatal(err)
		}
		adm := e.admin(t)
		var stats map[string]float64
		total := func(query string) string {
			return adm.must(http.StatusOK, "GET", "/api/admin/verifications?"+query, nil).Header.Get("X-Total-Count")
		}
		if got := total("email=trader000012"); got != "1" { // one user
			t.Fatalf("one user: total %s", got)
		}
		// Ten users (trader000010 to 19): the total comes with the page's rows, or, past the last
		// page, from a count of its own.
		for _, page := range []string{"1", "2", "4", "5"} {
			if got := total("email=trader00001&pageSize=3&page=" + page); got != "10" {
				t.Fatalf("ten users, page %s of 3 rows: total %s", page, got)
			}
		}
		if got := total("email=seed.example"); got != "600" { // 600 users: more than are listed
			t.Fatalf("broad search: total %s", got)
		}
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats?email=SEED.EXAMPLE", nil).JSON(t, &stats)
		if stats["total"] != 600 {
			t.Fatalf("broad stats %v", stats)
		}
		var rows []api.AdminVerification
		adm.must(http.StatusOK, "GET", "/api/admin/verifications?email=seed.example&status=approved&pageSize=5", nil).JSON(t, &rows)
		for _, r := range rows {
			if r.Status != "approved" || !strings.HasSuffix(r.UserEmail, "@seed.example") {
				t.Fatalf("row %+v", r)
			}
		}
	})
}
