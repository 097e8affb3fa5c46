package tests

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestBadgeShowsTheLiveStatus: the badge a company puts on its website names the company and the
// tier and says VALID with the expiry date; a browser revalidating with its ETag gets 304 while
// nothing changed; after a revocation, a reinstatement and the expiry the same address reads
// REVOKED, VALID and EXPIRED. Never-approved and unknown certificates have no badge.
func TestBadgeShowsTheLiveStatus(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		adm := e.admin(t)
		v := e.approvedCompany(t, adm, "badge@boreal.example", `Borealis <Trading> & Sons GmbH`, "HRB-12121")
		path := "/api/public/verifications/" + v.PublicID + "/badge.svg"
		anon := e.client(t)

		badge := func(want ...string) response {
			t.Helper()
			r := anon.must(http.StatusOK, "GET", path, nil)
			if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") {
				t.Fatalf("Content-Type %q", ct)
			}
			for _, w := range want {
				if !strings.Contains(string(r.Body), w) {
					t.Errorf("badge lacks %q:\n%s", w, r.Body)
				}
			}
			return r
		}
		expires := v.ExpiresAt.UTC().Format("2 Jan 2006")
		valid := badge("Borealis &lt;Trading&gt; &amp; Sons GmbH", "Verified by TTT Verify · Basic", ">VALID</tspan> · valid until "+expires)
		if strings.Contains(string(valid.Body), "<Trading>") {
			t.Error("the company name reaches the SVG unescaped")
		}
		if cc := valid.Header.Get("Cache-Control"); cc != "public, max-age=60, must-revalidate" {
			t.Errorf("Cache-Control %q", cc)
		}
		etag := valid.Header.Get("ETag")
		req, _ := http.NewRequest(http.MethodGet, anon.base+path, nil)
		req.Header.Set("If-None-Match", etag)
		if r := anon.send(req); r.Status != http.StatusNotModified {
			t.Errorf("revalidation with the same ETag: %d, want 304", r.Status)
		}

		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/revoke", map[string]string{"reason": "Forged"})
		revoked := badge(">REVOKED</tspan> · on " + e.clock.Now().UTC().Format("2 Jan 2006"))
		if revoked.Header.Get("ETag") == etag {
			t.Error("the revoked badge kept the valid badge's ETag")
		}
		req.Header.Set("If-None-Match", etag)
		if r := anon.send(req); r.Status != http.StatusOK {
			t.Errorf("revalidation after the revocation: %d, want 200 with the new badge", r.Status)
		}
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/reinstate", map[string]string{"reason": "Documents re-checked"})
		badge(">VALID</tspan>")
		e.clock.Advance(366 * 24 * time.Hour)
		badge(">EXPIRED</tspan> · on " + expires)

		pending := e.paidFor(t, companyVerification(t, e.register(t, "wait@boreal.example"), "Borealis Pending AG", "HRB-77701"))
		anon.must(http.StatusForbidden, "GET", "/api/public/verifications/"+pending.PublicID+"/badge.svg", nil)
		anon.mustFail(http.StatusNotFound, api.Error{Message: "Not found"}, "GET",
			"/api/public/verifications/NOPE123/badge.svg", nil)
	})
}
