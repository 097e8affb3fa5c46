package tests

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/user"
)

func TestSessionLifecycle(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		anon := e.client(t)
		if r := anon.do("GET", "/api/user", nil); r.Status != http.StatusUnauthorized {
			t.Fatalf("anonymous /api/user: %d", r.Status)
		}
		c := e.register(t, "Session@Acme.example")
		me := c.must(http.StatusOK, "GET", "/api/user", nil).Map(t)
		if me["email"] != "session@acme.example" || me["isAdmin"] != false {
			t.Fatalf("current user %v", me)
		}
		// The cookie is HttpOnly and SameSite=Lax.
		r := e.client(t).do("POST", "/api/login", map[string]string{"email": "session@acme.example", "password": "tangerine-42"})
		cookie := r.Header.Get("Set-Cookie")
		if r.Status != http.StatusOK || !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Lax") {
			t.Fatalf("login: %d cookie %q", r.Status, cookie)
		}
		// Registering the same address twice, in any case, is refused.
		dup := e.client(t).do("POST", "/api/register", map[string]string{"email": "SESSION@acme.example", "password": "tangerine-42"})
		if dup.Status != http.StatusConflict || !strings.Contains(string(dup.Body), "already exists") {
			t.Fatalf("duplicate register: %d %s", dup.Status, dup.Body)
		}
		// Wrong password and unknown user give the same answer.
		bad := e.client(t).do("POST", "/api/login", map[string]string{"email": "session@acme.example", "password": "wrong-password"})
		unknown := e.client(t).do("POST", "/api/login", map[string]string{"email": "nobody@acme.example", "password": "wrong-password"})
		if bad.Status != http.StatusUnauthorized || string(bad.Body) != string(unknown.Body) || unknown.Status != bad.Status {
			t.Fatalf("bad login %d %s / unknown %d %s", bad.Status, bad.Body, unknown.Status, unknown.Body)
		}
		// Logout ends the session on the server: replaying the old cookie does not work.
		old := c.http.Jar.Cookies(mustURL(t, e.srv.URL))
		c.must(http.StatusNoContent, "POST", "/api/logout", nil)
		replay := e.client(t)
		replay.http.Jar.SetCookies(mustURL(t, e.srv.URL), old)
		if r := replay.do("GET", "/api/user", nil); r.Status != http.StatusUnauthorized {
			t.Fatalf("replayed cookie after logout: %d", r.Status)
		}
		// A forged cookie is refused.
		forged := e.client(t)
		forged.http.Jar.SetCookies(mustURL(t, e.srv.URL), []*http.Cookie{{Name: "ttt_session", Value: "eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4In0."}})
		if r := forged.do("GET", "/api/user", nil); r.Status != http.StatusUnauthorized {
			t.Fatalf("forged cookie: %d", r.Status)
		}
	})
}

func TestChangePasswordEndsOtherSessions(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		laptop := e.register(t, "pw@acme.example")
		phone := e.client(t)
		phone.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "pw@acme.example", "password": "tangerine-42"})

		var body struct{ Errors map[string]string }
		laptop.must(http.StatusBadRequest, "POST", "/api/change-password", map[string]string{"currentPassword": "", "newPassword": "123"}).JSON(t, &body)
		if body.Errors["currentPassword"] != "Current password is required" || body.Errors["newPassword"] != "New password must be at least 6 characters" {
			t.Fatalf("errors %v", body.Errors)
		}
		laptop.must(http.StatusBadRequest, "POST", "/api/change-password", map[string]string{"currentPassword": "not-it", "newPassword": "new-secret"})
		laptop.must(http.StatusNoContent, "POST", "/api/change-password", map[string]string{"currentPassword": "tangerine-42", "newPassword": "new-secret"})

		laptop.must(http.StatusOK, "GET", "/api/user", nil) // this session goes on
		if r := phone.do("GET", "/api/user", nil); r.Status != http.StatusUnauthorized {
			t.Fatalf("other session after password change: %d", r.Status)
		}
		e.client(t).must(http.StatusUnauthorized, "POST", "/api/login", map[string]string{"email": "pw@acme.example", "password": "tangerine-42"})
		e.client(t).must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "pw@acme.example", "password": "new-secret"})
	})
}

func TestLoginIsRateLimited(t *testing.T) {
	e := newEnv(t, "")
	e.cfg.AuthRateLimit = 10
	srv := httptest.NewServer(e.Handler()) // a handler with the limit on
	t.Cleanup(srv.Close)
	c := e.client(t)
	c.base = srv.URL
	statuses := map[int]int{}
	for range 12 {
		statuses[c.do("POST", "/api/login", map[string]string{"email": "x@acme.example", "password": "whatever"}).Status]++
	}
	if statuses[http.StatusUnauthorized] != 10 || statuses[http.StatusTooManyRequests] != 2 {
		t.Fatalf("statuses %v, want 10x401 then 2x429", statuses)
	}
}

