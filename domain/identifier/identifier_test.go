package identifier

import "testing"

// TestLEI checks ISO 17442 check digits on the standard's and GLEIF's published examples and on
// the same codes with one character or the check digits changed.
func TestLEI(t *testing.T) {
	for _, c := range []struct {
		lei  string
		want bool
	}{
		{"5493001KJTIIGC8Y1R12", true},  // ISO 17442 example (Bloomberg Finance L.P.)
		{"529900T8BM49AURSDO55", true},  // GLEIF's own example (Deutsche Börse AG)
		{"7LTWFZYICNSX8D621K86", true},  // Deutsche Bank AG
		{"5493001KJTIIGC8Y1R13", false}, // check digits off by one
		{"5493001KJTIIGC8Y1R21", false}, // check digits swapped
		{"5493001KJTIIGC9Y1R12", false}, // one character changed
		{"5493001KJTIIGC8Y1R1", false},  // 19 characters
		{"5493001KJTIIGC8Y1R123", false},
		{"5493001kjtiigc8y1r12", false}, // lower case: callers compact first
		{"5493001KJTIIGC8Y1RAB", false}, // check digits must be digits
		{"", false},
	} {
		if got := ValidLEI(c.lei); got != c.want {
			t.Errorf("ValidLEI(%q) = %v, want %v", c.lei, got, c.want)
		}
	}
	if !ValidLEI(Compact("5493 001k-jtiigc8y1r12")) {
		t.Error("a typed LEI with spaces, hyphens and lower case is not compacted")
	}
}

// TestIBAN checks ISO 13616 examples (the registry's GB and DE examples), wrong check digits, a
// wrong length for the country, a country without IBANs and the IBAN shape test.
func TestIBAN(t *testing.T) {
	for _, c := range []struct{ iban, want string }{
		{"GB82WEST12345698765432", ""},
		{"DE89370400440532013000", ""},
		{"GB29NWBK60161331926819", ""},
		{"FR1420041010050500013M02606", ""},
		{"NO9386011117947", ""},
		{"GB83WEST12345698765432", "IBAN check digits are wrong"},
		{"DE89370400440532013001", "IBAN check digits are wrong"},
		{"GB82WEST1234569876543", "IBAN must be 22 characters for GB"},
		{"DE8937040044053201300012", "IBAN must be 22 characters for DE"},
		{"US12345678901234567890", "IBAN country is not in the IBAN registry"},
		{"GB82WEST1234569876543_", "IBAN may contain only letters and digits"},
	} {
		if got := IBANError(c.iban); got != c.want {
			t.Errorf("IBANError(%q) = %q, want %q", c.iban, got, c.want)
		}
	}
	for acct, want := range map[string]bool{"GB82WEST12345698765432": true, "12345678": false, "GBX2": false, "G": false, "AB12": true} {
		if got := LooksLikeIBAN(acct); got != want {
			t.Errorf("LooksLikeIBAN(%q) = %v, want %v", acct, got, want)
		}
	}
}

// TestBIC checks the ISO 9362 shape (8 or 11 characters) and the country.
func TestBIC(t *testing.T) {
	for _, c := range []struct{ bic, country string }{
		{"DEUTDEFF", "DE"}, {"DEUTDEFF500", "DE"}, {"NWBKGB2L", "GB"}, {"BARCGB22", "GB"}, {"RBKOXKPR", "XK"},
		{"DEUTDEF", ""}, {"DEUTDEFF5", ""}, {"D3UTDEFF", ""}, {"DEUT1EFF", ""}, {"DEUTZZFF", ""}, {"DEUTDEF_", ""},
	} {
		if got := BICCountry(c.bic); got != c.country {
			t.Errorf("BICCountry(%q) = %q, want %q", c.bic, got, c.country)
		}
		if (BICError(c.bic) == "") != (c.country != "") {
			t.Errorf("BICError(%q) = %q", c.bic, BICError(c.bic))
		}
	}
	if got := BICError("DEUTZZFF"); got != "SWIFT/BIC code names an unknown country (ZZ)" {
		t.Errorf("unknown country: %q", got)
	}
}

// TestVIESNumber checks how a typed VAT number is split for VIES.
func TestVIESNumber(t *testing.T) {
	for _, c := range []struct{ vat, country, wantCountry, wantNumber string }{
		{"DE123456789", "DE", "DE", "123456789"},
		{"123456789", "DE", "DE", "123456789"},
		{"FR40303265045", "GB", "FR", "40303265045"},
		{"GR094259216", "GR", "EL", "094259216"},
		{"EL094259216", "GR", "EL", "094259216"},
	} {
		country, number, ok := VIESNumber(c.vat, c.country)
		if !ok || country != c.wantCountry || number != c.wantNumber {
			t.Errorf("VIESNumber(%q, %q) = %q %q %v", c.vat, c.country, country, number, ok)
		}
	}
	if _, _, ok := VIESNumber("GB123456789", "GB"); ok {
		t.Error("a UK VAT number is sent to VIES, which no longer covers Great Britain")
	}
}
