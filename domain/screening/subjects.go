package screening

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/identifier"
	"github.com/tttverify/tttverify/domain/verification"
)

// SubjectKind is what a screened party is.
type SubjectKind string

// The parties of a verification that are screened.
const (
	SubjectCompany        SubjectKind = "company"
	SubjectRepresentative SubjectKind = "representative"
	SubjectBank           SubjectKind = "bank"
	SubjectOwner          SubjectKind = "beneficial_owner"
)

// Subject is one party of a verification as it is screened: the query against the lists, the
// countries the jurisdiction check looks at, and a digest of the facts, so that a decision made on
// them can tell when they changed.
type Subject struct {
	Key       string // stable across runs: "company", "bank", "representative:<id>"
	Kind      SubjectKind
	Name      string
	Details   string // the facts screened, for reviewers only
	Query     Query
	Countries []CountryRole
	Digest    string
}

// CountryRole is a country and what it is to the subject.
type CountryRole struct {
	Role string // "Country of incorporation", "Nationality", "Bank country"
	Code string
}

// CompanySubject is the company: its name, country of incorporation, registration number and tax ID.
func CompanySubject(c verification.CompanyInfo) Subject {
	country := strings.ToUpper(c.CountryOfIncorporation)
	q := Query{Name: c.CompanyName, Kind: QueryCompany, Countries: nonEmpty(country)}
	q.Identifiers = identifiers(Identifier{Type: Registration, Value: c.RegistrationNumber, Country: country},
		Identifier{Type: TaxID, Value: c.TaxID, Country: country})
	return newSubject("company", SubjectCompany, q, []CountryRole{{"Country of incorporation", country}},
		joinDetails(country, c.RegistrationNumber, prefixed("tax ID ", c.TaxID)))
}

// RepresentativeSubject is a representative: full name, date of birth, nationality and passport.
func RepresentativeSubject(id int64, r verification.Representative) Subject {
	nationality := strings.ToUpper(r.Nationality)
	q := Query{Name: r.FullName, Kind: QueryPerson, Countries: nonEmpty(nationality)}
	if d, err := time.Parse(time.DateOnly, r.DateOfBirth); err == nil {
		q.DateOfBirth = &Date{Year: d.Year(), Month: int(d.Month()), Day: d.Day()}
	}
	q.Identifiers = identifiers(Identifier{Type: Passport, Value: r.PassportNumber, Country: strings.ToUpper(r.IssuingCountry)})
	return newSubject(fmt.Sprintf("representative:%d", id), SubjectRepresentative, q,
		[]CountryRole{{"Nationality", nationality}},
		joinDetails(prefixed("born ", r.DateOfBirth), nationality, prefixed("passport ", r.PassportNumber)))
}

// OwnerSubject is a beneficial owner: full name, date of birth, nationality and country of
// residence, screened like a representative (a person, by name and date of birth).
func OwnerSubject(id int64, o verification.BeneficialOwner) Subject {
	nationality, residence := strings.ToUpper(o.Nationality), strings.ToUpper(o.CountryOfResidence)
	countries := nonEmpty(nationality)
	if residence != "" && residence != nationality {
		countries = append(countries, residence)
	}
	q := Query{Name: o.FullName, Kind: QueryPerson, Countries: countries}
	if d, err := time.Parse(time.DateOnly, o.DateOfBirth); err == nil {
		q.DateOfBirth = &Date{Year: d.Year(), Month: int(d.Month()), Day: d.Day()}
	}
	return newSubject(fmt.Sprintf("beneficial_owner:%d", id), SubjectOwner, q,
		[]CountryRole{{"Nationality", nationality}, {"Country of residence", residence}},
		joinDetails(prefixed("born ", o.DateOfBirth), nationality, prefixed("resident in ", residence),
			prefixed("owns ", o.Percent()), strings.Join(o.ControlLabels(), ", ")))
}

// BankSubject is the bank: its name, SWIFT/BIC and the country the BIC names.
func BankSubject(b verification.BankingInfo) Subject {
	bic := strings.ToUpper(strings.ReplaceAll(b.SwiftCode, " ", ""))
	country := BICCountry(bic)
	q := Query{Name: b.BankName, Kind: QueryCompany, Countries: nonEmpty(country)}
	q.Identifiers = identifiers(Identifier{Type: SWIFTBIC, Value: bic, Country: country})
	return newSubject("bank", SubjectBank, q, []CountryRole{{"Bank country", country}},
		joinDetails(prefixed("BIC ", bic), country))
}

// BICCountry is the country a SWIFT/BIC names (its fifth and sixth letters), or "" when the code
// is not a BIC of a known country.
func BICCountry(bic string) string { return identifier.BICCountry(identifier.Compact(bic)) }

func newSubject(key string, kind SubjectKind, q Query, countries []CountryRole, details string) Subject {
	facts := []string{string(kind), q.Name}
	if q.DateOfBirth != nil {
		facts = append(facts, q.DateOfBirth.String())
	}
	facts = append(facts, q.Countries...)
	for _, id := range q.Identifiers {
		facts = append(facts, string(id.Type)+":"+id.Value+":"+id.Country)
	}
	sum := sha256.Sum256([]byte(strings.Join(facts, "\x00")))
	return Subject{Key: key, Kind: kind, Name: q.Name, Details: details, Query: q, Countries: countries,
		Digest: hex.EncodeToString(sum[:])}
}

func identifiers(ids ...Identifier) []Identifier {
	var out []Identifier
	for _, id := range ids {
		if id.Value = strings.TrimSpace(id.Value); id.Value != "" {
			out = append(out, id)
		}
	}
	return out
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

func prefixed(prefix, v string) string {
	if v == "" {
		return ""
	}
	return prefix + v
}

func joinDetails(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " · ")
}