func TestCrossSiteWritesAreRefused(t *testing.T) {
	e := newEnv(t, "")
	c := e.register(t, "csrf@acme.example")
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/verifications", strings.NewReader(`{"tier":"basic"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "https://evil.example")
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-site POST: %d, want 403", res.StatusCode)
	}
	if r := c.must(http.StatusOK, "GET", "/api/verifications", nil); r.Header.Get("X-Total-Count") != "0" {
		t.Fatal("cross-site POST created a verification")
	}
}

// TestOriginCheckAcceptsOnlyThePublicOrigin: a write is accepted from PUBLIC_BASE_URL's origin
// alone. Behind a TLS-terminating balancer that sends no X-Forwarded-Proto the server sees plain
// http on the site's own host, so a page served over http on that host (which anyone on the network
// can forge) must not pass for the site; nor may a client choose the scheme with X-Forwarded-Proto.
func TestOriginCheckAcceptsOnlyThePublicOrigin(t *testing.T) {
	for public, origins := range map[string]map[string]int{
		"http://verify.test": {"http://verify.test": http.StatusUnauthorized, "https://verify.test": http.StatusForbidden,
			"http://127.0.0.1": http.StatusForbidden},
		"https://verify.test": {"https://verify.test": http.StatusUnauthorized, "http://verify.test": http.StatusForbidden},
	} {
		e := newEnv(t, "", func(_ *testing.T, e *env) { e.cfg.PublicBaseURL = public })
		host := strings.TrimPrefix(e.srv.URL, "http://")
		origins["http://"+host] = http.StatusForbidden // the address the request came to is not the site
		for origin, want := range origins {
			for _, proto := range []string{"", "http", "https"} {
				req, _ := http.NewRequest("POST", e.srv.URL+"/api/login",
					strings.NewReader(`{"email":"nobody@acme.example","password":"not-the-password"}`))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Origin", origin)
				if strings.HasSuffix(origin, "verify.test") {
					req.Host = "verify.test" // as the balancer forwards it
				}
				if proto != "" {
					req.Header.Set("X-Forwarded-Proto", proto)
				}
				res, err := e.client(t).http.Do(req) // not c.send: the refusal is the middleware's, on every route
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if res.StatusCode != want {
					t.Errorf("PUBLIC_BASE_URL %s, Origin %s, X-Forwarded-Proto %q: %d, want %d", public, origin, proto, res.StatusCode, want)
				}
			}
		}
	}
}

func TestAdminFromEnvironmentAndCommand(t *testing.T) {
	e := newEnv(t, "")
	u, err := e.Auth.EnsureAdmin(context.Background(), "Boss@TTT.example", "admin-password")
	if err != nil || u.Role != user.Admin {
		t.Fatalf("ensure admin: %v %+v", err, u)
	}
	c := e.client(t)
	me := c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "boss@ttt.example", "password": "admin-password"}).Map(t)
	if me["isAdmin"] != true || me["role"] != "admin" {
		t.Fatalf("admin login %v", me)
	}
	if _, err := e.Auth.EnsureAdmin(context.Background(), "short@ttt.example", "eleven-char"); err == nil {
		t.Fatal("an administrator password of 11 characters was accepted")
	}
}

// TestAdminPromotionEndsSessions: ADMIN_EMAIL naming an account someone registered earlier must not
// turn that person's session into an administrator's. Promotion needs the explicit flag and ends
// every session of the account.
func TestAdminPromotionEndsSessions(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		squatter := e.register(t, "promote@acme.example")
		_, err := e.Auth.EnsureAdmin(ctx, "promote@acme.example", "new-admin-password")
		if k, ok := errs.As(err); !ok || k.Kind() != errs.KindConflict {
			t.Fatalf("promotion without the flag: %v, want a conflict", err)
		}
		if e.user(t, "promote@acme.example").Role != user.NoRole {
			t.Fatal("promoted without the flag")
		}
		if me := squatter.must(http.StatusOK, "GET", "/api/user", nil).Map(t); me["isAdmin"] != false {
			t.Fatalf("session after refused promotion: %v", me)
		}
		if _, err := e.Auth.PromoteAdmin(ctx, "promote@acme.example", "new-admin-password"); err != nil {
			t.Fatal(err)
		}
		if e.user(t, "promote@acme.example").Role != user.Admin {
			t.Fatal("user not promoted")
		}
		squatter.must(http.StatusUnauthorized, "GET", "/api/user", nil)
		squatter.must(http.StatusUnauthorized, "POST", "/api/login", map[string]string{"email": "promote@acme.example", "password": "tangerine-42"})
		admin := e.client(t)
		admin.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "promote@acme.example", "password": "new-admin-password"})
		admin.must(http.StatusOK, "GET", "/api/admin/verifications", nil)
	})
}

