package screening

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

var submittedAt = time.Date(2026, 11, 23, 15, 4, 0, 0, time.UTC)

func codes(c Check) []string {
	var out []string
	for _, f := range c.Findings {
		if f.Severity != SeverityInfo {
			out = append(out, f.Code+":"+string(f.Severity))
		}
	}
	return out
}

func TestKYC(t *testing.T) {
	ok := verification.Representative{FullName: "Jane Doe", Nationality: "GB", IssuingCountry: "GB", DateOfBirth: "1980-01-31",
		PassportNumber: "P1", ExpiryDate: "2031-01-01"}
	with := func(change func(r *verification.Representative)) verification.Representative {
		r := ok
		change(&r)
		return r
	}
	for name, c := range map[string]struct {
		facts KYCFacts
		want  []string
	}{
		"every rule passes": {KYCFacts{Representative: ok, PassportOnFile: true}, nil},
		"expired the day before": {KYCFacts{Representative: with(func(r *verification.Representative) { r.ExpiryDate = "2026-11-22" }),
			PassportOnFile: true}, []string{"passport_expired:fail"}},
		"expiring on the day is still valid but flagged": {KYCFacts{Representative: with(func(r *verification.Representative) { r.ExpiryDate = "2026-11-23" }),
			PassportOnFile: true}, []string{"passport_expiring:attention"}},
		"expiring within six months": {KYCFacts{Representative: with(func(r *verification.Representative) { r.ExpiryDate = "2027-05-22" }),
			PassportOnFile: true}, []string{"passport_expiring:attention"}},
		"six months exactly is fine": {KYCFacts{Representative: with(func(r *verification.Representative) { r.ExpiryDate = "2027-05-23" }),
			PassportOnFile: true}, nil},
		"18 today": {KYCFacts{Representative: with(func(r *verification.Representative) { r.DateOfBirth = "2008-11-23" }),
			PassportOnFile: true}, nil},
		"18 tomorrow": {KYCFacts{Representative: with(func(r *verification.Representative) { r.DateOfBirth = "2008-11-24" }),
			PassportOnFile: true}, []string{"under_age:fail"}},
		"codes that are no countries": {KYCFacts{Representative: with(func(r *verification.Representative) {
			r.Nationality, r.IssuingCountry = "XX", "UK"
		}), PassportOnFile: true}, []string{"nationality_invalid:fail", "issuing_country_invalid:fail"}},
		"dates that are no dates": {KYCFacts{Representative: with(func(r *verification.Representative) {
			r.DateOfBirth, r.ExpiryDate = "31/01/1980", ""
		}), PassportOnFile: true}, []string{"passport_expiry_invalid:fail", "birth_date_invalid:fail"}},
		"no passport document, passport used elsewhere": {KYCFacts{Representative: ok, ElsewhereUsedBy: []string{"Other Ltd (verification #4)"}},
			[]string{"passport_document_missing:fail", "passport_reused:attention"}},
	} {
		t.Run(name, func(t *testing.T) {
			got := KYC(c.facts, submittedAt)
			if !slices.Equal(codes(got), c.want) {
				t.Fatalf("findings %v, want %v (%+v)", codes(got), c.want, got)
			}
			if wantResult := map[bool]Result{true: ResultClear, false: ResultAttention}[c.want == nil]; got.Result != wantResult || got.Kind != CheckKYC {
				t.Fatalf("result %s, want %s", got.Result, wantResult)
			}
			if len(got.Findings) != 6 {
				t.Fatalf("%d findings: every rule reports", len(got.Findings))
			}
		})
	}
	if got := KYC(KYCFacts{Representative: ok, ElsewhereUsedBy: []string{"Other Ltd (verification #4)"}, PassportOnFile: true}, submittedAt); got.Summary != "Passport number also used for Other Ltd (verification #4)" {
		t.Errorf("summary %q", got.Summary)
	}
}

