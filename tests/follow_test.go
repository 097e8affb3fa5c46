package tests

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/mail/smtptest"
	"github.com/tttverify/tttverify/application"
)

// Counterparties follow a certificate by e-mail: they confirm through a link, hear of each change
// once, unsubscribe with one click, and nobody but the mail server ever sees their address.

const (
	followAnswer = "We will e-mail a confirmation link to this address, unless it already follows this " +
		"certificate or received a link in the last 24 hours. Nothing else is sent to it until the link is opened."
	confirmSubject = "Confirm: follow the certificate of " + company
)

// follow asks to follow publicID for email and fails unless the answer is the one answer.
func follow(t *testing.T, c *client, publicID, email string) {
	t.Helper()
	r := c.must(http.StatusAccepted, "POST", "/api/public/verifications/"+publicID+"/follow", map[string]string{"email": email})
	if got := r.Map(t)["message"]; got != followAnswer {
		t.Fatalf("follow answer %q", got)
	}
}

// confirmFollow opens the confirmation e-mail's link as the SPA's page does, and returns what it says.
func confirmFollow(t *testing.T, c *client, smtp *smtptest.Server, email string) api.FollowConfirmed {
	t.Helper()
	link := linkTo(t, smtp.WaitForSubject(t, email, confirmSubject), "/follow/confirm?token=")
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	var out api.FollowConfirmed
	c.must(http.StatusOK, "POST", "/api/public/follow/confirm", map[string]string{"token": u.Query().Get("token")}).JSON(t, &out)
	return out
}

// certificate registers an owner and approves a Basic verification of theirs as admin.
func (e *env) certificate(t *testing.T, admin *client) (*client, api.Verification) {
	t.Helper()
	owner := e.register(t, "owner-"+randomHex(6)+"@acme.test")
	v := e.inReview(t, owner, "basic")
	admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
	return owner, v
}

// followerCount is the count the owner reads on the verification.
func followerCount(t *testing.T, owner *client, id int64) int {
	t.Helper()
	var v api.Verification
	r := owner.must(http.StatusOK, "GET", "/api/verifications/"+itoa(id), nil)
	r.JSON(t, &v)
	if v.Followers == nil {
		t.Fatalf("no follower count on an approved verification: %s", r.Body)
	}
	return *v.Followers
}

