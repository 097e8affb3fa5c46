package identifier

import "strconv"

// ibanLengths is the length of an IBAN in each country of the SWIFT IBAN registry (release 99).
var ibanLengths = map[string]int{
	"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
	"BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
	"EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
	"GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
	"IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
	"LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28,
	"NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
	"RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
	"SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}

// LooksLikeIBAN reports whether an account number (compacted) is written as an IBAN: two letters,
// then two digits. Anything else is a plain account number, which has no check digits to verify.
func LooksLikeIBAN(account string) bool {
	return len(account) >= 4 && letters(account[:2]) && digits(account[2:4])
}

// IBANError says what is wrong with an IBAN, or "" when it is valid: an unknown country, the wrong
// length for its country, or check digits that do not verify (ISO 13616 mod 97).
func IBANError(iban string) string {
	want, known := ibanLengths[iban[:min(2, len(iban))]]
	switch {
	case !known:
		return "IBAN country is not in the IBAN registry"
	case len(iban) != want:
		return "IBAN must be " + strconv.Itoa(want) + " characters for " + iban[:2]
	case !alnum(iban):
		return "IBAN may contain only letters and digits"
	}
	if rem, _ := mod97(iban[4:] + iban[:4]); rem != 1 {
		return "IBAN check digits are wrong"
	}
	return ""
}
