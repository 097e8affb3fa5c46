package screening

import (
	"strings"

	"github.com/mozillazg/go-unidecode"
)

// CountryCode returns the ISO 3166-1 alpha-2 code for a country name as the publishers write it
// ("Korea, North", "Iran (Islamic Republic of)", "Türkiye"), or for a code already given as one;
// ok is false for a name the table does not know, so a parser can keep the text in the remarks
// instead of inventing a code.
func CountryCode(name string) (code string, ok bool) {
	k := countryKey(name)
	if k == "" {
		return "", false
	}
	if c, ok := countryCodes[k]; ok {
		return c, true
	}
	if len(k) == 2 { // already a code
		up := strings.ToUpper(k)
		for _, c := range countryCodes {
			if c == up {
				return c, true
			}
		}
	}
	return "", false
}

// countryKey folds a country name to the table's key: ASCII, lower case, words separated by one
// space, a leading or trailing "the" dropped ("Gambia, The", "The Bahamas").
func countryKey(name string) string {
	s := strings.ToLower(unidecode.Unidecode(name))
	var b strings.Builder
	space := false
	for _, r := range s {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
			continue
		}
		space = true
	}
	k := strings.TrimPrefix(b.String(), "the ")
	return strings.TrimSuffix(k, " the")
}

// countryCodeOf is CountryCode for parsers that keep only known codes: "" for an unknown name.
func countryCodeOf(name string) string {
	code, _ := CountryCode(name)
	return code
}