func TestFollowACertificate(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, _ := e.mailAdmin(t)
		owner, v := e.certificate(t, admin)
		leaver := "leaver-" + randomHex(6) + "@buyer.test"
		stayer := "stayer-" + randomHex(6) + "@buyer.test"
		unconfirmed := "pending-" + randomHex(6) + "@buyer.test"
		anon := e.client(t)

		// Following twice answers the same and sends one confirmation; an unconfirmed address too.
		for _, email := range []string{leaver, stayer, unconfirmed, leaver, strings.ToUpper(unconfirmed)} {
			follow(t, anon, v.PublicID, email)
		}
		got := confirmFollow(t, e.client(t), smtp, leaver)
		if got.CertificateID != v.PublicID || got.CompanyName != company {
			t.Errorf("confirmed %+v", got)
		}
		confirmFollow(t, e.client(t), smtp, stayer)
		follow(t, anon, v.PublicID, stayer) // follows already: the same answer, no new link
		e.waitJobsIdle(t)
		for _, email := range []string{leaver, stayer, unconfirmed} {
			expectSubjects(t, smtp, email, confirmSubject)
		}
		says(t, "confirmation", smtp.WaitForSubject(t, unconfirmed, confirmSubject).Text, "within 1 day",
			"http://verify.test/v/"+v.PublicID, "ignore this e-mail")

		// The owner sees how many confirmed followers there are, never who; nor does anyone else.
		if n := followerCount(t, owner, v.ID); n != 2 {
			t.Errorf("owner sees %d followers, want 2", n)
		}
		for _, r := range []response{owner.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID), nil),
			owner.must(http.StatusOK, "GET", "/api/verifications", nil),
			anon.must(http.StatusOK, "GET", "/api/public/verifications/"+v.PublicID, nil),
			admin.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(v.ID), nil)} {
			for _, email := range []string{leaver, stayer, unconfirmed} {
				if strings.Contains(strings.ToLower(string(r.Body)), email) {
					t.Errorf("a follower's address is shown: %s", r.Body)
				}
			}
		}

		// A revocation reaches each confirmed follower once, with RFC 8058's headers.
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/revoke", map[string]string{"reason": "Forged licence"})
		revoked := smtp.WaitForSubject(t, leaver, "Certificate revoked: "+company)
		smtp.WaitForSubject(t, stayer, revoked.Subject)
		e.waitJobsIdle(t)
		says(t, "revocation", revoked.Text, "was revoked on 22 November 2026", "do not rely on it",
			"http://verify.test/v/"+v.PublicID, "http://verify.test/follow/unsubscribe?token=")
		if strings.Contains(revoked.Text, "Forged licence") {
			t.Errorf("a follower reads the administrator's reason:\n%s", revoked.Text)
		}
		if got := smtp.Header(t, revoked, "List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
			t.Errorf("List-Unsubscribe-Post %q", got)
		}
		unsub := smtp.Header(t, revoked, "List-Unsubscribe")
		if !strings.HasPrefix(unsub, "<http://verify.test/api/public/follow/unsubscribe?token=") || !strings.HasSuffix(unsub, ">") {
			t.Fatalf("List-Unsubscribe %q", unsub)
		}
		expectSubjects(t, smtp, leaver, confirmSubject, revoked.Subject)
		expectSubjects(t, smtp, unconfirmed, confirmSubject)

		// A browser opening the link lands on the page with the button; the GET changes nothing.
		path := strings.TrimSuffix(strings.TrimPrefix(unsub, "<http://verify.test"), ">")
		stranger := e.client(t)
		r := stranger.raw("GET", path, "", nil)
		if loc := r.Header.Get("Location"); r.Status != http.StatusSeeOther ||
			!strings.HasPrefix(loc, "http://verify.test/follow/unsubscribe?token=") {
			t.Errorf("GET of the unsubscribe link: %d %q", r.Status, loc)
		}
		if n := followerCount(t, owner, v.ID); n != 2 {
			t.Errorf("after a GET of the link %d followers, want 2", n)
		}
		// The mail client's one-click POST, without a session, unsubscribes; again is harmless.
		for range 2 {
			r = stranger.raw("POST", path, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
			if r.Status != http.StatusOK {
				t.Fatalf("one-click unsubscribe: %d %s", r.Status, r.Body)
			}
		}
		if n := followerCount(t, owner, v.ID); n != 1 {
			t.Errorf("after unsubscribing %d followers, want 1", n)
		}

		// Reinstated, then revoked again: the one who left hears nothing more, the other each once.
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/reinstate", map[string]string{"reason": "Licence verified"})
		reinstated := smtp.WaitForSubject(t, stayer, "Certificate reinstated: "+company)
		says(t, "reinstatement", reinstated.Text, "valid again until 22 November 2027")
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/revoke", map[string]string{"reason": "Forged again"})
		smtp.WaitFor(t, stayer, 4)
		e.waitJobsIdle(t)
		expectSubjects(t, smtp, stayer, confirmSubject, revoked.Subject, reinstated.Subject, revoked.Subject)
		expectSubjects(t, smtp, leaver, confirmSubject, revoked.Subject)
		expectSubjects(t, smtp, unconfirmed, confirmSubject)
	}, withMail(smtp))
}

