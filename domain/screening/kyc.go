package screening

import (
	"fmt"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// Rules of the KYC check of a representative.
const (
	AdultAge          = 18
	PassportAttention = 6 // months: a passport that expires sooner is flagged
)

// KYCFacts is what the KYC check of one representative looks at.
type KYCFacts struct {
	Representative verification.Representative
	PassportOnFile bool
	// ElsewhereUsedBy names the other companies whose verifications carry the same passport number.
	ElsewhereUsedBy []string
}

// KYC checks a representative as of at (the submission): passport valid (flagged when it expires
// within six months), at least 18 years old, nationality and issuing country valid country codes,
// a passport document attached, and the passport number not used for another company.
func KYC(f KYCFacts, at time.Time) Check {
	r := f.Representative
	day := time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, time.UTC)
	var out []Finding
	add := func(code string, sev Severity, format string, args ...any) {
		out = append(out, Finding{Code: code, Severity: sev, Message: fmt.Sprintf(format, args...)})
	}

	switch expiry, err := time.Parse(time.DateOnly, r.ExpiryDate); {
	case err != nil:
		add("passport_expiry_invalid", SeverityFail, "Passport expiry date %q is not a date", r.ExpiryDate)
	case expiry.Before(day):
		add("passport_expired", SeverityFail, "Passport expired on %s", r.ExpiryDate)
	case expiry.Before(day.AddDate(0, PassportAttention, 0)):
		add("passport_expiring", SeverityAttention, "Passport expires on %s, within %d months", r.ExpiryDate, PassportAttention)
	default:
		add("passport_valid", SeverityInfo, "Passport valid until %s", r.ExpiryDate)
	}

	switch dob, err := time.Parse(time.DateOnly, r.DateOfBirth); {
	case err != nil:
		add("birth_date_invalid", SeverityFail, "Date of birth %q is not a date", r.DateOfBirth)
	case dob.AddDate(AdultAge, 0, 0).After(day):
		add("under_age", SeverityFail, "Under %d: %d years old", AdultAge, age(dob, day))
	default:
		add("adult", SeverityInfo, "%d years old", age(dob, day))
	}

	for _, c := range []struct{ code, what, value string }{
		{"nationality", "Nationality", r.Nationality}, {"issuing_country", "Issuing country", r.IssuingCountry}} {
		if ValidCountry(strings.ToUpper(c.value)) {
			add(c.code+"_valid", SeverityInfo, "%s %s is a valid country code", c.what, strings.ToUpper(c.value))
		} else {
			add(c.code+"_invalid", SeverityFail, "%s %q is not a valid country code", c.what, c.value)
		}
	}

	if f.PassportOnFile {
		add("passport_document", SeverityInfo, "Passport document on file")
	} else {
		add("passport_document_missing", SeverityFail, "No passport document attached")
	}

	if len(f.ElsewhereUsedBy) > 0 {
		add("passport_reused", SeverityAttention, "Passport number also used for %s", strings.Join(f.ElsewhereUsedBy, ", "))
	} else {
		add("passport_unique", SeverityInfo, "Passport number not used for another company")
	}
	return summarize(CheckKYC, out, "All KYC rules passed")
}

// age is how many full years lie between birth and day.
func age(birth, day time.Time) int {
	years := day.Year() - birth.Year()
	if day.Before(birth.AddDate(years, 0, 0)) {
		years--
	}
	return years
}

// PassportKey is a passport number as compared across verifications: upper case, without spaces
// or dashes.
func PassportKey(number string) string {
	return strings.NewReplacer(" ", "", "-", "").Replace(strings.ToUpper(strings.TrimSpace(number)))
}
