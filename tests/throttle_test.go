package tests

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/mail/smtptest"
)

// behindProxy makes the test client (on 127.0.0.1) the trusted load balancer, with the sign-in
// limits on at 10 a minute.
func behindProxy(_ *testing.T, e *env) {
	e.cfg.AuthRateLimit = 10
	_, lb, _ := net.ParseCIDR("127.0.0.1/32")
	e.cfg.TrustedProxies = []*net.IPNet{lb}
}

// from sends a JSON request as the load balancer forwarding a client: forwarded names the
// X-Forwarded-For header it sets ("" sets none).
func (c *client) from(forwarded, method, path string, body any) response {
	c.t.Helper()
	b, _ := json.Marshal(body)
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(b))
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if forwarded != "" {
		req.Header.Set("X-Forwarded-For", forwarded)
	}
	return c.send(req)
}

func wrongLogin(n int) map[string]string {
	return map[string]string{"email": "guess-" + strconv.Itoa(n) + "@acme.test", "password": "not-the-password"}
}

func mustThrottle(t *testing.T, r response, message, what string) {
	t.Helper()
	if r.Status != http.StatusTooManyRequests || r.Map(t)["message"] != message {
		t.Fatalf("%s: %d %s, want 429 %q", what, r.Status, r.Body, message)
	}
}

const (
	tooManyAttempts = "Too many attempts. Please wait a minute and try again."
	tooManyAccount  = "Too many sign-in attempts for this account. Please wait a few minutes and try again."
)

// Behind a trusted load balancer the sign-in limit counts each client, not the balancer: one
// attacker does not lock everyone else out, and a forged X-Forwarded-For does not escape the limit.
// IPv6 clients are counted by their /64.
func TestSignInLimitCountsClientsBehindTrustedProxies(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.client(t)
		for i := range 10 {
			c.from("198.51.100.7", "POST", "/api/login", wrongLogin(i)).JSONStatus(t, http.StatusUnauthorized)
		}
		mustThrottle(t, c.from("198.51.100.7", "POST", "/api/login", wrongLogin(10)), tooManyAttempts, "11th attempt")
		mustThrottle(t, c.from("203.0.113.99, 198.51.100.7", "POST", "/api/login", wrongLogin(11)), tooManyAttempts,
			"11th attempt with a forged address in front")
		c.from("198.51.100.8", "POST", "/api/login", wrongLogin(12)).JSONStatus(t, http.StatusUnauthorized)
		// The balancer's own address is not a client: its attempts count for the address it forwards.
		c.from("198.51.100.9", "POST", "/api/register", map[string]string{"email": "new-" + randomHex(4) + "@acme.test",
			"password": "tangerine-42"}).JSONStatus(t, http.StatusCreated)

		for i := range 10 {
			c.from("2001:db8:1:2::"+strconv.Itoa(i+1), "POST", "/api/login", wrongLogin(100+i)).JSONStatus(t, http.StatusUnauthorized)
		}
		mustThrottle(t, c.from("2001:db8:1:2:ffff:ffff:ffff:ffff", "POST", "/api/login", wrongLogin(110)), tooManyAttempts,
			"another address in the same IPv6 /64")
		c.from("2001:db8:1:3::1", "POST", "/api/login", wrongLogin(111)).JSONStatus(t, http.StatusUnauthorized)
	}, behindProxy)
}

// Without TRUSTED_PROXIES forwarding headers are ignored: a client cannot choose its own key.
func TestSignInLimitIgnoresForwardingHeadersFromUntrustedPeers(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.client(t)
		for i := range 10 {
			c.from("198.51.100."+strconv.Itoa(i+1), "POST", "/api/login", wrongLogin(i)).JSONStatus(t, http.StatusUnauthorized)
		}
		mustThrottle(t, c.from("198.51.100.200", "POST", "/api/login", wrongLogin(10)), tooManyAttempts,
			"11th attempt with yet another forwarded address")
	}, func(_ *testing.T, e *env) { e.cfg.AuthRateLimit = 10 })
}

