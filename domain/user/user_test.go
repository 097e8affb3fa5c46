package user

import (
	"errors"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/domain/field"
)

func TestCredentialMessages(t *testing.T) {
	cases := []struct {
		email, password string
		want            map[string]string
	}{
		{"not-an-email", "secret1", map[string]string{"email": "Please enter a valid email"}},
		{"a@b.co", "12345", map[string]string{"password": "Password must be at least 6 characters"}},
		{"", "", map[string]string{"email": "Please enter a valid email", "password": "Password must be at least 6 characters"}},
		{"Name <a@b.co>", "secret1", map[string]string{"email": "Please enter a valid email"}},
		{" A@B.Co ", "secret1", nil},
	}
	for _, c := range cases {
		err := ValidateCredentials(c.email, c.password)
		if c.want == nil {
			if err != nil {
				t.Errorf("%q/%q: %v", c.email, c.password, err)
			}
			continue
		}
		var fe field.Errors
		if !errors.As(err, &fe) || len(fe) != len(c.want) {
			t.Fatalf("%q/%q: %v, want %v", c.email, c.password, err, c.want)
		}
		for k, v := range c.want {
			if fe[k] != v {
				t.Errorf("%q/%q: %s = %q, want %q", c.email, c.password, k, fe[k], v)
			}
		}
	}
	if NormalizeEmail(" A@B.Co ") != "a@b.co" {
		t.Error("e-mail not normalised")
	}
}

func TestPasswordChangeMessages(t *testing.T) {
	var fe field.Errors
	if !errors.As(ValidatePasswordChange("", "123", nil), &fe) {
		t.Fatal("empty change accepted")
	}
	if fe["currentPassword"] != "Current password is required" || fe["newPassword"] != "New password must be at least 6 characters" {
		t.Fatalf("messages %v", fe)
	}
	if err := ValidatePasswordChange("old-one", "new-one", nil); err != nil {
		t.Fatal(err)
	}
}

func TestAdminPasswordNeedsTwelveCharacters(t *testing.T) {
	var fe field.Errors
	if !errors.As(ValidateAdminCredentials("boss@ttt.example", "eleven-char"), &fe) ||
		fe["password"] != "Administrator password must be at least 12 characters" {
		t.Fatalf("11 characters: %v", fe)
	}
	if err := ValidateAdminCredentials("boss@ttt.example", "twelve-chars"); err != nil {
		t.Fatalf("12 characters: %v", err)
	}
}

// TestNewPasswordsMustNotBeCommon: registration, change and reset refuse a common password at the
// field with its own message, after the spec's length rule; signing in does not, so accounts whose
// password predates the rule keep working. Any characters are allowed, up to 256 of them.
func TestNewPasswordsMustNotBeCommon(t *testing.T) {
	common := func(p string) bool { return p == "123456" || p == "password1" }
	checks := map[string]func(password string) error{
		"password":    func(p string) error { return ValidateRegistration("a@b.co", p, common) },
		"newPassword": func(p string) error { return ValidatePasswordChange("old-one", p, common) },
		"reset":       func(p string) error { return ValidatePasswordReset(p, common) },
	}
	for name, check := range checks {
		fieldName := strings.Replace(name, "reset", "newPassword", 1)
		for _, p := range []string{"123456", "password1"} {
			var fe field.Errors
			if !errors.As(check(p), &fe) || fe[fieldName] != "This password is too common; choose another" {
				t.Errorf("%s %q: %v, want the common-password message on %s", name, p, fe, fieldName)
			}
		}
		var fe field.Errors
		if !errors.As(check("12345"), &fe) || !strings.Contains(fe[fieldName], "at least 6 characters") {
			t.Errorf("%s: a short password gives %v, want the spec's length message", name, fe)
		}
		for _, p := range []string{"Café-ünïcødé ☕ 密码 pass", strings.Repeat("ж", 128), strings.Repeat("x", 256), "        "} {
			if err := check(p); err != nil {
				t.Errorf("%s %q: %v, want accepted", name, p, err)
			}
		}
		if !errors.As(check(strings.Repeat("x", 257)), &fe) || fe[fieldName] != "Password must be at most 256 characters" {
			t.Errorf("%s: 257 characters gives %v", name, fe)
		}
	}
	if err := ValidateCredentials("a@b.co", "123456"); err != nil {
		t.Errorf("sign-in with an old common password refused: %v", err)
	}
}
