// Package user holds the account rules: e-mail and password requirements.
package user

import (
	"strings"

	"github.com/tttverify/tttverify/domain/field"
)

// MinPasswordLength is the spec's minimum password length.
const MinPasswordLength = 6

// MinAdminPasswordLength is the minimum for administrator passwords, which an operator sets and
// which open every applicant's records.
const MinAdminPasswordLength = 12

// MaxPasswordBytes is bcrypt's input limit; longer passwords would be silently truncated.
const MaxPasswordBytes = 72

// NormalizeEmail lower-cases and trims an address so one person cannot register twice.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// ValidateCredentials checks a login or registration request with the spec's messages.
func ValidateCredentials(email, password string) error {
	errs := field.Errors{}
	errs.Email("email", NormalizeEmail(email), "Please enter a valid email")
	checkPassword(errs, "password", password, "Password must be at least 6 characters")
	return errs.Err()
}

// ValidateAdminCredentials checks the e-mail and password an operator gives an administrator.
func ValidateAdminCredentials(email, password string) error {
	errs := field.Errors{}
	errs.Email("email", NormalizeEmail(email), "Please enter a valid email")
	if len([]rune(password)) < MinAdminPasswordLength {
		errs.Add("password", "Administrator password must be at least 12 characters")
	} else {
		checkPassword(errs, "password", password, "")
	}
	return errs.Err()
}

// ValidatePasswordChange checks a change-password request with the spec's messages.
func ValidatePasswordChange(current, next string) error {
	errs := field.Errors{}
	errs.Required("currentPassword", current, "Current password is required")
	checkPassword(errs, "newPassword", next, "New password must be at least 6 characters")
	return errs.Err()
}

// ValidatePasswordReset checks a new password set through a reset link, with the change-password
// rule and message.
func ValidatePasswordReset(next string) error {
	errs := field.Errors{}
	checkPassword(errs, "newPassword", next, "New password must be at least 6 characters")
	return errs.Err()
}

// ValidateEmail checks an e-mail address with the spec's login message.
func ValidateEmail(email string) error {
	errs := field.Errors{}
	errs.Email("email", NormalizeEmail(email), "Please enter a valid email")
	return errs.Err()
}

func checkPassword(errs field.Errors, name, password, tooShort string) {
	switch {
	case len([]rune(password)) < MinPasswordLength:
		errs.Add(name, tooShort)
	case len(password) > MaxPasswordBytes:
		errs.Add(name, "Password must be at most 72 bytes")
	}
}
