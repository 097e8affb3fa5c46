// Package identifier checks the identifiers a company types in: the Legal Entity Identifier (ISO
// 17442), the IBAN (ISO 13616) and the BIC (ISO 9362). Where the standard has check digits they are
// verified here, so a typo is caught at input rather than by a registry.
package identifier

import "strings"

// Compact upper-cases s and drops the spaces and hyphens people type inside identifiers.
func Compact(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ' || r == '-' || r == '\t':
			return -1
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// mod97 is the remainder by 97 of the number s spells when each letter stands for two digits (A=10
// … Z=35), as ISO 7064 mod 97-10 reads it; ok is false when s holds anything but digits and
// upper-case letters.
func mod97(s string) (rem int, ok bool) {
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			rem = (rem*10 + int(r-'0')) % 97
		case r >= 'A' && r <= 'Z':
			rem = (rem*100 + int(r-'A'+10)) % 97
		default:
			return 0, false
		}
	}
	return rem, true
}

func alnum(s string) bool {
	for _, r := range s {
		if (r < '0' || r > '9') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return true
}

func letters(s string) bool {
	for _, r := range s {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