// One account takes at most 10 sign-in attempts a quarter of an hour, from however many addresses;
// other accounts are not affected, and the allowance comes back with time. Changing the password
// (which checks the current one) has the same limit.
func TestSignInAndPasswordChangeAreLimitedPerAccount(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		victim := "victim-" + randomHex(4) + "@acme.test"
		e.client(t).from("192.0.2.1", "POST", "/api/register", map[string]string{"email": victim, "password": "tangerine-42"}).
			JSONStatus(t, http.StatusCreated)
		attacker := e.client(t)
		for i := range 10 {
			attacker.from("198.51.100."+strconv.Itoa(i+1), "POST", "/api/login",
				map[string]string{"email": victim, "password": "guess-" + strconv.Itoa(i)}).JSONStatus(t, http.StatusUnauthorized)
		}
		owner := e.client(t)
		right := map[string]string{"email": victim, "password": "tangerine-42"}
		mustThrottle(t, owner.from("192.0.2.1", "POST", "/api/login", right), tooManyAccount,
			"the 11th attempt on one account, from a new address")
		mustThrottle(t, owner.from("192.0.2.1", "POST", "/api/login", map[string]string{"email": "  " + victim + " ",
			"password": "tangerine-42"}), tooManyAccount, "the same account spelled with spaces")
		other := "other-" + randomHex(4) + "@acme.test"
		e.client(t).from("192.0.2.2", "POST", "/api/register", map[string]string{"email": other, "password": "tangerine-42"}).
			JSONStatus(t, http.StatusCreated)
		e.client(t).from("192.0.2.2", "POST", "/api/login", map[string]string{"email": other, "password": "tangerine-42"}).
			JSONStatus(t, http.StatusOK)

		e.clock.Advance(90 * time.Second) // one attempt a quarter of an hour / 10
		owner.from("192.0.2.1", "POST", "/api/login", right).JSONStatus(t, http.StatusOK)

		for i := range 10 {
			owner.from("192.0.2.1", "POST", "/api/change-password", map[string]string{"currentPassword": "guess-" + strconv.Itoa(i),
				"newPassword": "new-secret-1"}).JSONStatus(t, http.StatusUnauthorized, http.StatusBadRequest)
		}
		mustThrottle(t, owner.from("192.0.2.1", "POST", "/api/change-password", map[string]string{"currentPassword": "tangerine-42",
			"newPassword": "new-secret-1"}), tooManyAccount, "the 11th password change")
	}, behindProxy)
}

// Coupon codes cannot be guessed without limit: each user may try 10 an hour, through the coupon
// check and through opening a payment with a code.
func TestCouponChecksAreLimitedPerUser(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.client(t)
		c.from("192.0.2.1", "POST", "/api/register", map[string]string{"email": "coupons-" + randomHex(4) + "@acme.test",
			"password": "tangerine-42"}).JSONStatus(t, http.StatusCreated)
		v := submitted(t, c, "basic")
		for i := range 9 {
			c.from("192.0.2.1", "POST", "/api/validate-coupon", map[string]any{"verificationId": v.ID,
				"couponCode": "GUESS" + strconv.Itoa(i)}).JSONStatus(t, http.StatusBadRequest)
		}
		c.from("192.0.2.1", "POST", "/api/create-payment-intent", map[string]any{"verificationId": v.ID,
			"couponCode": "GUESS9"}).JSONStatus(t, http.StatusBadRequest)
		const tooManyCoupons = "Too many coupon codes tried. Please wait a while and try again."
		mustThrottle(t, c.from("192.0.2.1", "POST", "/api/validate-coupon", map[string]any{"verificationId": v.ID,
			"couponCode": "GUESS10"}), tooManyCoupons, "the 11th coupon check")
		mustThrottle(t, c.from("192.0.2.1", "POST", "/api/create-payment-intent", map[string]any{"verificationId": v.ID,
			"couponCode": "GUESS11"}), tooManyCoupons, "a payment with an 11th code")
		// Paying without a code is not a guess.
		c.from("192.0.2.1", "POST", "/api/create-payment-intent", map[string]any{"verificationId": v.ID}).
			JSONStatus(t, http.StatusOK)
		// Another user has an allowance of their own.
		d := e.register(t, "coupons-other-"+randomHex(4)+"@acme.test")
		w := submitted(t, d, "basic")
		d.from("192.0.2.1", "POST", "/api/validate-coupon", map[string]any{"verificationId": w.ID, "couponCode": "GUESS0"}).
			JSONStatus(t, http.StatusBadRequest)
	}, behindProxy)
}

// JSONStatus fails the test unless the status is one of want.
func (r response) JSONStatus(t *testing.T, want ...int) {
	t.Helper()
	for _, w := range want {
		if r.Status == w {
			return
		}
	}
	t.Fatalf("status %d %s, want %v", r.Status, r.Body, want)
}

