package application

import "github.com/tttverify/tttverify/domain/errs"

// fieldError is a validation failure on a single field.
func fieldError(name, msg string) error { return errs.Invalid(name, msg) }
