package verification

import (
	"errors"
	"testing"

	"github.com/tttverify/tttverify/domain/field"
)

func fieldErrors(t *testing.T, err error) field.Errors {
	t.Helper()
	var fe field.Errors
	if !errors.As(err, &fe) {
		t.Fatalf("want field errors, got %v", err)
	}
	return fe
}

// TestEmptySectionsCarryTheSpecMessages checks every required-field message of spec section 5.
func TestEmptySectionsCarryTheSpecMessages(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want map[string]string
	}{
		{"company", CompanyInfo{}.Validate(now), map[string]string{
			"companyName": "Company name is required", "registrationNumber": "Registration number is required",
			"registeredAddress": "Registered address is required", "phoneNumber": "Phone number is required",
			"email": "Invalid email address", "countryOfIncorporation": "Country of incorporation is required",
			"dateOfIncorporation": "Date of incorporation is required", "taxId": "Tax ID is required"}},
		{"representative", Representative{}.Validate(now), map[string]string{
			"fullName": "Full name is required", "position": "Position is required", "nationality": "Nationality is required",
			"dateOfBirth": "Date of birth is required", "passportNumber": "Passport/ID number is required",
			"issuingCountry": "Issuing country is required", "expiryDate": "Expiry date is required",
			"email": "Invalid email address", "phoneNumber": "Phone number is required"}},
		{"banking", BankingInfo{}.Validate(), map[string]string{
			"bankName": "Bank name is required", "bankAddress": "Bank address is required",
			"accountName": "Account name is required", "accountNumber": "Account number is required",
			"swiftCode": "SWIFT/BIC code is required", "currency": "Currency is required"}},
		{"trade", TradeInfo{}.Validate(), map[string]string{
			"productsTraded": "Products traded is required", "incoterms": "Incoterms are required"}},
	}
	for _, c := range cases {
		got := fieldErrors(t, c.err)
		if len(got) != len(c.want) {
			t.Errorf("%s: %d messages %v, want %d", c.name, len(got), got, len(c.want))
		}
		for k, msg := range c.want {
			if got[k] != msg {
				t.Errorf("%s.%s = %q, want %q", c.name, k, got[k], msg)
			}
		}
	}
}

func TestValidSectionsPass(t *testing.T) {
	c := CompanyInfo{CompanyName: "Acme", RegistrationNumber: "R1", RegisteredAddress: "1 Main St", PhoneNumber: "+1 555",
		Email: "ops@acme.com", CountryOfIncorporation: "SG", DateOfIncorporation: "2001-02-03", TaxID: "T-1"}
	if err := c.Validate(now); err != nil {
		t.Fatalf("company: %v", err)
	}
	c.Email, c.CountryOfIncorporation, c.DateOfIncorporation = "ops@", "XX", "2099-01-01"
	fe := fieldErrors(t, c.Validate(now))
	if fe["email"] != "Invalid email address" || fe["countryOfIncorporation"] == "" || fe["dateOfIncorporation"] == "" {
		t.Fatalf("bad values accepted: %v", fe)
	}
	b := BankingInfo{BankName: "B", BankAddress: "A", AccountName: "N", AccountNumber: "1", SwiftCode: "ABCDUS33", Currency: "CHF"}
	if err := b.Validate(); err != nil {
		t.Fatalf("banking: %v", err)
	}
	b.Currency = "BTC"
	if fe := fieldErrors(t, b.Validate()); fe["currency"] == "" {
		t.Fatal("currency BTC accepted")
	}
	tr := TradeInfo{ProductsTraded: "Copper", Incoterms: "FOB", PastTransactions: repeat("x", 5001)}
	if fe := fieldErrors(t, tr.Validate()); fe["pastTransactions"] == "" {
		t.Fatal("5001-character history accepted")
	}
}

// TestIdentifiersAreCheckedOnInput checks the optional LEI and VAT number and the banking IBAN and
// BIC: a typo in check digits or a malformed code is refused with a message naming what is wrong,
// and a plain (non-IBAN) account number is still accepted.
func TestIdentifiersAreCheckedOnInput(t *testing.T) {
	c := CompanyInfo{CompanyName: "Acme", RegistrationNumber: "R1", RegisteredAddress: "1 Main St", PhoneNumber: "+1 555",
		Email: "ops@acme.com", CountryOfIncorporation: "DE", DateOfIncorporation: "2001-02-03", TaxID: "T-1",
		LEI: "5493 001K JTII GC8Y 1R12", VATNumber: "DE 123 456 789"}
	if err := c.Validate(now); err != nil {
		t.Fatalf("valid LEI and VAT number refused: %v", err)
	}
	for lei, want := range map[string]string{
		"5493001KJTIIGC8Y1R13": "LEI check digits are wrong",
		"5493001KJTIIGC8Y1R1":  "LEI must be 20 letters and digits ending in two check digits",
	} {
		c.LEI = lei
		if got := fieldErrors(t, c.Validate(now))["lei"]; got != want {
			t.Errorf("LEI %q: %q, want %q", lei, got, want)
		}
	}
	c.LEI, c.VATNumber = "", "DE/123"
	if got := fieldErrors(t, c.Validate(now))["vatNumber"]; got != "VAT number must be 4 to 16 letters and digits" {
		t.Errorf("VAT number: %q", got)
	}

	b := BankingInfo{BankName: "B", BankAddress: "Frankfurt, Germany", AccountName: "N", AccountNumber: "DE89 3704 0044 0532 0130 00",
		SwiftCode: "DEUTDEFF", Currency: "EUR"}
	if err := b.Validate(); err != nil {
		t.Fatalf("valid IBAN and BIC refused: %v", err)
	}
	for _, c := range []struct{ account, bic, field, want string }{
		{"DE89370400440532013001", "DEUTDEFF", "accountNumber", "IBAN check digits are wrong"},
		{"GB82WEST1234569876543", "DEUTDEFF", "accountNumber", "IBAN must be 22 characters for GB"},
		{"12345678", "DEUTDEFF", "", ""}, // a plain account number has no check digits
		{"12345678", "DEUT DE FF 500", "", ""},
		{"12345678", "DEUTDE", "swiftCode", "SWIFT/BIC code must be 8 or 11 characters: bank (4 letters), country (2 letters), location (2) and an optional branch (3)"},
		{"12345678", "DEUTZZFF", "swiftCode", "SWIFT/BIC code names an unknown country (ZZ)"},
	} {
		b.AccountNumber, b.SwiftCode = c.account, c.bic
		err := b.Validate()
		if c.field == "" {
			if err != nil {
				t.Errorf("%s %s refused: %v", c.account, c.bic, err)
			}
			continue
		}
		if got := fieldErrors(t, err)[c.field]; got != c.want {
			t.Errorf("%s %s: %s = %q, want %q", c.account, c.bic, c.field, got, c.want)
		}
	}
}