// TestGuessesElsewhereDoNotLockTheOwnerOut: failures from any number of addresses use up the
// account's allowance for browsers that never signed in to it, but not for the owner's browser,
// whose signed device cookie (left by each successful sign-in) has an allowance of its own. A
// device's own failures count against it alone; a forged cookie, or one naming another account,
// counts as none. Guessing stays limited however the attacker spreads it, and a password reset
// gives the account its whole allowance back.
func TestGuessesElsewhereDoNotLockTheOwnerOut(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		victim := "owner-" + randomHex(4) + "@acme.test"
		right := map[string]string{"email": victim, "password": "tangerine-42"}
		e.client(t).from("192.0.2.1", "POST", "/api/register", right).JSONStatus(t, http.StatusCreated)
		owner := e.client(t) // the owner's browser signs in once: it is known from then on
		owner.from("192.0.2.1", "POST", "/api/login", right).JSONStatus(t, http.StatusOK)
		if !hasCookie(owner, e.srv.URL+"/api/login", "ttt_device") {
			t.Fatal("a successful sign-in left no device cookie")
		}
		laptop := e.client(t) // another browser of the owner, known through its own sign-in
		laptop.from("192.0.2.3", "POST", "/api/login", right).JSONStatus(t, http.StatusOK)
		e.clock.Advance(15 * time.Minute) // those two first sign-ins counted as unknown browsers'

		attacker := e.client(t)
		guess := func(i int) response {
			return attacker.from("198.51.100."+strconv.Itoa(i%250+1), "POST", "/api/login",
				map[string]string{"email": victim, "password": "guess-" + strconv.Itoa(i)})
		}
		for i := range 10 {
			guess(i).JSONStatus(t, http.StatusUnauthorized)
		}
		mustThrottle(t, guess(10), tooManyAccount, "the 11th guess from yet another address")
		mustThrottle(t, e.client(t).from("192.0.2.9", "POST", "/api/login", right), tooManyAccount,
			"the right password from a browser the account never signed in on")
		owner.from("192.0.2.1", "POST", "/api/login", right).JSONStatus(t, http.StatusOK)

		// One guess every 90 s keeps unknown browsers out, and the owner in.
		for i := range 3 {
			e.clock.Advance(90 * time.Second)
			guess(20+i).JSONStatus(t, http.StatusUnauthorized)
			mustThrottle(t, guess(30+i), tooManyAccount, "a guess right after the allowance came back")
			owner.from("192.0.2.1", "POST", "/api/login", right).JSONStatus(t, http.StatusOK)
		}

		// A known device is limited too, on its own: its failures do not touch the laptop's allowance.
		for i := range 10 {
			owner.from("192.0.2."+strconv.Itoa(100+i), "POST", "/api/login", map[string]string{"email": victim, "password": "typo-" + strconv.Itoa(i)}).
				JSONStatus(t, http.StatusUnauthorized)
		}
		mustThrottle(t, owner.from("192.0.2.110", "POST", "/api/login", right), tooManyAccount, "the 11th attempt from one device")
		laptop.from("192.0.2.3", "POST", "/api/login", right).JSONStatus(t, http.StatusOK)

		// A cookie the server did not sign, or one naming another account, makes no browser known.
		forged := e.client(t)
		forged.http.Jar.SetCookies(mustURL(t, e.srv.URL+"/api/login"), []*http.Cookie{{Name: "ttt_device", Value: "forged", Path: "/api/login"}})
		mustThrottle(t, forged.from("192.0.2.7", "POST", "/api/login", right), tooManyAccount, "a forged device cookie")
		other := map[string]string{"email": "other-" + randomHex(4) + "@acme.test", "password": "tangerine-42"}
		elsewhere := e.client(t)
		elsewhere.from("192.0.2.8", "POST", "/api/register", other).JSONStatus(t, http.StatusCreated)
		mustThrottle(t, elsewhere.from("192.0.2.8", "POST", "/api/login", right), tooManyAccount,
			"a device cookie of another account")

		// A password reset proves the owner by e-mail and gives the account its allowance back.
		e.client(t).must(http.StatusAccepted, "POST", "/api/password-reset/request", map[string]string{"email": victim})
		e.client(t).must(http.StatusNoContent, "POST", "/api/password-reset/confirm",
			map[string]string{"token": resetToken(t, smtp, victim, 1), "newPassword": "brand-new-pass"})
		e.client(t).from("192.0.2.9", "POST", "/api/login", map[string]string{"email": victim, "password": "brand-new-pass"}).
			JSONStatus(t, http.StatusOK)
	}, behindProxy, withMail(smtp))
}

// hasCookie reports whether c's jar sends a cookie named name to address.
func hasCookie(c *client, address, name string) bool {
	for _, k := range c.http.Jar.Cookies(mustURL(c.t, address)) {
		if k.Name == name {
			return true
		}
	}
	return false
}
