package tests

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestSessionSecretRotation rotates SESSION_SECRET without signing anyone out: with the old secret
// as SESSION_SECRET_PREVIOUS, existing cookies still work and are signed again with the new secret
// when used; once the previous secret is dropped, re-signed cookies go on working and cookies that
// were never used meanwhile no longer do.
func TestSessionSecretRotation(t *testing.T) {
	e := newEnv(t, "")
	active := e.register(t, "rotation@acme.example")
	idle := e.register(t, "idle@acme.example")

	serve := func(secret, previous string) string {
		e.cfg.SessionSecret, e.cfg.PreviousSessionSecret = []byte(secret), nil
		if previous != "" {
			e.cfg.PreviousSessionSecret = []byte(previous)
		}
		srv := httptest.NewServer(e.Handler())
		t.Cleanup(srv.Close)
		return srv.URL
	}
	oldSecret, newSecret := strings.Repeat("s", 32), strings.Repeat("n", 32)

	rotating := serve(newSecret, oldSecret)
	active.base = rotating
	r := active.must(http.StatusOK, "GET", "/api/user", nil)
	if !strings.Contains(r.Header.Get("Set-Cookie"), "ttt_session=") {
		t.Fatal("a cookie signed with the previous secret was not signed again with the new one")
	}
	active.must(http.StatusOK, "GET", "/api/user", nil)

	rotated := serve(newSecret, "")
	active.base, idle.base = rotated, rotated
	active.must(http.StatusOK, "GET", "/api/user", nil)
	idle.must(http.StatusUnauthorized, "GET", "/api/user", nil)
}
