package identifier

// BICError says what is wrong with a BIC (compacted), or "" when it is well formed: ISO 9362 has no
// check digits, only a shape (four letters for the institution, a country, two characters for the
// location, an optional three for the branch) and a country that must exist.
func BICError(bic string) string {
	if (len(bic) != 8 && len(bic) != 11) || !letters(bic[:4]) || !letters(bic[4:6]) || !alnum(bic[6:]) {
		return "SWIFT/BIC code must be 8 or 11 characters: bank (4 letters), country (2 letters), location (2) and an optional branch (3)"
	}
	if c := bic[4:6]; !ISO3166(c) && c != "XK" { // SWIFT gives Kosovo the user-assigned XK
		return "SWIFT/BIC code names an unknown country (" + bic[4:6] + ")"
	}
	return ""
}

// BICCountry is the country a well-formed BIC names (its fifth and sixth letters), or "".
func BICCountry(bic string) string {
	if BICError(bic) != "" {
		return ""
	}
	return bic[4:6]
}
