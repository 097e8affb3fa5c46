package tests

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/mail/smtptest"
)

const resetSent = "If an account exists for that e-mail, we have sent a link to reset the password. It is valid for 1 hour."

var (
	resetInvalid = api.Error{Message: "This reset link is invalid or has expired"}
	resetLinkRE  = regexp.MustCompile(`http://verify\.test/reset-password\?token=([A-Za-z0-9_-]+)`)
)

// resetToken waits for the nth reset link to rcpt and returns its token (MailDev lists messages
// in the order they arrived; the account's other messages, such as its welcome, are skipped).
func resetToken(t *testing.T, smtp *smtptest.Server, rcpt string, n int) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var tokens []string
		for _, msg := range smtp.Messages(t, rcpt) {
			if m := resetLinkRE.FindStringSubmatch(msg.Text); m != nil {
				tokens = append(tokens, m[1])
			}
		}
		if len(tokens) >= n {
			return tokens[n-1]
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d reset links to %s arrived, want %d", len(tokens), rcpt, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func accountEvents(t *testing.T, e *env, userID int64, action string) int64 {
	t.Helper()
	n, err := e.DB.NewSelect().Table("account_events").Where("user_id = ? AND action = ?", userID, action).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The reset link arrives by e-mail, sets a new password, ends every session and works once; an
// unknown e-mail gets the same answer and no message.
func TestPasswordResetJourney(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		email := "reset-" + randomHex(6) + "@acme.test"
		unknown := "nobody-" + randomHex(6) + "@acme.test"
		old := e.register(t, email)
		other := e.client(t)
		other.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": email, "password": "tangerine-42"})

		anon := e.client(t)
		known := anon.must(http.StatusAccepted, "POST", "/api/password-reset/request", map[string]string{"email": strings.ToUpper(email)})
		unknownRes := anon.must(http.StatusAccepted, "POST", "/api/password-reset/request", map[string]string{"email": unknown})
		if string(known.Body) != string(unknownRes.Body) {
			t.Fatalf("known and unknown e-mails answered differently: %s vs %s", known.Body, unknownRes.Body)
		}
		if got := known.Map(t)["message"]; got != resetSent {
			t.Errorf("message %q", got)
		}
		anon.mustFail(http.StatusBadRequest, api.Error{Message: "Please enter a valid email",
			Errors: map[string]string{"email": "Please enter a valid email"}}, "POST", "/api/password-reset/request", map[string]string{"email": "nope"})

		token := resetToken(t, smtp, email, 1)
		smtp.WaitForSubject(t, email, "Reset your TTT Verify password")
		if u := e.user(t, email); accountEvents(t, e, u.ID, "password-reset-requested") != 1 {
			t.Error("the granted request is not in the account's audit events")
		}

		anon.mustFail(http.StatusBadRequest, api.Error{Message: "New password must be at least 6 characters",
			Errors: map[string]string{"newPassword": "New password must be at least 6 characters"}},
			"POST", "/api/password-reset/confirm", map[string]string{"token": token, "newPassword": "short"})
		anon.mustFail(http.StatusBadRequest, resetInvalid, "POST", "/api/password-reset/confirm",
			map[string]string{"token": token + "x", "newPassword": "brand-new-pass"})
		anon.must(http.StatusNoContent, "POST", "/api/password-reset/confirm", map[string]string{"token": token, "newPassword": "brand-new-pass"})

		old.must(http.StatusUnauthorized, "GET", "/api/user", nil)
		other.must(http.StatusUnauthorized, "GET", "/api/user", nil)
		anon.mustFail(http.StatusBadRequest, resetInvalid, "POST", "/api/password-reset/confirm",
			map[string]string{"token": token, "newPassword": "another-pass"})
		e.client(t).must(http.StatusUnauthorized, "POST", "/api/login", map[string]string{"email": email, "password": "tangerine-42"})
		fresh := e.client(t)
		fresh.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": email, "password": "brand-new-pass"})
		if u := e.user(t, email); accountEvents(t, e, u.ID, "password-reset") != 1 {
			t.Error("the reset is not in the account's audit events")
		}

		smtp.WaitForSubject(t, email, "Your TTT Verify password was changed")
		// The bell shows the change (never the reset link, which is for the e-mail's reader only).
		if got := fresh.bellKinds(); !slices.Equal(got, []string{"password_changed", "account_created"}) {
			t.Errorf("bell after the reset %q", got)
		}
		expectSubjects(t, smtp, email, "Welcome to TTT Verify", "Reset your TTT Verify password", "Your TTT Verify password was changed")
		time.Sleep(300 * time.Millisecond) // the unknown address's job, were there one, has had its turn
		if got := smtp.Messages(t, unknown); len(got) != 0 {
			t.Errorf("an unknown e-mail received %d messages", len(got))
		}
	}, withMail(smtp))
}

