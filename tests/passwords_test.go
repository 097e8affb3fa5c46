package tests

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/mail/smtptest"
	"github.com/tttverify/tttverify/adapters/password"
)

const tooCommon = "This password is too common; choose another"

// TestCommonPasswordsAreRefusedWhenSet: registration, password change and reset refuse a password
// found among the 30,000 most common (whatever its case), at the field, with the spec's length
// rule and message first; an account whose password predates the rule still signs in with it.
// Long passphrases of any characters are accepted, and all of one counts, past bcrypt's 72 bytes.
func TestCommonPasswordsAreRefusedWhenSet(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		email := "pw-" + randomHex(4) + "@acme.test"
		anon := e.client(t)
		for _, common := range []string{"123456", "password1", "Qwerty123", "iloveyou"} {
			anon.mustFail(http.StatusBadRequest, api.Error{Message: tooCommon, Errors: map[string]string{"password": tooCommon}},
				"POST", "/api/register", map[string]string{"email": email, "password": common})
		}
		anon.mustFail(http.StatusBadRequest, api.Error{Message: "Password must be at least 6 characters",
			Errors: map[string]string{"password": "Password must be at least 6 characters"}},
			"POST", "/api/register", map[string]string{"email": email, "password": "12345"})

		c := e.register(t, email)
		c.mustFail(http.StatusBadRequest, api.Error{Message: tooCommon, Errors: map[string]string{"newPassword": tooCommon}},
			"POST", "/api/change-password", map[string]string{"currentPassword": "tangerine-42", "newPassword": "sunshine"})

		e.client(t).must(http.StatusAccepted, "POST", "/api/password-reset/request", map[string]string{"email": email})
		token := resetToken(t, smtp, email, 1)
		e.client(t).mustFail(http.StatusBadRequest, api.Error{Message: tooCommon, Errors: map[string]string{"newPassword": tooCommon}},
			"POST", "/api/password-reset/confirm", map[string]string{"token": token, "newPassword": "Football"})

		// An account whose password was set before the rule keeps signing in.
		hash, err := password.Bcrypt{Cost: 4}.Hash("123456")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.DB.NewUpdate().Table("users").Set("password_hash = ?", hash).Where("email = ?", email).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		e.client(t).must(http.StatusOK, "POST", "/api/login", map[string]string{"email": email, "password": "123456"})

		// Any characters, at length: a 128-character passphrase whose first 72 bytes match another's.
		long := strings.Repeat("Ω", 36) + strings.Repeat("x", 92)
		other := "long-" + randomHex(4) + "@acme.test"
		e.client(t).must(http.StatusCreated, "POST", "/api/register", map[string]string{"email": other, "password": long})
		e.client(t).must(http.StatusOK, "POST", "/api/login", map[string]string{"email": other, "password": long})
		e.client(t).must(http.StatusUnauthorized, "POST", "/api/login", map[string]string{"email": other, "password": long[:len(long)-1] + "y"})
	}, withMail(smtp))
}
