package screening

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tttverify/tttverify/domain/identifier"
	"github.com/tttverify/tttverify/domain/verification"
)

// Registry is a public register an identifier is looked up in, or the identifier rule checked
// without one.
type Registry string

// The registers of the Top tier's identifier checks.
const (
	RegistryGLEIF Registry = "gleif" // the LEI
	RegistryVIES  Registry = "vies"  // the VAT number
	RegistryBIC   Registry = "bic"   // the BIC's country against the bank's address and IBAN
)

// Label is how reviewers and certificates name the register.
func (r Registry) Label() string {
	switch r {
	case RegistryGLEIF:
		return "GLEIF"
	case RegistryVIES:
		return "VIES"
	case RegistryBIC:
		return "SWIFT/BIC country"
	}
	return string(r)
}

// RegistryOutcome is how an identifier check came out. There is no "clear": a register that did
// not answer is unavailable, and the reviewer reads every outcome.
type RegistryOutcome string

// The outcomes of an identifier check.
const (
	RegistryMatch       RegistryOutcome = "match"
	RegistryMismatch    RegistryOutcome = "mismatch"
	RegistryNotFound    RegistryOutcome = "not_found"
	RegistryLapsed      RegistryOutcome = "lapsed"
	RegistryUnavailable RegistryOutcome = "unavailable"
	RegistryNotChecked  RegistryOutcome = "not_checked" // the register does not cover the identifier
)

// Difference is one fact compared: what the applicant entered and what the register holds.
type Difference struct {
	Field      string // "Legal name", "Country", "Address", "Status"
	Entered    string
	Registered string
	Match      bool
}

// RegistryCheck is one identifier checked against a register: its outcome, a sentence for the
// reviewer, the facts compared, and when.
type RegistryCheck struct {
	Registry    Registry
	Identifier  string
	Outcome     RegistryOutcome
	Summary     string
	Differences []Difference
	CheckedAt   time.Time
}

// Flagged reports whether the check needs a reviewer's look: anything but a match, or an identifier
// the register does not cover (a non-EU VAT number, a bank address naming no country).
func (c RegistryCheck) Flagged() bool {
	return c.Outcome != RegistryMatch && c.Outcome != RegistryNotChecked
}

// Unavailable is the check of a register that did not answer (a timeout or server errors after
// retries): it can be run again.
func Unavailable(reg Registry, id string, at time.Time) RegistryCheck {
	return RegistryCheck{Registry: reg, Identifier: id, Outcome: RegistryUnavailable, CheckedAt: at,
		Summary: "unavailable: the service did not answer"}
}

// LEIRecord is what GLEIF holds for an LEI.
type LEIRecord struct {
	LEI                string
	LegalName          string
	EntityStatus       string // ACTIVE, INACTIVE
	RegistrationStatus string // ISSUED, LAPSED, RETIRED, ANNULLED, PENDING_TRANSFER, ...
	Jurisdiction       string // "DE", "US-DE"
	Address            string // the legal address: lines, postal code, city
	Country            string // of the legal address
}

// VATRecord is what VIES answers for a VAT number. Some member states (Germany, Spain) never
// disclose the name or address: those come back empty.
type VATRecord struct {
	Valid       bool
	CountryCode string
	Number      string
	Name        string
	Address     string
}

