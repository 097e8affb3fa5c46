package persistencetest

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// runFirstApprovals: a first approval is read back with its approver's e-mail and shows in the
// "awaiting second review" filter; a send-back keeps who and the note and leaves the filter; a new
// first approval clears the send-back; a deleted one is gone.
func runFirstApprovals(t *testing.T, open Open) {
	f := newFixture(t, open)
	store, ctx := f.r.Firsts, f.ctx
	owner, first, second := f.user("owner@acme.test"), f.user("first@verify.test"), f.user("second@verify.test")
	v := f.in(owner, verification.Top, verification.InReview)
	other := f.in(owner, verification.Top, verification.InReview)
	awaiting := func() []int64 {
		t.Helper()
		items, _, err := f.r.Verifications.List(ctx, application.VerificationFilter{AwaitingSecond: true, Page: 1,
			PageSize: 10, Sort: application.SortID})
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, it := range items {
			ids = append(ids, it.Verification.ID())
		}
		return ids
	}

	at := f.tick()
	if err := store.Put(ctx, application.FirstApproval{VerificationID: v.ID(), ApproverID: first.ID, ApprovedAt: at}); err != nil {
		t.Fatal(err)
	}
	want := application.FirstApproval{VerificationID: v.ID(), ApproverID: first.ID, ApproverEmail: "first@verify.test", ApprovedAt: at}
	if got, err := store.Get(ctx, v.ID()); err != nil || !cmp.Equal(got, &want) {
		t.Fatalf("get (%v): %s", err, cmp.Diff(&want, got))
	}
	if got := awaiting(); !cmp.Equal(got, []int64{v.ID()}) {
		t.Errorf("awaiting second review: %v, want only %d", got, v.ID())
	}

	back := f.tick()
	if err := store.SendBack(ctx, v.ID(), application.SendBack{ByID: second.ID, At: back, Note: "check the UBO"}); err != nil {
		t.Fatal(err)
	}
	want.SentBack = &application.SendBack{ByID: second.ID, ByEmail: "second@verify.test", At: back, Note: "check the UBO"}
	if got, err := store.Of(ctx, []int64{v.ID(), other.ID()}); err != nil || !cmp.Equal(got, map[int64]application.FirstApproval{v.ID(): want}) {
		t.Fatalf("of (%v): %s", err, cmp.Diff(map[int64]application.FirstApproval{v.ID(): want}, got))
	}
	if got := awaiting(); len(got) != 0 {
		t.Errorf("a sent-back approval still awaits: %v", got)
	}

	again := f.tick()
	if err := store.Put(ctx, application.FirstApproval{VerificationID: v.ID(), ApproverID: second.ID, ApprovedAt: again}); err != nil {
		t.Fatal(err)
	}
	if got, err := store.Get(ctx, v.ID()); err != nil || got.SentBack != nil || got.ApproverID != second.ID || !got.ApprovedAt.Equal(again) {
		t.Fatalf("a new first approval over a sent-back one: %+v %v", got, err)
	}
	if err := store.Delete(ctx, v.ID()); err != nil {
		t.Fatal(err)
	}
	if got, err := store.Get(ctx, v.ID()); err != nil || got != nil {
		t.Errorf("deleted, still read: %+v %v", got, err)
	}
}