// TestAdminRestartKeepsSessions: starting again with the same ADMIN_PASSWORD changes nothing; a
// different one replaces the password and ends the administrator's sessions.
func TestAdminRestartKeepsSessions(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		admin := e.admin(t)
		if _, err := e.Auth.EnsureAdmin(ctx, "admin@ttt.example", "admin-secret"); err != nil {
			t.Fatal(err)
		}
		admin.must(http.StatusOK, "GET", "/api/admin/verifications", nil)
		if _, err := e.Auth.EnsureAdmin(ctx, "admin@ttt.example", "rotated-admin-secret"); err != nil {
			t.Fatal(err)
		}
		admin.must(http.StatusUnauthorized, "GET", "/api/admin/verifications", nil)
		e.client(t).must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "admin@ttt.example", "password": "rotated-admin-secret"})
	})
}

// TestConcurrentSubmitsOneWins fires the same transition many times at once: exactly one succeeds.
func TestConcurrentSubmitsOneWins(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "race@acme.example")
		v := fillVerification(t, c, "basic")
		var wg sync.WaitGroup
		results := make(chan int, 8)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results <- c.do("POST", "/api/verifications/"+itoa(v.ID)+"/submit", nil).Status
			}()
		}
		wg.Wait()
		close(results)
		counts := map[int]int{}
		for s := range results {
			counts[s]++
		}
		if counts[http.StatusOK] != 1 || counts[http.StatusConflict] != 7 {
			t.Fatalf("statuses %v, want one 200 and seven 409", counts)
		}
		events, _ := e.Svc.Verifications.AuditTrail(context.Background(), v.ID)
		if len(events) != 2 {
			t.Fatalf("%d audit events, want create + one submit", len(events))
		}
	})
}

func TestDeleteRules(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "delete@acme.example")
		var draft api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &draft)
		sub := submitted(t, c, "top")
		c.must(http.StatusNoContent, "DELETE", "/api/verifications/"+itoa(draft.ID), nil)
		c.must(http.StatusNotFound, "GET", "/api/verifications/"+itoa(draft.ID), nil)
		c.must(http.StatusNotFound, "DELETE", "/api/verifications/"+itoa(draft.ID), nil)
		r := c.must(http.StatusConflict, "DELETE", "/api/verifications/"+itoa(sub.ID), nil)
		if !strings.Contains(r.Map(t)["message"].(string), "never paid") {
			t.Fatalf("message %s", r.Body)
		}
		// Soft delete: the row is still there, flagged.
		var deleted bool
		if err := e.DB.NewSelect().Table("verifications").Column("deleted").Where("id = ?", draft.ID).Scan(context.Background(), &deleted); err != nil || !deleted {
			t.Fatalf("deleted flag %v, %v", deleted, err)
		}
		if r := c.must(http.StatusOK, "GET", "/api/verifications", nil); r.Header.Get("X-Total-Count") != "1" {
			t.Fatalf("list total %s after delete", r.Header.Get("X-Total-Count"))
		}
	})
}

func TestListPagingSortingFiltering(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "list@acme.example")
		var ids []int64
		for i := range 12 {
			tier := "basic"
			if i%3 == 0 {
				tier = "top"
			}
			var v api.Verification
			c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": tier}).JSON(t, &v)
			ids = append(ids, v.ID)
		}
		var page []api.Verification
		r := c.must(http.StatusOK, "GET", "/api/verifications", nil)
		r.JSON(t, &page)
		if len(page) != 10 || r.Header.Get("X-Total-Count") != "12" || page[0].ID != ids[11] {
			t.Fatalf("default page: %d items, total %s, first %d", len(page), r.Header.Get("X-Total-Count"), page[0].ID)
		}
		c.must(http.StatusOK, "GET", "/api/verifications?page=2", nil).JSON(t, &page)
		if len(page) != 2 || page[1].ID != ids[0] {
			t.Fatalf("page 2: %+v", page)
		}
		r = c.must(http.StatusOK, "GET", "/api/verifications?page=3", nil) // past the end: no rows, the same total
		r.JSON(t, &page)
		if len(page) != 0 || r.Header.Get("X-Total-Count") != "12" {
			t.Fatalf("page 3: %d items, total %s", len(page), r.Header.Get("X-Total-Count"))
		}
		c.must(http.StatusOK, "GET", "/api/verifications?sort=id&order=asc&pageSize=3", nil).JSON(t, &page)
		if len(page) != 3 || page[0].ID != ids[0] || page[2].ID != ids[2] {
			t.Fatalf("sorted by id: %+v", page)
		}
		r = c.must(http.StatusOK, "GET", "/api/verifications?tier=top&status=draft", nil)
		if r.Header.Get("X-Total-Count") != "4" {
			t.Fatalf("top drafts: %s", r.Header.Get("X-Total-Count"))
		}
		for _, bad := range []string{"sort=password", "order=sideways", "page=0", "pageSize=101", "status=paid", "tier=gold"} {
			c.must(http.StatusBadRequest, "GET", "/api/verifications?"+bad, nil)
		}
	})
}