func TestJurisdictionCheck(t *testing.T) {
	list := &JurisdictionList{Publisher: "FATF", Published: time.Date(2025, 6, 13, 0, 0, 0, 0, time.UTC), Jurisdictions: []Jurisdiction{
		{Country: "IR", Name: "Iran", Category: HighRisk}, {Country: "ZA", Name: "South Africa", Category: IncreasedMonitoring}}}
	if c := JurisdictionCheck(nil, []CountryRole{{"Nationality", "IR"}}); c.Result != ResultUnavailable || c.Summary != "unavailable: no jurisdiction list loaded" {
		t.Errorf("without a list %+v", c)
	}
	if c := JurisdictionCheck(list, []CountryRole{{"Nationality", "GB"}}); c.Result != ResultClear || c.Summary != "No country on the FATF lists of 13 Jun 2025" {
		t.Errorf("clear %+v", c)
	}
	c := JurisdictionCheck(list, []CountryRole{{"Country of incorporation", "ZA"}, {"Nationality", "IR"}, {"Bank country", ""}})
	if c.Result != ResultAttention || !slices.Equal(codes(c), []string{"increased_monitoring:attention", "high_risk:fail", "country_unknown:attention"}) {
		t.Fatalf("flags %+v", c)
	}
	if want := "Country of incorporation ZA: FATF increased monitoring (list of 13 Jun 2025); Nationality IR: FATF high-risk " +
		"jurisdiction subject to a call for action (list of 13 Jun 2025); Bank country unknown"; c.Summary != want {
		t.Errorf("summary %q\nwant      %q", c.Summary, want)
	}

	for name, bad := range map[string]JurisdictionList{
		"no date":      {Publisher: "FATF", Jurisdictions: list.Jurisdictions},
		"no publisher": {Published: list.Published},
		"twice":        {Publisher: "FATF", Published: list.Published, Jurisdictions: []Jurisdiction{{"IR", "Iran", HighRisk}, {"IR", "Iran", IncreasedMonitoring}}},
		"not ISO":      {Publisher: "FATF", Published: list.Published, Jurisdictions: []Jurisdiction{{"EU", "Europe", HighRisk}}},
		"category":     {Publisher: "FATF", Published: list.Published, Jurisdictions: []Jurisdiction{{"IR", "Iran", "grey"}}},
	} {
		if err := bad.Validate(); !errors.Is(err, ErrInvalidJurisdictions) || errs.KindOf(err) != errs.KindInvalid {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := list.Validate(); err != nil {
		t.Error(err)
	}
}

func TestSubjects(t *testing.T) {
	if got := BICCountry("deut de ff"); got != "DE" {
		t.Errorf("BIC country %q", got)
	}
	for _, bad := range []string{"DEUTXXFF", "DEUT", "DEUTDEFF5"} {
		if got := BICCountry(bad); got != "" {
			t.Errorf("BICCountry(%q) = %q", bad, got)
		}
	}
	rep := verification.Representative{FullName: "Ivan Kuznetsov", DateOfBirth: "1971-03-14", Nationality: "ru",
		PassportNumber: "7204 556677", IssuingCountry: "RU"}
	s := RepresentativeSubject(12, rep)
	if s.Key != "representative:12" || s.Details != "born 1971-03-14 · RU · passport 7204 556677" ||
		s.Query.DateOfBirth.String() != "1971-03-14" || s.Query.Identifiers[0].Type != Passport || s.Query.Kind != QueryPerson {
		t.Fatalf("representative subject %+v", s)
	}
	moved := rep
	moved.DateOfBirth = "1971-03-15"
	if RepresentativeSubject(12, moved).Digest == s.Digest || RepresentativeSubject(12, rep).Digest != s.Digest {
		t.Error("the digest must follow the screened facts")
	}
	b := BankSubject(verification.BankingInfo{BankName: "First Bank", SwiftCode: "nwbkgb2l"})
	if b.Query.Countries[0] != "GB" || b.Countries[0] != (CountryRole{"Bank country", "GB"}) || b.Details != "BIC NWBKGB2L · GB" {
		t.Fatalf("bank subject %+v", b)
	}
	c := CompanySubject(verification.CompanyInfo{CompanyName: "Acme", CountryOfIncorporation: "DE", RegistrationNumber: "HRB 12345"})
	if c.Details != "DE · HRB 12345" || len(c.Query.Identifiers) != 1 || c.Query.Kind != QueryCompany {
		t.Fatalf("company subject %+v", c)
	}
	if PassportKey(" p 12-34 ") != "P1234" {
		t.Error("passport key")
	}
}

func TestReview(t *testing.T) {
	for _, c := range []struct {
		status             HitStatus
		sameEntry, sameSub bool
		want               HitStatus
		reopened           bool
	}{
		{HitFalsePositive, true, true, HitFalsePositive, false},
		{HitFalsePositive, false, true, HitOpen, true},
		{HitConfirmed, true, false, HitOpen, true},
		{HitOpen, false, false, HitOpen, false},
		{HitInconclusive, false, true, HitInconclusive, false},
	} {
		if got, re := Reobserve(c.status, c.sameEntry, c.sameSub); got != c.want || re != c.reopened {
			t.Errorf("Reobserve(%s, %v, %v) = %s, %v", c.status, c.sameEntry, c.sameSub, got, re)
		}
	}

	r := ReviewState{Undecided: 2, Inconclusive: 1, Confirmed: 1, PEPUnavailable: true}
	want := []string{"2 screening hits are undecided (1 inconclusive)", "A screening hit is a confirmed match",
		"PEP screening was unavailable and has not been acknowledged"}
	if got := r.Open(); !slices.Equal(got, want) || r.Publishable() {
		t.Fatalf("open %q", got)
	}
	err := ApprovalError(Blocking(RunDone, r), r)
	if err == nil || errs.KindOf(err) != errs.KindConflict || err.Error() != "Screening blocks approval: 2 screening hits are undecided "+
		"(1 inconclusive); a screening hit is a confirmed match; PEP screening was unavailable and has not been acknowledged" {
		t.Fatalf("approval error %v", err)
	}
	if err := ApprovalError(Blocking(RunDone, ReviewState{PEPUnavailable: true, PEPAcknowledged: true}), ReviewState{}); err != nil {
		t.Fatalf("nothing open: %v", err)
	}
	for status, want := range map[RunStatus]string{"": "Screening is not finished: screening has not run yet",
		RunPending: "Screening is not finished: screening is still running", RunRunning: "Screening is not finished: screening is still running",
		RunFailed: "Screening is not finished: the last screening attempt failed; it is retried automatically"} {
		if err := ApprovalError(Blocking(status, ReviewState{}), ReviewState{}); err == nil || err.Error() != want {
			t.Errorf("%q: %v", status, err)
		}
	}

	if _, _, err := DecisionInput("maybe", " "); err == nil || len(err.(errs.Fielded).Fields()) != 2 {
		t.Fatalf("decision input %v", err)
	}
	if o, n, err := DecisionInput("inconclusive", "  needs the passport copy  "); err != nil || o != HitInconclusive ||
		n != "needs the passport copy" || !o.Undecided() {
		t.Fatalf("decision %s %q %v", o, n, err)
	}
	if _, err := Note(strings.Repeat("x", MaxNote+1)); !errors.Is(err, ErrNoteTooLong) {
		t.Fatalf("long note: %v", err)
	}
}

func TestHitsCheckAndTopics(t *testing.T) {
	if c := HitsCheck(CheckPEP, false, nil); c.Result != ResultUnavailable || c.Summary != "unavailable: no PEP list loaded" {
		t.Errorf("PEP without a list %+v", c)
	}
	if c := HitsCheck(CheckSanctions, true, nil); c.Result != ResultClear || c.Summary != "No match" {
		t.Errorf("no hit %+v", c)
	}
	if c := HitsCheck(CheckSanctions, true, []HitStatus{HitFalsePositive, HitOpen, HitFalsePositive}); c.Result != ResultHits ||
		c.Summary != "3 possible matches: 1 undecided, 2 false positive" {
		t.Errorf("hits %+v", c)
	}
	for topics, want := range map[string]CheckKind{"sanction": CheckSanctions, "role.pep": CheckPEP, "role.pep sanction": CheckSanctions,
		"": CheckSanctions, "role.pep.national": CheckPEP, "sanction.linked role.pep": CheckSanctions} {
		var e Entry
		for _, tp := range strings.Fields(topics) {
			e.Topics = append(e.Topics, Topic(tp))
		}
		if got := CheckOf(&e); got != want {
			t.Errorf("CheckOf(%q) = %s, want %s", topics, got, want)
		}
	}
}

func TestNeedsAttention(t *testing.T) {
	for _, c := range []struct {
		status  verification.Status
		revoked bool
		open    int
		flagged bool
		want    bool
	}{
		{verification.InReview, false, 0, true, true},
		{verification.Submitted, false, 1, false, true},
		{verification.Approved, false, 0, true, false}, // the approval saw the flags
		{verification.Approved, false, 1, false, true}, // a new hit on a certificate
		{verification.Approved, true, 1, false, false}, // revoked: nothing left to protect
		{verification.Rejected, false, 1, true, false},
		{verification.Draft, false, 1, true, false},
	} {
		if got := NeedsAttention(c.status, c.revoked, c.open, c.flagged); got != c.want {
			t.Errorf("%+v: %v", c, got)
		}
	}
}

// A certificate claims only the checks that ran, with each list and its date.
func TestClaims(t *testing.T) {
	if got := Claims(nil, true); got != nil {
		t.Fatalf("a certificate without a run claims %v", got)
	}
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
	run := &ScreenedRun{Finished: day(23).Add(15 * time.Hour),
		// OFAC's file carries no publication date: the certificate says it gives the retrieval date.
		Sanctions: []ListRef{{Label: "OFAC SDN", Date: day(20), Retrieved: true}, {Label: "UN", Date: day(19)}}, Representatives: 2}
	got := Claims(run, true)
	var texts []string
	for _, c := range got {
		texts = append(texts, c.Kind+"|"+c.Text)
	}
	want := []string{
		"sanctions|Sanctions screening: no match. OFAC SDN, retrieved 20 Nov 2026, UN of 19 Nov 2026. Screened 23 Nov 2026, monitored daily",
		"kyc|KYC: 2 representatives checked (passport, age, nationality). Checked 23 Nov 2026",
	}
	if !slices.Equal(texts, want) {
		t.Fatalf("claims\n%q\nwant\n%q", texts, want)
	}
	run.PEP = []ListRef{{Label: "PEP list", Date: day(1)}}
	run.Jurisdictions = &JurisdictionList{Publisher: "FATF", Published: time.Date(2025, 6, 13, 0, 0, 0, 0, time.UTC)}
	run.Representatives = 0
	got = Claims(run, false)
	if len(got) != 3 || got[1].Text != "PEP screening: no match. PEP list of 1 Nov 2026. Screened 23 Nov 2026" ||
		got[2].Text != "Jurisdiction check: countries checked against the FATF lists of 13 Jun 2025. Checked 23 Nov 2026" {
		t.Fatalf("claims without monitoring %+v", got)
	}
	for _, c := range append(got, verification.ReviewCheck(day(23))) {
		for _, claim := range []string{"AML", "KYC check", "PEP Checks"} {
			if strings.Contains(c.Text, claim) {
				t.Errorf("%q claims %q", c.Text, claim)
			}
		}
	}
}

func TestOwnerKYC(t *testing.T) {
	o := verification.BeneficialOwner{FullName: "Maria Keller", DateOfBirth: "2008-11-24", Nationality: "CH", CountryOfResidence: "XX"}
	got := OwnerKYC(OwnerKYCFacts{Owner: o}, submittedAt)
	var fails []string
	for _, f := range got.Findings {
		if f.Severity == SeverityFail {
			fails = append(fails, f.Code)
		}
	}
	want := []string{"under_age", "residence_invalid", "identity_document_missing"}
	if diff := cmp.Diff(want, fails); diff != "" {
		t.Errorf("owner KYC failures (-want +got):\n%s", diff)
	}
	o.DateOfBirth, o.CountryOfResidence = "1970-01-01", "DE"
	if got := OwnerKYC(OwnerKYCFacts{Owner: o, DocumentOnFile: true}, submittedAt); got.Flagged() {
		t.Errorf("a complete adult owner is flagged: %+v", got)
	}
}

func TestOwnershipClaimOnlyWhenScreened(t *testing.T) {
	at := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	lists := []ListRef{{Label: "UN", Date: at}}
	find := func(r ScreenedRun) string {
		for _, c := range Claims(&r, false) {
			if c.Kind == string(CheckOwnership) {
				return c.Text
			}
		}
		return ""
	}
	if got := find(ScreenedRun{Finished: at, Sanctions: lists, OwnershipScreened: true}); got != "Beneficial ownership declared and screened. Checked 26 Nov 2026" {
		t.Errorf("claim %q", got)
	}
	if got := find(ScreenedRun{Finished: at, Sanctions: lists}); got != "" {
		t.Errorf("claimed without owners or a declaration: %q", got)
	}
	if got := find(ScreenedRun{Finished: at, OwnershipScreened: true}); got != "" {
		t.Errorf("claimed without any list screened: %q", got)
	}
}