// Followers hear of a paid upgrade that sends the certificate back to review, of its renewal or its
// withdrawal when the review ends, and of an expiry, each once.
func TestFollowersHearOfExpiryUpgradeAndRenewal(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, _ := e.mailAdmin(t)
		// upgrade follows a new certificate as a new buyer, then pays its upgrade as its owner.
		upgrade := func() (api.Verification, string) {
			t.Helper()
			owner, v := e.certificate(t, admin)
			buyer := "buyer-" + randomHex(6) + "@buyer.test"
			follow(t, e.client(t), v.PublicID, buyer)
			confirmFollow(t, e.client(t), smtp, buyer)
			owner.must(http.StatusOK, "POST", "/api/verifications/"+itoa(v.ID)+"/upgrade", nil)
			up := owner.must(http.StatusOK, "POST", "/api/create-payment-intent", map[string]any{"verificationId": v.ID, "purpose": "upgrade"}).Map(t)
			intentID, _ := up["paymentIntentId"].(string)
			if r := owner.confirmCard(intentID, "4242 4242 4242 4242"); r.Status != http.StatusOK {
				t.Fatalf("upgrade payment: %d %s", r.Status, r.Body)
			}
			return v, buyer
		}
		upgraded, buyer := upgrade()
		id := itoa(upgraded.ID)
		review := smtp.WaitForSubject(t, buyer, "Certificate under review for an upgrade: "+company)
		says(t, "upgrade", review.Text, "to the Top tier", "shows the certificate as not available", "you will hear how the review ends")

		// A re-review that ends in a rejection withdraws the certificate, without the reason.
		refused, other := upgrade()
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(refused.ID)+"/reject", map[string]string{"reason": "Owner unclear"})
		withdrawn := smtp.WaitForSubject(t, other, "Certificate withdrawn: "+company)
		says(t, "withdrawal", withdrawn.Text, "without a new certificate", "do not rely on it")
		if strings.Contains(withdrawn.Text, "Owner unclear") {
			t.Errorf("a follower reads the reviewer's reason:\n%s", withdrawn.Text)
		}
		clearedByWorkers(t, admin, upgraded.ID)
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+id+"/approve", nil)
		renewed := smtp.WaitForSubject(t, buyer, "Certificate renewed: "+company)
		says(t, "renewal", renewed.Text, "Top tier, valid until 22 November 2027")

		// A year on, the daily scan expires it: told once, however often the scan runs.
		e.clock.Advance(366 * 24 * time.Hour)
		for range 2 {
			if err := e.Messaging.Jobs.Enqueue(context.Background(), application.ExpiryScan{}); err != nil {
				t.Fatal(err)
			}
			e.waitJobsIdle(t)
		}
		expired := smtp.WaitForSubject(t, buyer, "Certificate expired: "+company)
		says(t, "expiry", expired.Text, "expired on 22 November 2027")
		e.waitJobsIdle(t)
		expectSubjects(t, smtp, buyer, confirmSubject, review.Subject, renewed.Subject, expired.Subject)
		expectSubjects(t, smtp, other, confirmSubject, review.Subject, withdrawn.Subject)
		for _, m := range []smtptest.Message{review, renewed, expired, withdrawn} {
			if smtp.Header(t, m, "List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" || smtp.Header(t, m, "List-Unsubscribe") == "" {
				t.Errorf("%q lacks the one-click unsubscribe headers", m.Subject)
			}
		}
	}, withMail(smtp))
}

