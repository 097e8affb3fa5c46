package tests

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/cmd/server/app"
)

// TestShareLinksAreListedWithdrawnAndMasked: the owner sees the links that still work and withdraws
// one at once; a link lasts three days by default; the copy it serves masks passport and account
// numbers, while the owner's own CIS keeps them.
func TestShareLinksAreListedWithdrawnAndMasked(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		owner, _, v := e.withCIS(t, "sharer@acme.example")
		base := "/api/verifications/" + itoa(v.ID) + "/cis-form"

		var first, second api.Share
		before := e.clock.Now()
		owner.must(http.StatusOK, "POST", base+"/share", nil).JSON(t, &first)
		if life := first.ExpiresAt.Sub(before); life < app.DefaultShareLinkTTL || life > app.DefaultShareLinkTTL+time.Minute || app.DefaultShareLinkTTL != 72*time.Hour {
			t.Fatalf("link lasts %s, want 72h", life)
		}
		owner.must(http.StatusOK, "POST", base+"/share", nil).JSON(t, &second)

		anon := e.client(t)
		shared := pdfText(t, anon.must(http.StatusOK, "GET", first.URL, nil).Body)
		for _, want := range []string{"Acme Metals Ltd", "Jane Doe", "NWBKGB2L", "•••••567", "6819", "1980", "masked"} {
			if !strings.Contains(shared, want) {
				t.Errorf("shared CIS lacks %q", want)
			}
		}
		for _, secret := range []string{"P1234567", "GB29NWBK60161331926819", "31 January 1980", "1980-01-31"} {
			if strings.Contains(shared, secret) {
				t.Errorf("shared CIS shows %q", secret)
			}
		}
		var cis api.CISForm
		owner.must(http.StatusOK, "GET", base, nil).JSON(t, &cis)
		if own := pdfText(t, owner.must(http.StatusOK, "GET", cis.URL, nil).Body); !strings.Contains(own, "P1234567") {
			t.Error("the owner's own CIS lost the passport number")
		}

		var links []api.ShareLink
		owner.must(http.StatusOK, "GET", base+"/shares", nil).JSON(t, &links)
		if len(links) != 2 || links[1].Used != true || links[1].UsedAt == nil || links[0].Used {
			t.Fatalf("links %+v, want the second (unused) then the first (used)", links)
		}
		stranger := e.register(t, "stranger-share@acme.example")
		stranger.must(http.StatusNotFound, "GET", base+"/shares", nil)
		stranger.must(http.StatusNotFound, "DELETE", base+"/shares/"+itoa(links[1].ID), nil)
		owner.must(http.StatusNotFound, "DELETE", base+"/shares/424242", nil)

		owner.must(http.StatusNoContent, "DELETE", base+"/shares/"+itoa(links[1].ID), nil)
		anon.mustFail(http.StatusGone, api.Error{Message: "This link has been withdrawn by the company that shared it"}, "GET", first.URL, nil)
		owner.must(http.StatusOK, "GET", base+"/shares", nil).JSON(t, &links)
		if len(links) != 1 {
			t.Fatalf("after withdrawing one: %+v", links)
		}
		if a := e.audit(t, v.ID); a["revoke-share"] != 1 {
			t.Errorf("audit %v, want one revoke-share", a)
		}

		e.clock.Advance(app.DefaultShareLinkTTL + time.Minute)
		anon.must(http.StatusGone, "GET", second.URL, nil)
		owner = e.client(t)
		owner.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "sharer@acme.example", "password": "tangerine-42"})
		owner.must(http.StatusOK, "GET", base+"/shares", nil).JSON(t, &links)
		if len(links) != 0 {
			t.Fatalf("expired links still listed: %+v", links)
		}
	})
}

// withCIS registers an applicant whose Basic verification is approved with its CIS generated; it
// returns them, signed in, an administrator and the verification.
func (e *env) withCIS(t *testing.T, email string) (owner, adm *client, v api.Verification) {
	t.Helper()
	owner = e.register(t, email)
	v = e.inReview(t, owner, "basic")
	adm = e.admin(t)
	adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
	adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/generate-cis", nil)
	return owner, adm, v
}
