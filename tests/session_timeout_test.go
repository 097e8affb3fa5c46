package tests

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestSessionsEndWhenIdleAndAtTheirLifetime: an applicant's session ends after
// SESSION_IDLE_TIMEOUT without a request and SESSION_LIFETIME after sign-in however active it is;
// an administrator's after 30 minutes idle and 12 hours in all, whatever those settings say. Use
// moves the idle deadline on and sends the cookie again, a few times per idle period.
func TestSessionsEndWhenIdleAndAtTheirLifetime(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		active, idle := e.register(t, "active-"+randomHex(4)+"@acme.test"), e.register(t, "idle-"+randomHex(4)+"@acme.test")
		e.clock.Advance(80 * time.Minute)
		for _, c := range []*client{active, idle} {
			if r := c.must(http.StatusOK, "GET", "/api/user", nil); !strings.Contains(r.Header.Get("Set-Cookie"), "ttt_session=") {
				t.Fatal("the idle deadline moved but the cookie was not sent again")
			}
		}
		e.clock.Advance(10 * time.Minute)
		if r := active.must(http.StatusOK, "GET", "/api/user", nil); r.Header.Get("Set-Cookie") != "" {
			t.Error("the cookie was sent again 10 minutes after it last was (less than a quarter of the idle time)")
		}
		e.clock.Advance(70 * time.Minute)
		active.must(http.StatusOK, "GET", "/api/user", nil) // 2 h 40 after sign-in, 80 min after the last move
		e.clock.Advance(80 * time.Minute)
		active.must(http.StatusOK, "GET", "/api/user", nil) // 4 h: the idle one last came 2 h 40 ago
		idle.must(http.StatusUnauthorized, "GET", "/api/user", nil)
		e.clock.Advance(59 * time.Minute)
		active.must(http.StatusOK, "GET", "/api/user", nil)
		e.clock.Advance(2 * time.Minute) // 5 h 01 after sign-in, 2 minutes after the last request
		active.must(http.StatusUnauthorized, "GET", "/api/user", nil)

		admin := func() *client {
			email := "admin-" + randomHex(4) + "@ttt.example"
			if _, err := e.Auth.EnsureAdmin(context.Background(), email, "admin-password-long"); err != nil {
				t.Fatal(err)
			}
			c := e.client(t)
			c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": email, "password": "admin-password-long"})
			return c
		}
		busy, away := admin(), admin()
		stats := func(c *client, status int) { c.must(status, "GET", "/api/admin/verifications/stats", nil) }
		e.clock.Advance(20 * time.Minute)
		stats(busy, http.StatusOK)
		e.clock.Advance(9 * time.Minute)
		stats(away, http.StatusOK) // 29 minutes idle
		e.clock.Advance(11 * time.Minute)
		stats(busy, http.StatusOK)
		e.clock.Advance(20 * time.Minute)
		stats(busy, http.StatusOK)
		stats(away, http.StatusUnauthorized) // 31 minutes idle
		for range 32 {                       // every 20 minutes: 11 h 40 after sign-in
			e.clock.Advance(20 * time.Minute)
			stats(busy, http.StatusOK)
		}
		e.clock.Advance(19 * time.Minute)
		stats(busy, http.StatusOK)
		e.clock.Advance(2 * time.Minute) // 12 h 01 after sign-in
		busy.must(http.StatusUnauthorized, "GET", "/api/user", nil)
	}, func(_ *testing.T, e *env) {
		e.cfg.SessionIdleTimeout, e.cfg.SessionLifetime = 2*time.Hour, 5*time.Hour
	})
}
