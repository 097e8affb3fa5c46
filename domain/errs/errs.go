// Package errs gives errors a kind and words for people at the place they are made, so that the
// HTTP adapter maps a kind to a status once and never learns each error by name. It lives in the
// domain, on the standard library alone, because the domain's refusals carry kinds too.
package errs

import (
	"errors"
	"fmt"
	"maps"
)

// Kind is what sort of failure an error is; it decides the status a client receives.
type Kind uint8

// The kinds. The zero Kind is a failure on our side whose details stay in the logs.
const (
	KindInternal        Kind = iota
	KindInvalid              // the input is malformed or breaks a rule of its own
	KindUnauthenticated      // not signed in, or the credentials are wrong
	KindPaymentRequired      // a payment was declined or has not gone through
	KindForbidden            // signed in, but not allowed to do this
	KindNotFound             // missing, or not the caller's to see
	KindConflict             // the record's current state does not allow this
	KindGone                 // existed, but is no longer usable (an expired link)
	KindTooLarge             // the request or file is over a limit
	KindUnsupportedType      // the content's type is not accepted
	KindIncomplete           // a submission lacks required parts
	KindThrottled            // too many attempts
	KindUpstream             // a provider we depend on failed
	KindUnavailable          // a dependency is down for now
)

// Kinded is an error that knows its kind. Its Error text is the sentence a person reads, unless it
// also has a Message method (a list of field errors sums itself up in one sentence).
type Kinded interface {
	error
	Kind() Kind
}

// Fielded is a Kinded error that names the input fields at fault, with a message for each.
type Fielded interface {
	Fields() map[string]string
}

// Listing is a Kinded error that names the parts it is about, such as the sections a submission lacks.
type Listing interface {
	MissingParts() []string
}

// Error is the ordinary Kinded error.
type Error struct {
	kind    Kind
	message string
	fields  map[string]string
	cause   error
}

// New returns an error of kind k whose message people read.
func New(k Kind, message string) *Error { return &Error{kind: k, message: message} }

// Invalid is an input error; a non-empty field names the input it is about.
func Invalid(field, message string) *Error {
	if field == "" {
		return New(KindInvalid, message)
	}
	return New(KindInvalid, message).On(field)
}

// Unauthenticated is a refusal to someone not signed in, or with the wrong credentials.
func Unauthenticated(message string) *Error { return New(KindUnauthenticated, message) }

// PaymentRequired is a payment that was declined or has not gone through.
func PaymentRequired(message string) *Error { return New(KindPaymentRequired, message) }

// Forbidden is a refusal to a signed-in user who may not do this.
func Forbidden(message string) *Error { return New(KindForbidden, message) }

// NotFound is a record that is missing, or not the caller's to see.
func NotFound(message string) *Error { return New(KindNotFound, message) }

// Conflict is an action the record's current state does not allow.
func Conflict(message string) *Error { return New(KindConflict, message) }

// Gone is something that existed and is no longer usable.
func Gone(message string) *Error { return New(KindGone, message) }

// TooLarge is a request or file over its limit.
func TooLarge(message string) *Error { return New(KindTooLarge, message) }

// UnsupportedType is content of a type that is not accepted.
func UnsupportedType(message string) *Error { return New(KindUnsupportedType, message) }

// Throttled is one attempt too many.
func Throttled(message string) *Error { return New(KindThrottled, message) }

// Upstream is a failure of a provider we depend on.
func Upstream(message string) *Error { return New(KindUpstream, message) }

// Unavailable is a dependency that is down for now.
func Unavailable(message string) *Error { return New(KindUnavailable, message) }

func (e *Error) Error() string { return e.message }

// Kind is the error's kind.
func (e *Error) Kind() Kind { return e.kind }

// Unwrap returns the error e refines, if any.
func (e *Error) Unwrap() error { return e.cause }

// Fields returns the per-field messages, or nil.
func (e *Error) Fields() map[string]string { return maps.Clone(e.fields) }

// On returns e's error about one input field: the field's message is e's.
func (e *Error) On(field string) *Error {
	return &Error{kind: e.kind, message: e.message, fields: map[string]string{field: e.message}, cause: e.cause}
}

// Refine returns an error of e's kind, about the same fields, with a more specific message;
// errors.Is(it, e) holds.
func (e *Error) Refine(message string) *Error {
	r := &Error{kind: e.kind, message: message, cause: e}
	if len(e.fields) > 0 {
		r.fields = map[string]string{}
		for f := range e.fields {
			r.fields[f] = message
		}
	}
	return r
}

// Detailf returns e with a detail added to its message; errors.Is(it, e) holds.
func (e *Error) Detailf(format string, args ...any) *Error {
	return e.Refine(e.message + ": " + fmt.Sprintf(format, args...))
}

// As finds the first Kinded error in err's chain.
func As(err error) (Kinded, bool) {
	var k Kinded
	ok := errors.As(err, &k)
	return k, ok
}

// MessageOf is the sentence a person reads for k.
func MessageOf(k Kinded) string {
	if m, ok := k.(interface{ Message() string }); ok {
		return m.Message()
	}
	return k.Error()
}

// KindOf is the kind of the first Kinded error in err's chain, or Internal.
func KindOf(err error) Kind {
	if k, ok := As(err); ok {
		return k.Kind()
	}
	return KindInternal
}
