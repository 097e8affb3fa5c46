package verification

import (
	"time"

	"github.com/tttverify/tttverify/domain/field"
	"github.com/tttverify/tttverify/domain/identifier"
)

// Countries are the spec's country options (ISO 3166-1 alpha-2).
var Countries = []string{"US", "GB", "SG", "CH", "AE", "CA", "AU", "DE", "FR", "JP", "CN", "IN", "BR", "ZA", "RU"}

// Currencies are the spec's account currencies.
var Currencies = []string{"USD", "EUR", "GBP", "CHF", "JPY", "AUD", "CAD", "CNY", "HKD", "SGD"}

// Incoterms are the spec's incoterm choices.
var Incoterms = []string{"FOB", "CIF", "CFR", "EXW", "FCA", "CPT", "DAP", "DDP"}

const (
	shortText = 300  // names, numbers, codes
	longText  = 5000 // free-form history
	dateForm  = "2006-01-02"
)

// CompanyInfo is the company section.
type CompanyInfo struct {
	CompanyName, RegistrationNumber, RegisteredAddress, OperatingAddress string
	PhoneNumber, Email, Website, CountryOfIncorporation                  string
	DateOfIncorporation, TaxID                                           string
	// LEI and VATNumber are optional; a Top verification's screening looks them up in GLEIF and VIES.
	LEI, VATNumber string
}

// Validate applies spec section 5 to the company section.
func (c CompanyInfo) Validate(now time.Time) error {
	e := field.Errors{}
	e.Required("companyName", c.CompanyName, "Company name is required")
	e.Required("registrationNumber", c.RegistrationNumber, "Registration number is required")
	e.Required("registeredAddress", c.RegisteredAddress, "Registered address is required")
	e.Required("phoneNumber", c.PhoneNumber, "Phone number is required")
	e.Email("email", c.Email, "Invalid email address")
	e.Required("countryOfIncorporation", c.CountryOfIncorporation, "Country of incorporation is required")
	e.OneOf("countryOfIncorporation", c.CountryOfIncorporation, Countries, "Country of incorporation is not supported")
	e.Required("dateOfIncorporation", c.DateOfIncorporation, "Date of incorporation is required")
	pastDate(e, "dateOfIncorporation", c.DateOfIncorporation, now, "Date of incorporation must be a past date")
	e.Required("taxId", c.TaxID, "Tax ID is required")
	if lei := identifier.Compact(c.LEI); lei != "" {
		addIf(e, "lei", identifier.LEIError(lei))
	}
	if vat := identifier.Compact(c.VATNumber); vat != "" {
		addIf(e, "vatNumber", identifier.VATError(vat))
	}
	for name, v := range map[string]string{"companyName": c.CompanyName, "registrationNumber": c.RegistrationNumber,
		"registeredAddress": c.RegisteredAddress, "operatingAddress": c.OperatingAddress, "phoneNumber": c.PhoneNumber,
		"email": c.Email, "website": c.Website, "taxId": c.TaxID, "lei": c.LEI, "vatNumber": c.VATNumber} {
		e.MaxLen(name, v, shortText)
	}
	return e.Err()
}

// Representative is one person who acts for the company.
type Representative struct {
	FullName, Position, Nationality, DateOfBirth, PassportNumber string
	IssuingCountry, ExpiryDate, Email, PhoneNumber               string
}

