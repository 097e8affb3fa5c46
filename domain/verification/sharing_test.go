package verification

import "testing"

func TestSharedCopyMasksIdentityAndAccountNumbers(t *testing.T) {
	r := Representative{FullName: "Jane Doe", Position: "Director", Nationality: "GB", DateOfBirth: "1980-01-31",
		PassportNumber: "P1234567", IssuingCountry: "GB", ExpiryDate: "2031-01-01", Email: "jane@acme.example"}.ForCounterparty()
	if r.PassportNumber != "•••••567" || r.DateOfBirth != "1980" || r.FullName != "Jane Doe" || r.ExpiryDate != "2031-01-01" {
		t.Errorf("representative %+v", r)
	}
	b := BankingInfo{BankName: "First Bank", AccountNumber: "GB29 NWBK 6016 1331 9268 19", SwiftCode: "NWBKGB2L"}.ForCounterparty()
	if b.AccountNumber != "••••••••••••••••••6819" || b.SwiftCode != "NWBKGB2L" {
		t.Errorf("banking %+v", b)
	}
	for in, want := range map[string]string{"": "", "12": "••", "1234": "••••", "12345": "•2345"} {
		if got := MaskTail(in, 4); got != want {
			t.Errorf("MaskTail(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOwnerForCounterpartyHidesTheName(t *testing.T) {
	got := BeneficialOwner{FullName: "Maria van Keller", DateOfBirth: "1970-04-02", Nationality: "CH", Ownership: 4000}.ForCounterparty()
	if got.FullName != "M. v. K." || got.DateOfBirth != "1970" || got.Nationality != "CH" || got.Ownership != 4000 {
		t.Errorf("shared owner %+v", got)
	}
}
