package user

import (
	"errors"
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
	if !errors.As(ValidatePasswordChange("", "123"), &fe) {
		t.Fatal("empty change accepted")
	}
	if fe["currentPassword"] != "Current password is required" || fe["newPassword"] != "New password must be at least 6 characters" {
		t.Fatalf("messages %v", fe)
	}
	if err := ValidatePasswordChange("old-one", "new-one"); err != nil {
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
