package persistencetest

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// runScreeningRuns: runs read several at once are each as read alone, an unknown id left out; the
// subjects of several runs are counted by kind, each run its own.
func runScreeningRuns(t *testing.T, open Open) {
	t.Parallel()
	f := newFixture(t, open)
	v := f.draft(f.user("runs@acme.example"), verification.Top)
	run := func(subjects ...screening.SubjectKind) *application.ScreeningRun {
		finished := f.tick()
		r := &application.ScreeningRun{VerificationID: v.ID(), Trigger: screening.TriggerSubmission, Status: screening.RunDone,
			CreatedAt: f.tick(), FinishedAt: &finished, SanctionsIDs: []int64{3, 4}, PEPIDs: []int64{5}, ListVersionIDs: []int64{3, 4, 5}}
		if err := f.r.Screening.CreateRun(f.ctx, r); err != nil {
			t.Fatal(err)
		}
		var add []application.ScreenedSubject
		for i, kind := range subjects {
			add = append(add, application.ScreenedSubject{Key: string(kind) + string(rune('a'+i)), Kind: kind, Name: "Name", Digest: "d"})
		}
		if err := f.r.Screening.AddSubjects(f.ctx, r.ID, add); err != nil {
			t.Fatal(err)
		}
		return r
	}
	first := run(screening.SubjectCompany, screening.SubjectRepresentative, screening.SubjectRepresentative, screening.SubjectOwner)
	second := run(screening.SubjectCompany)
	third := run()

	runs, err := f.r.Screening.Runs(f.ctx, []int64{first.ID, second.ID, third.ID, third.ID + 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 3 {
		t.Errorf("%d runs read, want 3: %v", len(runs), runs)
	}
	for _, r := range []*application.ScreeningRun{first, second, third} {
		alone, err := f.r.Screening.Run(f.ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(alone, runs[r.ID]); diff != "" {
			t.Errorf("run %d read with others (-alone +together):\n%s", r.ID, diff)
		}
	}

	kinds, err := f.r.Screening.SubjectKinds(f.ctx, []int64{first.ID, second.ID, third.ID})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]map[screening.SubjectKind]int{
		first.ID:  {screening.SubjectCompany: 1, screening.SubjectRepresentative: 2, screening.SubjectOwner: 1},
		second.ID: {screening.SubjectCompany: 1},
	}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("subjects by kind (-want +got):\n%s", diff)
	}
}
