package tests

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestPublicAnswersExpireWhileCached: the public page, the badge and the credential of a
// certificate are kept ready-made for the public cache's lifetime, yet a certificate that expires
// within that lifetime reads expired on all three at the next request: the page and the badge say
// so, and the credential is no longer issued.
func TestPublicAnswersExpireWhileCached(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		v := e.approvedCompany(t, e.admin(t), "expiring@boreal.example", "Borealis Expiring AG", "HRB-31337")
		anon := e.client(t)
		base := "/api/public/verifications/" + v.PublicID
		// Five seconds before the expiry: each answer is made and kept (PUBLIC_CACHE_TTL is 10 s here).
		e.clock.Advance(v.ExpiresAt.Sub(e.clock.Now()) - 5*time.Second)
		for range 2 {
			if pub := publicOf(t, anon, v.PublicID); pub.CertificateStatus != "valid" {
				t.Fatalf("before the expiry: %+v", pub)
			}
			if badge := anon.must(http.StatusOK, "GET", base+"/badge.svg", nil); !strings.Contains(string(badge.Body), ">VALID<") {
				t.Fatalf("badge before the expiry:\n%s", badge.Body)
			}
			anon.must(http.StatusOK, "GET", base+"/credential", nil)
		}

		e.clock.Advance(6 * time.Second)
		if pub := publicOf(t, anon, v.PublicID); pub.CertificateStatus != "expired" {
			t.Errorf("after the expiry the page says %q", pub.CertificateStatus)
		}
		if badge := anon.must(http.StatusOK, "GET", base+"/badge.svg", nil); !strings.Contains(string(badge.Body), ">EXPIRED<") {
			t.Errorf("badge after the expiry:\n%s", badge.Body)
		}
		anon.must(http.StatusConflict, "GET", base+"/credential", nil)
	})
}

// approvedCompany is the approved verification of a company that owner registered.
func (e *env) approvedCompany(t *testing.T, adm *client, owner, name, number string) api.Verification {
	t.Helper()
	v := e.paidFor(t, companyVerification(t, e.register(t, owner), name, number))
	adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil).JSON(t, &v)
	return v
}

// TestPublicPageOfADraftWithoutCompany: a draft with no company section yet is a certificate
// that is not available (403), not an unknown one, on the page, the badge and the credential.
func TestPublicPageOfADraftWithoutCompany(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		var draft api.Verification
		e.register(t, "draft@boreal.example").must(http.StatusCreated, "POST", "/api/verifications",
			map[string]string{"tier": "basic"}).JSON(t, &draft)
		anon := e.client(t)
		for _, path := range []string{"", "/badge.svg", "/credential"} {
			anon.must(http.StatusForbidden, "GET", "/api/public/verifications/"+draft.PublicID+path, nil)
		}
	})
}
