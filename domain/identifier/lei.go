package identifier

// ValidLEI reports whether lei (compacted) is a Legal Entity Identifier: 20 characters, digits and
// upper-case letters, the last two digits the check digits of ISO 7064 mod 97-10 (the whole code
// read as a number leaves 1 when divided by 97).
func ValidLEI(lei string) bool { return LEIError(lei) == "" }

// LEIError says what is wrong with an LEI (compacted), or "" when it is valid.
func LEIError(lei string) string {
	if len(lei) != 20 || !alnum(lei) || !digits(lei[18:]) {
		return "LEI must be 20 letters and digits ending in two check digits"
	}
	if rem, _ := mod97(lei); rem != 1 {
		return "LEI check digits are wrong"
	}
	return ""
}
