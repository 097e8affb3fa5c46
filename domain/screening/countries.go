package screening

import "github.com/tttverify/tttverify/domain/identifier"

// ValidCountry reports whether code is an assigned ISO 3166-1 alpha-2 code (upper case).
func ValidCountry(code string) bool { return identifier.ISO3166(code) }
