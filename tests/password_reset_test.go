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