// Validate applies spec section 5 to a representative.
func (r Representative) Validate(now time.Time) error {
	e := field.Errors{}
	e.Required("fullName", r.FullName, "Full name is required")
	e.Required("position", r.Position, "Position is required")
	e.Required("nationality", r.Nationality, "Nationality is required")
	e.OneOf("nationality", r.Nationality, Countries, "Nationality is not supported")
	e.Required("dateOfBirth", r.DateOfBirth, "Date of birth is required")
	pastDate(e, "dateOfBirth", r.DateOfBirth, now, "Date of birth must be a past date")
	e.Required("passportNumber", r.PassportNumber, "Passport/ID number is required")
	e.Required("issuingCountry", r.IssuingCountry, "Issuing country is required")
	e.OneOf("issuingCountry", r.IssuingCountry, Countries, "Issuing country is not supported")
	e.Required("expiryDate", r.ExpiryDate, "Expiry date is required")
	validDate(e, "expiryDate", r.ExpiryDate, "Expiry date must be a date (YYYY-MM-DD)")
	e.Email("email", r.Email, "Invalid email address")
	e.Required("phoneNumber", r.PhoneNumber, "Phone number is required")
	for name, v := range map[string]string{"fullName": r.FullName, "position": r.Position,
		"passportNumber": r.PassportNumber, "email": r.Email, "phoneNumber": r.PhoneNumber} {
		e.MaxLen(name, v, shortText)
	}
	return e.Err()
}

// BankingInfo is the banking section.
type BankingInfo struct {
	BankName, BankAddress, AccountName, AccountNumber, SwiftCode, Currency, BankContact string
}

// Validate applies spec section 5 to the banking section.
func (b BankingInfo) Validate() error {
	e := field.Errors{}
	e.Required("bankName", b.BankName, "Bank name is required")
	e.Required("bankAddress", b.BankAddress, "Bank address is required")
	e.Required("accountName", b.AccountName, "Account name is required")
	e.Required("accountNumber", b.AccountNumber, "Account number is required")
	e.Required("swiftCode", b.SwiftCode, "SWIFT/BIC code is required")
	if bic := identifier.Compact(b.SwiftCode); bic != "" {
		addIf(e, "swiftCode", identifier.BICError(bic))
	}
	if acct := identifier.Compact(b.AccountNumber); identifier.LooksLikeIBAN(acct) {
		addIf(e, "accountNumber", identifier.IBANError(acct))
	}
	e.Required("currency", b.Currency, "Currency is required")
	e.OneOf("currency", b.Currency, Currencies, "Currency is not supported")
	for name, v := range map[string]string{"bankName": b.BankName, "bankAddress": b.BankAddress,
		"accountName": b.AccountName, "accountNumber": b.AccountNumber, "swiftCode": b.SwiftCode, "bankContact": b.BankContact} {
		e.MaxLen(name, v, shortText)
	}
	return e.Err()
}

// TradeInfo is the trade section.
type TradeInfo struct {
	ProductsTraded, OtherProducts, Incoterms, TargetQuantity, PreferredOrigin, TargetPrice, PastTransactions string
}

// Validate applies spec section 5 to the trade section.
func (t TradeInfo) Validate() error {
	e := field.Errors{}
	e.Required("productsTraded", t.ProductsTraded, "Products traded is required")
	e.Required("incoterms", t.Incoterms, "Incoterms are required")
	for name, v := range map[string]string{"productsTraded": t.ProductsTraded, "otherProducts": t.OtherProducts,
		"incoterms": t.Incoterms, "targetQuantity": t.TargetQuantity, "preferredOrigin": t.PreferredOrigin, "targetPrice": t.TargetPrice} {
		e.MaxLen(name, v, shortText)
	}
	e.MaxLen("pastTransactions", t.PastTransactions, longText)
	return e.Err()
}

func validDate(e field.Errors, name, v, msg string) {
	if v == "" {
		return
	}
	if _, err := time.Parse(dateForm, v); err != nil {
		e.Add(name, msg)
	}
}

func pastDate(e field.Errors, name, v string, now time.Time, msg string) {
	if v == "" {
		return
	}
	d, err := time.Parse(dateForm, v)
	if err != nil || d.After(now) {
		e.Add(name, msg)
	}
}

// addIf records a checker's message for name; "" means the value passed.
func addIf(e field.Errors, name, msg string) {
	if msg != "" {
		e.Add(name, msg)
	}
}
