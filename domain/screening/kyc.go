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
	k := newKYCFindings(at)
	switch expiry, err := time.Parse(time.DateOnly, r.ExpiryDate); {
	case err != nil:
		k.add("passport_expiry_invalid", SeverityFail, "Passport expiry date %q is not a date", r.ExpiryDate)
	case expiry.Before(k.day):
		k.add("passport_expired", SeverityFail, "Passport expired on %s", r.ExpiryDate)
	case expiry.Before(k.day.AddDate(0, PassportAttention, 0)):
		k.add("passport_expiring", SeverityAttention, "Passport expires on %s, within %d months", r.ExpiryDate, PassportAttention)
	default:
		k.add("passport_valid", SeverityInfo, "Passport valid until %s", r.ExpiryDate)
	}
	k.adult(r.DateOfBirth)
	k.countries(countryFact{"nationality", "Nationality", r.Nationality}, countryFact{"issuing_country", "Issuing country", r.IssuingCountry})

	if f.PassportOnFile {
		k.add("passport_document", SeverityInfo, "Passport document on file")
	} else {
		k.add("passport_document_missing", SeverityFail, "No passport document attached")
	}

	if len(f.ElsewhereUsedBy) > 0 {
		k.add("passport_reused", SeverityAttention, "Passport number also used for %s", strings.Join(f.ElsewhereUsedBy, ", "))
	} else {
		k.add("passport_unique", SeverityInfo, "Passport number not used for another company")
	}
	return summarize(CheckKYC, k.out, "All KYC rules passed")
}

// OwnerKYCFacts is what the KYC check of one beneficial owner looks at.
type OwnerKYCFacts struct {
	Owner          verification.BeneficialOwner
	DocumentOnFile bool // an identity document is attached
}

// OwnerKYC checks a beneficial owner as of at (the submission) by the representatives' rules that
// apply to the facts an owner gives: at least 18 years old, nationality and country of residence
// valid country codes, and an identity document attached.
func OwnerKYC(f OwnerKYCFacts, at time.Time) Check {
	o := f.Owner
	k := newKYCFindings(at)
	k.adult(o.DateOfBirth)
	k.countries(countryFact{"nationality", "Nationality", o.Nationality},
		countryFact{"residence", "Country of residence", o.CountryOfResidence})
	if f.DocumentOnFile {
		k.add("identity_document", SeverityInfo, "Identity document on file")
	} else {
		k.add("identity_document_missing", SeverityFail, "No identity document attached")
	}
	return summarize(CheckKYC, k.out, "All KYC rules passed")
}

// kycFindings collects the findings of one person's KYC check as of a day.
type kycFindings struct {
	day time.Time
	out []Finding
}

func newKYCFindings(at time.Time) *kycFindings {
	return &kycFindings{day: time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, time.UTC)}
}

func (k *kycFindings) add(code string, sev Severity, format string, args ...any) {
	k.out = append(k.out, Finding{Code: code, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// adult checks the date of birth: a date, and at least AdultAge years before the day.
func (k *kycFindings) adult(birth string) {
	switch dob, err := time.Parse(time.DateOnly, birth); {
	case err != nil:
		k.add("birth_date_invalid", SeverityFail, "Date of birth %q is not a date", birth)
	case dob.AddDate(AdultAge, 0, 0).After(k.day):
		k.add("under_age", SeverityFail, "Under %d: %d years old", AdultAge, age(dob, k.day))
	default:
		k.add("adult", SeverityInfo, "%d years old", age(dob, k.day))
	}
}

// countryFact is a country code a person gave, the finding code's stem and its name for people.
type countryFact struct{ code, what, value string }

// countries checks that each value is a valid country code.
func (k *kycFindings) countries(facts ...countryFact) {
	for _, c := range facts {
		if ValidCountry(strings.ToUpper(c.value)) {
			k.add(c.code+"_valid", SeverityInfo, "%s %s is a valid country code", c.what, strings.ToUpper(c.value))
		} else {
			k.add(c.code+"_invalid", SeverityFail, "%s %q is not a valid country code", c.what, c.value)
		}
	}
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