// CompareLEI checks GLEIF's record of the company's LEI (nil: GLEIF has no such LEI) against the
// company section: the legal name with case, punctuation and legal forms set aside, the country, and
// the address loosely. A lapsed or retired registration or an inactive entity is "lapsed" whatever
// else matches.
func CompareLEI(c verification.CompanyInfo, rec *LEIRecord, at time.Time) RegistryCheck {
	lei := identifier.Compact(c.LEI)
	out := RegistryCheck{Registry: RegistryGLEIF, Identifier: lei, CheckedAt: at}
	if rec == nil {
		out.Outcome, out.Summary = RegistryNotFound, "not found: GLEIF has no record of LEI "+lei
		return out
	}
	country := strings.ToUpper(c.CountryOfIncorporation)
	jurisdiction, _, _ := strings.Cut(rec.Jurisdiction, "-") // "US-DE" is a state of the US
	out.Differences = []Difference{
		{"Legal name", c.CompanyName, rec.LegalName, SameCompanyName(c.CompanyName, rec.LegalName)},
		{"Country", country, rec.Country, country == rec.Country || country == jurisdiction},
		{"Address", c.RegisteredAddress, rec.Address, SimilarAddress(c.RegisteredAddress, rec.Address)},
	}
	if status := leiStatus(rec); status != "" {
		out.Differences = append(out.Differences, Difference{Field: "Status", Registered: status})
		out.Outcome, out.Summary = RegistryLapsed, fmt.Sprintf("lapsed: GLEIF lists LEI %s as %s", lei, status)
		return out
	}
	out.Outcome, out.Summary = compared("GLEIF", "LEI "+lei, out.Differences)
	return out
}

// leiStatus is the status that makes an LEI lapsed ("" when it is issued to an active entity).
func leiStatus(rec *LEIRecord) string {
	var parts []string
	if s := strings.ToUpper(rec.RegistrationStatus); s != "ISSUED" && s != "PENDING_TRANSFER" && s != "PENDING_ARCHIVAL" {
		parts = append(parts, "registration "+s)
	}
	if s := strings.ToUpper(rec.EntityStatus); s == "INACTIVE" {
		parts = append(parts, "entity "+s)
	}
	return strings.Join(parts, ", ")
}

// CompareVAT checks VIES' answer on the company's VAT number: valid, and the name and address VIES
// gives (a member state that discloses none leaves only validity to compare). The country is not
// compared: a company registers for VAT where it trades, not only where it is incorporated, and the
// address may be that establishment's, so it is compared with the registered and the operating
// address.
func CompareVAT(c verification.CompanyInfo, country, number string, rec *VATRecord, at time.Time) RegistryCheck {
	id := country + number
	out := RegistryCheck{Registry: RegistryVIES, Identifier: id, CheckedAt: at}
	if rec == nil || !rec.Valid {
		out.Outcome, out.Summary = RegistryNotFound, "not found: VIES does not know "+id+" as a valid VAT number"
		return out
	}
	out.Differences = []Difference{}
	if disclosed(rec.Name) {
		out.Differences = append(out.Differences, Difference{"Name", c.CompanyName, rec.Name, SameCompanyName(c.CompanyName, rec.Name)})
	}
	if disclosed(rec.Address) {
		out.Differences = append(out.Differences, Difference{"Address", c.RegisteredAddress, rec.Address,
			SimilarAddress(c.RegisteredAddress, rec.Address) || SimilarAddress(c.OperatingAddress, rec.Address)})
	}
	out.Outcome, out.Summary = compared("VIES", "VAT number "+id, out.Differences)
	if len(out.Differences) == 0 {
		out.Summary += " (valid; VIES does not disclose the name and address for " + country + ")"
	}
	return out
}

// disclosed tells a name or address VIES gives from its "---" placeholder for one it withholds.
func disclosed(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && strings.Trim(s, "-") != ""
}

// compared is the outcome and summary of facts compared with a register.
func compared(register, what string, diffs []Difference) (RegistryOutcome, string) {
	var differ []string
	for _, d := range diffs {
		if !d.Match {
			differ = append(differ, fmt.Sprintf("%s %q entered, %q registered", strings.ToLower(d.Field), d.Entered, d.Registered))
		}
	}
	if len(differ) == 0 {
		return RegistryMatch, fmt.Sprintf("match: %s verified with %s", what, register)
	}
	return RegistryMismatch, fmt.Sprintf("mismatch with %s: %s", register, strings.Join(differ, "; "))
}

