package identifier

// viesCountries are the VAT prefixes VIES answers for: the EU member states (Greece as EL) and
// Northern Ireland (XI).
var viesCountries = map[string]bool{
	"AT": true, "BE": true, "BG": true, "CY": true, "CZ": true, "DE": true, "DK": true, "EE": true, "EL": true,
	"ES": true, "FI": true, "FR": true, "HR": true, "HU": true, "IE": true, "IT": true, "LT": true, "LU": true,
	"LV": true, "MT": true, "NL": true, "PL": true, "PT": true, "RO": true, "SE": true, "SI": true, "SK": true,
	"XI": true,
}

// VATError says what is wrong with a VAT number (compacted), or "" when it may be one. VAT numbers
// have no common check digits (each country has its own rule, and VIES applies them), so only the
// characters and the length are checked here.
func VATError(vat string) string {
	if len(vat) < 4 || len(vat) > 16 || !alnum(vat) {
		return "VAT number must be 4 to 16 letters and digits"
	}
	return ""
}

// VIESNumber splits a VAT number (compacted) into the country VIES knows it by and the number
// without that prefix. A number without a member state's prefix is taken to belong to the country
// of incorporation (Greece's GR becomes EL). ok is false when neither names a VIES country: VIES
// cannot check the number.
func VIESNumber(vat, countryOfIncorporation string) (country, number string, ok bool) {
	if len(vat) > 2 && viesCountries[vat[:2]] {
		return vat[:2], vat[2:], true
	}
	country = countryOfIncorporation
	if country == "GR" {
		country = "EL"
	}
	if len(vat) > 2 && vat[:2] == countryOfIncorporation { // GR typed as the prefix of a Greek number
		vat = vat[2:]
	}
	return country, vat, viesCountries[country]
}