// Bad input is refused with the reason and changes nothing; an unknown certificate and one that was
// never approved answer alike; links that do not work say so; the limits answer 429.
func TestFollowRefusals(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		admin := e.admin(t)
		_, v := e.certificate(t, admin)
		pending := e.inReview(t, e.register(t, "other@acme.test"), "basic")
		anon := e.client(t)
		path := "/api/public/verifications/" + v.PublicID + "/follow"

		anon.mustFail(http.StatusBadRequest, api.Error{Message: "Please enter a valid email",
			Errors: map[string]string{"email": "Please enter a valid email"}}, "POST", path, map[string]string{"email": "not-an-address"})
		missing := api.Error{Message: "There is no certificate with this ID"}
		anon.mustFail(http.StatusNotFound, missing, "POST", "/api/public/verifications/no-such-id/follow", map[string]string{"email": "a@b.test"})
		anon.mustFail(http.StatusNotFound, missing, "POST", "/api/public/verifications/"+pending.PublicID+"/follow", map[string]string{"email": "a@b.test"})
		if n := e.count(t, "SELECT count(*) FROM river_job WHERE kind = 'follow_requested'"); n != 0 {
			t.Errorf("refused requests queued %d jobs", n)
		}

		invalid := api.Error{Message: "This confirmation link is invalid or has expired"}
		anon.mustFail(http.StatusBadRequest, invalid, "POST", "/api/public/follow/confirm", map[string]string{"token": "made-up"})
		anon.mustFail(http.StatusBadRequest, invalid, "POST", "/api/public/follow/confirm", map[string]string{"token": ""})
		anon.mustFail(http.StatusBadRequest, api.Error{Message: "This unsubscribe link is incomplete",
			Errors: map[string]string{"token": "This unsubscribe link is incomplete"}}, "POST", "/api/public/follow/unsubscribe", nil)
		if r := anon.raw("POST", "/api/public/follow/unsubscribe?token=made-up", "", nil); r.Status != http.StatusOK {
			t.Errorf("unknown unsubscribe token: %d %s (the same answer as a used one)", r.Status, r.Body)
		}
	})
}

// A confirmation link works for 24 hours; the owner counts only confirmed followers.
func TestFollowConfirmationExpires(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, _ := e.mailAdmin(t)
		owner, v := e.certificate(t, admin)
		late := "late-" + randomHex(6) + "@buyer.test"
		follow(t, e.client(t), v.PublicID, late)
		link := linkTo(t, smtp.WaitForSubject(t, late, confirmSubject), "/follow/confirm?token=")
		u, _ := url.Parse(link)
		if n := followerCount(t, owner, v.ID); n != 0 {
			t.Errorf("an unconfirmed address counts: %d", n)
		}
		e.clock.Advance(24*time.Hour + time.Minute)
		e.client(t).mustFail(http.StatusBadRequest, api.Error{Message: "This confirmation link is invalid or has expired"},
			"POST", "/api/public/follow/confirm", map[string]string{"token": u.Query().Get("token")})
		// Asking again after the link expired sends a new one.
		follow(t, e.client(t), v.PublicID, late)
		smtp.WaitFor(t, late, 2)
	}, withMail(smtp))
}

// Per client address 10 follow requests an hour; per certificate 20, whoever asks.
func TestFollowLimits(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		admin := e.admin(t)
		_, v := e.certificate(t, admin)
		path := "/api/public/verifications/" + v.PublicID + "/follow"
		body := func(n int) map[string]string { return map[string]string{"email": "b" + itoa(int64(n)) + "@buyer.test"} }
		c := e.client(t)
		for i := range 10 {
			if r := c.from("203.0.113.7", "POST", path, body(i)); r.Status != http.StatusAccepted {
				t.Fatalf("request %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		mustThrottle(t, c.from("203.0.113.7", "POST", path, body(10)),
			"Too many follow requests from your network. Please try again in an hour.", "11th request from one address")
		for i := range 10 { // other addresses reach the certificate's limit of 20
			if r := c.from("198.51.100."+itoa(int64(i+1)), "POST", path, body(20+i)); r.Status != http.StatusAccepted {
				t.Fatalf("request %d from another address: %d %s", i+1, r.Status, r.Body)
			}
		}
		mustThrottle(t, c.from("198.51.100.99", "POST", path, body(99)),
			"Too many requests to follow this certificate. Please try again in an hour.", "21st request for one certificate")
		e.clock.Advance(time.Hour)
		if r := c.from("203.0.113.7", "POST", path, body(100)); r.Status != http.StatusAccepted {
			t.Errorf("an hour later: %d %s", r.Status, r.Body)
		}
	}, behindProxy)
}