// CheckBIC compares the BIC's country with the IBAN's country (when the account is an IBAN) and
// with the country the bank's address ends with (countryOf reads a country name or code; ok false
// when the address names none it knows). A difference is for the reviewer: banks do hold accounts
// abroad, so it is not an input error.
func CheckBIC(b verification.BankingInfo, countryOf func(string) (string, bool), at time.Time) RegistryCheck {
	bic := identifier.Compact(b.SwiftCode)
	country := identifier.BICCountry(bic)
	out := RegistryCheck{Registry: RegistryBIC, Identifier: bic, CheckedAt: at}
	if acct := identifier.Compact(b.AccountNumber); identifier.LooksLikeIBAN(acct) {
		out.Differences = append(out.Differences, Difference{"IBAN country", acct[:2], country, acct[:2] == country})
	}
	if addr, ok := addressCountry(b.BankAddress, countryOf); ok {
		out.Differences = append(out.Differences, Difference{"Bank address country", addr, country, addr == country})
	}
	if len(out.Differences) == 0 {
		out.Outcome = RegistryNotChecked
		out.Summary = "not checked: the bank's address names no country to compare with BIC country " + country
		return out
	}
	out.Outcome, out.Summary = compared("the BIC's country", "BIC "+bic+" country "+country, out.Differences)
	return out
}

// addressCountry reads the country name that ends an address: its last line or comma-separated
// part ("…, Germany"), or the last one to three words of it ("60311 Frankfurt am Main Germany").
// Two-letter words are never read as country codes: "2 Bank St" is not São Tomé, nor "Wilmington,
// DE" Germany.
func addressCountry(address string, countryOf func(string) (string, bool)) (string, bool) {
	parts := strings.FieldsFunc(address, func(r rune) bool { return r == ',' || r == '\n' })
	if len(parts) == 0 {
		return "", false
	}
	words := strings.Fields(parts[len(parts)-1])
	for n := len(words); n >= 1; n-- {
		if n > 3 && n < len(words) {
			continue
		}
		name := strings.Join(words[len(words)-n:], " ")
		if len(name) < 3 {
			continue
		}
		if code, ok := countryOf(name); ok {
			return code, true
		}
	}
	return "", false
}

// registryNames reads company names as the index does, knowing the legal forms written as letters.
var registryNames = sync.OnceValues(func() (*normalizer, []legalForm) {
	n := &normalizer{}
	return n, buildLegalForms(n)
})

// companyNameKey is a company name without case, punctuation, diacritics and the legal forms at its
// ends: "ACME Metals GmbH" and "Acme-Metals" have the same key.
func companyNameKey(name string) string {
	n, forms := registryNames()
	toks := n.companyTokens(name)
	if len(toks) == 0 {
		return ""
	}
	core, _ := splitLegalForms(toks, forms)
	return strings.Join(core, "")
}

// SameCompanyName reports whether two company names are the same name, case, punctuation and legal
// form aside.
func SameCompanyName(a, b string) bool {
	ka := companyNameKey(a)
	return ka != "" && ka == companyNameKey(b)
}

// SimilarAddress compares addresses loosely: at least half of the words and numbers of the
// registered address (its postal code, street, city) appear in the entered one.
func SimilarAddress(entered, registered string) bool {
	have := normalizer{}.tokens(entered)
	want := normalizer{}.tokens(registered)
	if len(want) == 0 || len(have) == 0 {
		return false
	}
	found := 0
	for _, w := range want {
		if slices.Contains(have, w) {
			found++
		}
	}
	return found*2 >= len(want)
}

// RegistryClaims are what a certificate states about identifier checks: only the LEI and VAT
// numbers a register confirmed, each with the register and the day it answered.
func RegistryClaims(checks []RegistryCheck) []verification.CertificateCheck {
	var out []verification.CertificateCheck
	for _, c := range checks {
		if c.Outcome != RegistryMatch {
			continue
		}
		var kind, what string
		switch c.Registry {
		case RegistryGLEIF:
			kind, what = "lei", "LEI"
		case RegistryVIES:
			kind, what = "vat", "VAT number"
		default:
			continue
		}
		out = append(out, verification.CertificateCheck{Kind: kind, Label: what,
			Result: "verified", Date: c.CheckedAt,
			Text: fmt.Sprintf("%s %s verified with %s on %s", what, c.Identifier, c.Registry.Label(), ShortDate(c.CheckedAt))})
	}
	return out
}
