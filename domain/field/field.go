// Package field holds the field-level validation error shared by the domain packages.
package field

import (
	"net/mail"
	"sort"
	"strings"

	"github.com/tttverify/tttverify/domain/errs"
)

// Errors maps a JSON field name to the message the user sees next to that field.
// The messages are the spec's (section 5), identical on server and client.
type Errors map[string]string

// Error lists the messages in field order so logs and tests are stable.
func (e Errors) Error() string {
	keys := make([]string, 0, len(e))
	for k := range e {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+": "+e[k])
	}
	return "invalid input: " + strings.Join(parts, "; ")
}

// Kind is errs.KindInvalid.
func (e Errors) Kind() errs.Kind { return errs.KindInvalid }

// Fields returns the per-field messages.
func (e Errors) Fields() map[string]string { return e }

// Message is the one sentence for all the fields: the field's own when only one failed.
func (e Errors) Message() string {
	if len(e) == 1 {
		for _, m := range e {
			return m
		}
	}
	return "Please correct the highlighted fields"
}

// Err returns e as an error, or nil when no field failed.
func (e Errors) Err() error {
	if len(e) == 0 {
		return nil
	}
	return e
}

// Required records msg for name when value is blank.
func (e Errors) Required(name, value, msg string) {
	if strings.TrimSpace(value) == "" {
		e.add(name, msg)
	}
}

// MaxLen records a length message for name when value is longer than n characters.
func (e Errors) MaxLen(name, value string, n int) {
	if len([]rune(value)) > n {
		e.add(name, "Must be at most "+itoa(n)+" characters")
	}
}

// Email records msg for name unless value is a single plain address.
func (e Errors) Email(name, value, msg string) {
	if !IsEmail(value) {
		e.add(name, msg)
	}
}

// OneOf records msg for name unless value is one of allowed.
func (e Errors) OneOf(name, value string, allowed []string, msg string) {
	for _, a := range allowed {
		if value == a {
			return
		}
	}
	e.add(name, msg)
}

// add keeps the first message per field: the most basic problem is the one to fix first.
func (e Errors) add(name, msg string) {
	if _, ok := e[name]; !ok {
		e[name] = msg
	}
}

// Add records msg for name unless the field already has a message.
func (e Errors) Add(name, msg string) { e.add(name, msg) }

// IsEmail reports whether s is a bare e-mail address (no display name) with a dotted domain.
func IsEmail(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 254 {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && strings.Contains(s[at+1:], ".") && !strings.HasSuffix(s, ".")
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