// A link expires after an hour, and a newer request supersedes an older link.
func TestPasswordResetExpiresAndIsSuperseded(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		email := "expiry-" + randomHex(6) + "@acme.test"
		e.register(t, email)
		c := e.client(t)
		request := func() {
			c.must(http.StatusAccepted, "POST", "/api/password-reset/request", map[string]string{"email": email})
		}

		request()
		first := resetToken(t, smtp, email, 1)
		e.clock.Advance(time.Hour + time.Second)
		c.mustFail(http.StatusBadRequest, resetInvalid, "POST", "/api/password-reset/confirm",
			map[string]string{"token": first, "newPassword": "brand-new-pass"})

		request()
		second := resetToken(t, smtp, email, 2)
		request()
		third := resetToken(t, smtp, email, 3)
		if second == third {
			t.Fatal("two requests gave the same token")
		}
		c.mustFail(http.StatusBadRequest, resetInvalid, "POST", "/api/password-reset/confirm",
			map[string]string{"token": second, "newPassword": "brand-new-pass"})
		e.clock.Advance(59 * time.Minute)
		c.must(http.StatusNoContent, "POST", "/api/password-reset/confirm", map[string]string{"token": third, "newPassword": "brand-new-pass"})
	}, withMail(smtp))
}

// Reset requests are throttled per e-mail address (known or not) and per client address.
func TestPasswordResetIsThrottled(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.client(t)
		ask := func(email string) response {
			return c.do("POST", "/api/password-reset/request", map[string]string{"email": email})
		}
		for i := range 3 {
			if r := ask("flood@acme.test"); r.Status != http.StatusAccepted {
				t.Fatalf("request %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		r := ask("FLOOD@acme.test")
		if r.Status != http.StatusTooManyRequests || r.Map(t)["message"] != "Too many reset requests for this e-mail. Please wait a few minutes and try again." {
			t.Fatalf("fourth request for one e-mail: %d %s", r.Status, r.Body)
		}
		if r := ask("other@acme.test"); r.Status != http.StatusAccepted {
			t.Fatalf("another e-mail: %d %s", r.Status, r.Body)
		}
		r = ask("third@acme.test")
		if r.Status != http.StatusTooManyRequests || r.Map(t)["message"] != "Too many attempts. Please wait a minute and try again." {
			t.Fatalf("sixth request from one address: %d %s", r.Status, r.Body)
		}
	}, func(_ *testing.T, e *env) { e.cfg.AuthRateLimit = 5 })
}

// queuedJob is a row of River's job table: its kind and its arguments as JSON text.
type queuedJob struct {
	ID   int64  `bun:"id"`
	Kind string `bun:"kind"`
	Args string `bun:"args"`
}

// queuedJobs reads the job table, oldest first, from the job after id on.
func (e *env) queuedJobs(t *testing.T, after int64) []queuedJob {
	t.Helper()
	args := "json(args)" // SQLite keeps them as JSONB
	if e.DB.Postgres() {
		args = "args::text"
	}
	var jobs []queuedJob
	if err := e.DB.NewSelect().Table("river_job").ColumnExpr("id, kind, "+args+" AS args").Where("id > ?", after).
		OrderExpr("id").Scan(context.Background(), &jobs); err != nil {
		t.Fatal(err)
	}
	return jobs
}

// A reset request does the same work whether or not the e-mail has an account: it queues one job
// naming the address and nothing else; the account is looked up by the job's worker, later. (With
// no workers running here, the jobs wait in the table.)
func TestPasswordResetRequestIsTheSameForEveryEmail(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		email := "known-" + randomHex(6) + "@acme.test"
		unknown := "unknown-" + randomHex(6) + "@acme.test"
		e.register(t, email)
		before := e.queuedJobs(t, 0)
		last := before[len(before)-1].ID // the welcome e-mail
		anon := e.client(t)
		anon.must(http.StatusAccepted, "POST", "/api/password-reset/request", map[string]string{"email": strings.ToUpper(email)})
		anon.must(http.StatusAccepted, "POST", "/api/password-reset/request", map[string]string{"email": unknown})

		jobs := e.queuedJobs(t, last)
		if len(jobs) != 2 {
			t.Fatalf("the two requests queued %d jobs %+v; want one each", len(jobs), jobs)
		}
		known, other := jobs[0], jobs[1]
		if known.Kind != other.Kind || strings.ReplaceAll(known.Args, email, unknown) != other.Args {
			t.Errorf("the known e-mail queued %s %s, the unknown one %s %s", known.Kind, known.Args, other.Kind, other.Args)
		}
		u := e.user(t, email)
		tokens, err := e.DB.NewSelect().Table("password_reset_tokens").Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if tokens != 0 || accountEvents(t, e, u.ID, "password-reset-requested") != 0 {
			t.Errorf("the request itself made %d tokens and an account event; the worker makes them", tokens)
		}
	})
}

// No secret is stored in a job's arguments: the reset link is made by the worker that sends it, and
// only the token's hash is kept.
func TestPasswordResetLinkIsNotInTheJobTable(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		email := "secret-" + randomHex(6) + "@acme.test"
		e.register(t, email)
		e.client(t).must(http.StatusAccepted, "POST", "/api/password-reset/request", map[string]string{"email": email})
		token := resetToken(t, smtp, email, 1)
		for _, j := range e.queuedJobs(t, 0) {
			if strings.Contains(j.Args, token) || strings.Contains(j.Args, "reset-password") {
				t.Errorf("job %d (%s) holds the reset link", j.ID, j.Kind)
			}
		}
		e.client(t).must(http.StatusNoContent, "POST", "/api/password-reset/confirm",
			map[string]string{"token": token, "newPassword": "brand-new-pass"})
	}, withMail(smtp))
}
