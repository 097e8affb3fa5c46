package verification

import "strings"

// A shared Client Information Sheet goes to a counterparty, who needs to know whom they deal with
// and where payments go, not the identity documents of the company's people or enough of an account
// number to misuse it. These are the fields such a copy masks; the rest it shows as submitted.

// ForCounterparty keeps the representative's name, position, nationality, issuing country, passport
// expiry and business contacts; the passport number shows its last 3 characters and the date of
// birth its year.
func (r Representative) ForCounterparty() Representative {
	r.PassportNumber = MaskTail(r.PassportNumber, 3)
	if len(r.DateOfBirth) >= 4 {
		r.DateOfBirth = r.DateOfBirth[:4]
	}
	return r
}

// ForCounterparty keeps the bank, its address, the account holder, SWIFT/BIC, currency and bank
// contact; the account number shows its last 4 characters, as the applicant's own overview does.
func (b BankingInfo) ForCounterparty() BankingInfo {
	b.AccountNumber = MaskTail(b.AccountNumber, 4)
	return b
}

// MaskTail replaces all but the last keep characters of s (spaces dropped) with bullets; a value
// no longer than keep is masked whole.
func MaskTail(s string, keep int) string {
	r := []rune(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if len(r) == 0 {
		return ""
	}
	if len(r) <= keep {
		return strings.Repeat("•", len(r))
	}
	return strings.Repeat("•", len(r)-keep) + string(r[len(r)-keep:])
}

// ForCounterparty keeps a beneficial owner's nationality, country of residence, holding and nature
// of control; the name shows its initials and the date of birth its year. Who owns a company is
// more private than who acts for it (the EU Court of Justice ended public access to ownership
// registers in 2022, C-37/20), so a counterparty learns the structure, not the people.
func (o BeneficialOwner) ForCounterparty() BeneficialOwner {
	o.FullName = Initials(o.FullName)
	if len(o.DateOfBirth) >= 4 {
		o.DateOfBirth = o.DateOfBirth[:4]
	}
	return o
}

// Initials writes a name as its initials: "Maria van Keller" is "M. v. K.".
func Initials(name string) string {
	var out []string
	for _, w := range strings.Fields(name) {
		out = append(out, string([]rune(w)[0])+".")
	}
	return strings.Join(out, " ")
}
