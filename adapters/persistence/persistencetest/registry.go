package persistencetest

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// runRegistryChecks: checks round-trip with their compared facts; Latest is the newest of each
// register, in the reviewers' order; Answered leaves out the unavailable ones and answers for several
// verifications at once, each with its own.
func runRegistryChecks(t *testing.T, open Open) {
	t.Parallel()
	f := newFixture(t, open)
	v := f.draft(f.user("registry@acme.example"), verification.Top)
	other := f.draft(f.user("registry@other.example"), verification.Top)
	addTo := func(v *verification.Verification, reg screening.Registry, outcome screening.RegistryOutcome, diffs ...screening.Difference) application.RegistryCheckRecord {
		rec := application.RegistryCheckRecord{VerificationID: v.ID(), RegistryCheck: screening.RegistryCheck{Registry: reg,
			Identifier: "ID-" + string(reg), Outcome: outcome, Summary: string(outcome), Differences: diffs, CheckedAt: f.tick()}}
		if err := f.r.Registry.Add(f.ctx, &rec); err != nil || rec.ID == 0 {
			t.Fatalf("add %s %s: id %d, %v", reg, outcome, rec.ID, err)
		}
		return rec
	}
	add := func(reg screening.Registry, outcome screening.RegistryOutcome, diffs ...screening.Difference) application.RegistryCheckRecord {
		return addTo(v, reg, outcome, diffs...)
	}
	otherVAT := addTo(other, screening.RegistryVIES, screening.RegistryMatch)
	add(screening.RegistryGLEIF, screening.RegistryMismatch)
	bic := add(screening.RegistryBIC, screening.RegistryNotChecked)
	vatMatch := add(screening.RegistryVIES, screening.RegistryMatch, screening.Difference{Field: "Name", Entered: "Acme", Registered: "ACME", Match: true})
	lei := add(screening.RegistryGLEIF, screening.RegistryMatch,
		screening.Difference{Field: "Legal name", Entered: "Acme Ltd", Registered: "ACME LIMITED", Match: true},
		screening.Difference{Field: "Address", Entered: "1 Road", Registered: "2 Street", Match: false})
	vatDown := add(screening.RegistryVIES, screening.RegistryUnavailable)

	for name, c := range map[string]struct {
		read func() ([]application.RegistryCheckRecord, error)
		want []application.RegistryCheckRecord
	}{
		"Latest": {func() ([]application.RegistryCheckRecord, error) { return f.r.Registry.Latest(f.ctx, v.ID()) }, []application.RegistryCheckRecord{lei, vatDown, bic}},
		"Answered": {func() ([]application.RegistryCheckRecord, error) {
			checks, err := f.r.Registry.Answered(f.ctx, []int64{v.ID()})
			return checks[v.ID()], err
		}, []application.RegistryCheckRecord{lei, vatMatch, bic}},
	} {
		got, err := c.read()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	both, err := f.r.Registry.Answered(f.ctx, []int64{v.ID(), other.ID()})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[int64][]application.RegistryCheckRecord{v.ID(): {lei, vatMatch, bic}, other.ID(): {otherVAT}}, both); diff != "" {
		t.Errorf("Answered for two verifications (-want +got):\n%s", diff)
	}
	if got, err := f.r.Registry.Latest(f.ctx, v.ID()+1000); err != nil || len(got) != 0 {
		t.Errorf("another verification's checks: %v, %v", got, err)
	}
}
