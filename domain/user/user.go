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

// MaxPasswordLength is the longest password accepted, in characters: long passphrases are welcome
// (the hasher takes any length), but not unbounded input.
const MaxPasswordLength = 256

// TooCommon is the message for a new password found among the most common passwords.
const TooCommon = "This password is too common; choose another"

// IsCommon reports whether a password is among the most common ones; the list itself is the
// application's (a port), the rule that such a password is refused is the domain's.
type IsCommon func(password string) bool

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

// ValidateRegistration checks a registration: the credentials' rules, and a password that is not
// common.
func ValidateRegistration(email, password string, common IsCommon) error {
	errs := field.Errors{}
	errs.Email("email", NormalizeEmail(email), "Please enter a valid email")
	checkNewPassword(errs, "password", password, "Password must be at least 6 characters", common)
	return errs.Err()
}

// ValidatePasswordChange checks a change-password request with the spec's messages; the new
// password may not be common.
func ValidatePasswordChange(current, next string, common IsCommon) error {
	errs := field.Errors{}
	errs.Required("currentPassword", current, "Current password is required")
	checkNewPassword(errs, "newPassword", next, "New password must be at least 6 characters", common)
	return errs.Err()
}

// ValidatePasswordReset checks a new password set through a reset link, with the change-password
// rules and messages.
func ValidatePasswordReset(next string, common IsCommon) error {
	errs := field.Errors{}
	checkNewPassword(errs, "newPassword", next, "New password must be at least 6 characters", common)
	return errs.Err()
}

// ValidateEmail checks an e-mail address with the spec's login message.
func ValidateEmail(email string) error {
	errs := field.Errors{}
	errs.Email("email", NormalizeEmail(email), "Please enter a valid email")
	return errs.Err()
}

// checkPassword checks the length only: it is also the sign-in rule, and accounts whose password
// predates the common-password rule keep signing in with it.
func checkPassword(errs field.Errors, name, password, tooShort string) {
	switch n := len([]rune(password)); {
	case n < MinPasswordLength:
		errs.Add(name, tooShort)
	case n > MaxPasswordLength:
		errs.Add(name, "Password must be at most 256 characters")
	}
}

// checkNewPassword checks a password being set: its length, and that it is not common. No
// composition rule applies (NIST SP 800-63B): any characters, in any mix.
func checkNewPassword(errs field.Errors, name, password, tooShort string, common IsCommon) {
	checkPassword(errs, name, password, tooShort)
	if _, bad := errs[name]; !bad && common != nil && common(password) {
		errs.Add(name, TooCommon)
	}
}
