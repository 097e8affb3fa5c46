package application

import "github.com/tttverify/tttverify/domain/field"

// fieldError is a validation failure on a single field.
func fieldError(name, msg string) error { return field.Errors{name: msg} }
