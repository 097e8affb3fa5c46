package tests

import (
	"net/http"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestNoCISForARevokedOrExpiredCertificate: a CIS reads "Valid until … Verified Trading Partner",
// so, like the certificate PDF, none is downloaded, generated, shared or opened through a link
// while the certificate is revoked or expired: each answers 409 with the reason. A revocation
// withdraws the verification's share links for good (audited); a reinstatement brings back the CIS,
// not the links.
func TestNoCISForARevokedOrExpiredCertificate(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		owner, adm, v := e.withCIS(t, "cis-revoked@acme.example")
		vid := itoa(v.ID)
		base := "/api/verifications/" + vid + "/cis-form"
		var cis api.CISForm
		owner.must(http.StatusOK, "GET", base, nil).JSON(t, &cis)
		var before api.Share
		owner.must(http.StatusOK, "POST", base+"/share", nil).JSON(t, &before)
		anon := e.client(t)
		anon.must(http.StatusOK, "GET", before.URL, nil)

		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/revoke", map[string]string{"reason": "Documents found forged"})
		refusedEverywhere(t, "revoked", owner, adm, anon, vid, cis.URL, before.URL)
		var links []api.ShareLink
		owner.must(http.StatusOK, "GET", base+"/shares", nil).JSON(t, &links)
		if len(links) != 0 {
			t.Errorf("links still listed after the revocation: %+v", links)
		}
		if a := e.audit(t, v.ID); a["revoke-share"] != 1 {
			t.Errorf("audit %v, want the revocation's withdrawal of the link as one revoke-share", a)
		}

		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/reinstate", map[string]string{"reason": "The registry had confused two companies"})
		owner.must(http.StatusOK, "GET", cis.URL, nil)
		anon.mustFail(http.StatusGone, api.Error{Message: "This link has been withdrawn by the company that shared it"}, "GET", before.URL, nil)
		var after api.Share
		owner.must(http.StatusOK, "POST", base+"/share", nil).JSON(t, &after)
		anon.must(http.StatusOK, "GET", after.URL, nil)

		e.clock.Advance(366 * 24 * time.Hour)
		owner = e.client(t) // sessions last a week: sign in again
		owner.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "cis-revoked@acme.example", "password": "tangerine-42"})
		refusedEverywhere(t, "expired", owner, e.admin(t), anon, vid, cis.URL, after.URL)
	})
}

// refusedEverywhere fails unless every way to a CIS answers 409 "This certificate is <status>, so
// its CIS is no longer issued": the owner's and the administrator's form and download, a new
// sheet, a new link and the link shared.
func refusedEverywhere(t *testing.T, status string, owner, adm, anon *client, vid, file, shared string) {
	t.Helper()
	refusal := api.Error{Message: "This certificate is " + status + ", so its CIS is no longer issued"}
	owner.mustFail(http.StatusConflict, refusal, "GET", "/api/verifications/"+vid+"/cis-form", nil)
	owner.mustFail(http.StatusConflict, refusal, "GET", file, nil)
	owner.mustFail(http.StatusConflict, refusal, "POST", "/api/verifications/"+vid+"/cis-form/share", nil)
	adm.mustFail(http.StatusConflict, refusal, "GET", "/api/admin/verifications/"+vid+"/cis-form", nil)
	adm.mustFail(http.StatusConflict, refusal, "GET", file, nil)
	adm.mustFail(http.StatusConflict, refusal, "POST", "/api/admin/verifications/"+vid+"/generate-cis", nil)
	anon.mustFail(http.StatusConflict, refusal, "GET", shared, nil)
}
