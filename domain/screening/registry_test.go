package screening

import (
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

var checkedAt = time.Date(2026, 11, 26, 9, 30, 0, 0, time.UTC)

func bloomberg() verification.CompanyInfo {
	return verification.CompanyInfo{CompanyName: "Bloomberg Finance LP", CountryOfIncorporation: "US",
		RegisteredAddress: "1209 Orange Street, Wilmington, DE 19801", LEI: "5493001KJTIIGC8Y1R12", VATNumber: "DE123456789"}
}

func bloombergRecord() *LEIRecord {
	return &LEIRecord{LEI: "5493001KJTIIGC8Y1R12", LegalName: "BLOOMBERG FINANCE L.P.", EntityStatus: "ACTIVE",
		RegistrationStatus: "ISSUED", Jurisdiction: "US-DE", Country: "US", Address: "1209 ORANGE STREET 19801 WILMINGTON"}
}

// TestCompareLEI covers every outcome of the LEI check: a match with case, punctuation and legal
// form set aside; a mismatch naming both values; not found; lapsed.
func TestCompareLEI(t *testing.T) {
	got := CompareLEI(bloomberg(), bloombergRecord(), checkedAt)
	if got.Outcome != RegistryMatch || got.Summary != "match: LEI 5493001KJTIIGC8Y1R12 verified with GLEIF" || got.Flagged() {
		t.Fatalf("match: %+v", got)
	}

	c := bloomberg()
	c.CompanyName, c.CountryOfIncorporation = "Bloomberg Trading Ltd", "GB"
	got = CompareLEI(c, bloombergRecord(), checkedAt)
	want := `mismatch with GLEIF: legal name "Bloomberg Trading Ltd" entered, "BLOOMBERG FINANCE L.P." registered; country "GB" entered, "US" registered`
	if got.Outcome != RegistryMismatch || got.Summary != want || !got.Flagged() {
		t.Fatalf("mismatch: %+v\nwant %s", got, want)
	}

	if got := CompareLEI(bloomberg(), nil, checkedAt); got.Outcome != RegistryNotFound ||
		got.Summary != "not found: GLEIF has no record of LEI 5493001KJTIIGC8Y1R12" {
		t.Fatalf("not found: %+v", got)
	}

	rec := bloombergRecord()
	rec.RegistrationStatus = "LAPSED"
	if got := CompareLEI(bloomberg(), rec, checkedAt); got.Outcome != RegistryLapsed ||
		got.Summary != "lapsed: GLEIF lists LEI 5493001KJTIIGC8Y1R12 as registration LAPSED" {
		t.Fatalf("lapsed: %+v", got)
	}
	rec.RegistrationStatus, rec.EntityStatus = "ISSUED", "INACTIVE"
	if got := CompareLEI(bloomberg(), rec, checkedAt); got.Outcome != RegistryLapsed {
		t.Fatalf("inactive entity: %+v", got)
	}
}

// TestCompareVAT covers VIES: a valid number whose name matches, a state that discloses no name,
// another company's name, and a number VIES says is not valid.
func TestCompareVAT(t *testing.T) {
	c := bloomberg()
	c.CompanyName, c.CountryOfIncorporation, c.RegisteredAddress = "Acme Metals GmbH", "DE", "Hauptstr. 1, 10115 Berlin"
	full := &VATRecord{Valid: true, CountryCode: "DE", Number: "123456789", Name: "ACME METALS G.M.B.H.", Address: "HAUPTSTR. 1\n10115 BERLIN"}
	if got := CompareVAT(c, "DE", "123456789", full, checkedAt); got.Outcome != RegistryMatch || got.Identifier != "DE123456789" {
		t.Fatalf("match: %+v", got)
	}
	hidden := &VATRecord{Valid: true, CountryCode: "DE", Number: "123456789", Name: "---", Address: "---"}
	if got := CompareVAT(c, "DE", "123456789", hidden, checkedAt); got.Outcome != RegistryMatch ||
		!strings.Contains(got.Summary, "VIES does not disclose the name and address for DE") {
		t.Fatalf("undisclosed: %+v", got)
	}
	other := *full
	other.Name = "Globex Handels AG"
	if got := CompareVAT(c, "DE", "123456789", &other, checkedAt); got.Outcome != RegistryMismatch ||
		!strings.Contains(got.Summary, `name "Acme Metals GmbH" entered, "Globex Handels AG" registered`) {
		t.Fatalf("mismatch: %+v", got)
	}
	if got := CompareVAT(c, "DE", "123456789", &VATRecord{Valid: false}, checkedAt); got.Outcome != RegistryNotFound {
		t.Fatalf("invalid: %+v", got)
	}
}

// TestCheckBIC compares the BIC's country with the IBAN's and the bank address's.
func TestCheckBIC(t *testing.T) {
	countryOf := func(s string) (string, bool) {
		code, ok := map[string]string{"germany": "DE", "united kingdom": "GB", "de": "DE"}[strings.ToLower(s)]
		return code, ok
	}
	b := verification.BankingInfo{SwiftCode: "DEUTDEFF", AccountNumber: "DE89370400440532013000",
		BankAddress: "Taunusanlage 12, 60325 Frankfurt am Main, Germany"}
	if got := CheckBIC(b, countryOf, checkedAt); got.Outcome != RegistryMatch || len(got.Differences) != 2 {
		t.Fatalf("match: %+v", got)
	}
	b.BankAddress = "1 Churchill Place\nLondon E14 5HP United Kingdom"
	got := CheckBIC(b, countryOf, checkedAt)
	if got.Outcome != RegistryMismatch || !strings.Contains(got.Summary, `bank address country "GB" entered, "DE" registered`) {
		t.Fatalf("mismatch: %+v", got)
	}
	b.BankAddress = "2 Bank St"
	if got := CheckBIC(b, func(s string) (string, bool) {
		return map[string]string{"st": "ST"}[strings.ToLower(s)], strings.EqualFold(s, "st")
	},
		checkedAt); got.Outcome != RegistryMatch || len(got.Differences) != 1 {
		t.Fatalf("a street abbreviation is read as a country code: %+v", got)
	}
	b.BankAddress, b.AccountNumber = "Somewhere", "12345678"
	if got := CheckBIC(b, countryOf, checkedAt); got.Outcome != RegistryNotChecked {
		t.Fatalf("nothing to compare: %+v", got)
	}
}

// TestRegistryClaims states only matched LEI and VAT checks, with the register and the date.
func TestRegistryClaims(t *testing.T) {
	claims := RegistryClaims([]RegistryCheck{
		CompareLEI(bloomberg(), bloombergRecord(), checkedAt),
		Unavailable(RegistryVIES, "DE123456789", checkedAt),
		{Registry: RegistryBIC, Outcome: RegistryMatch},
	})
	if len(claims) != 1 || claims[0].Kind != "lei" ||
		claims[0].Text != "LEI 5493001KJTIIGC8Y1R12 verified with GLEIF on 26 Nov 2026" {
		t.Fatalf("claims: %+v", claims)
	}
	c := bloomberg()
	c.CompanyName = "Other Name Inc"
	if claims := RegistryClaims([]RegistryCheck{CompareLEI(c, bloombergRecord(), checkedAt)}); len(claims) != 0 {
		t.Fatalf("a mismatch is claimed: %+v", claims)
	}
}
