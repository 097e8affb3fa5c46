package tests

import (
	"net/http"
	"testing"
	"time"
)

// TestPublicCacheFollowsChangesMadeOnAnotherServer runs two servers on one PostgreSQL database.
// The second one caches a certificate (PUBLIC_CACHE_TTL is 10 s here); a revocation and then a
// deletion made through the first show on the second within a second, on the certificate's page
// and its credential (kept signed in the same cache entry).
func TestPublicCacheFollowsChangesMadeOnAnotherServer(t *testing.T) {
	url := postgresDatabase(t)
	one, two := newEnv(t, url), newEnv(t, url)
	c := one.register(t, "two-servers@acme.example")
	v := one.inReview(t, c, "basic")
	adm := one.admin(t)
	adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
	anon := two.client(t)
	if pub := publicOf(t, anon, v.PublicID); pub.CertificateStatus != "valid" {
		t.Fatalf("after approval %+v", pub)
	}
	credential := "/api/public/verifications/" + v.PublicID + "/credential"
	anon.must(http.StatusOK, "GET", credential, nil)

	adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/revoke", map[string]string{"reason": "Fraud"})
	waitFor(t, "the revocation to show on the other server", func() bool {
		return publicOf(t, anon, v.PublicID).CertificateStatus == "revoked"
	})
	anon.must(http.StatusConflict, "GET", credential, nil)
	adm.must(http.StatusNoContent, "DELETE", "/api/verifications/"+itoa(v.ID), nil)
	waitFor(t, "the deletion to show on the other server", func() bool {
		return anon.do("GET", "/api/public/verifications/"+v.PublicID, nil).Status == http.StatusNotFound
	})
}

// waitFor polls cond for up to a second.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > time.Second {
			t.Fatalf("waited more than a second for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("%s after %v", what, time.Since(start).Round(time.Millisecond))
}
