package persistencetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// Open returns the repositories on a fresh, migrated database; the section repository stamps
// times with now.
type Open func(t *testing.T, now func() time.Time) Repos

// Run runs the whole contract against the engine open connects to.
func Run(t *testing.T, open Open) {
	t.Run("Verifications", func(t *testing.T) { runVerifications(t, open) })
	t.Run("Lists", func(t *testing.T) { runLists(t, open) })
	t.Run("Records", func(t *testing.T) { runRecords(t, open) })
	t.Run("Followers", func(t *testing.T) { runFollowers(t, open) })
	t.Run("RegistryChecks", func(t *testing.T) { runRegistryChecks(t, open) })
	t.Run("ScreeningRuns", func(t *testing.T) { runScreeningRuns(t, open) })
	t.Run("FirstApprovals", func(t *testing.T) { runFirstApprovals(t, open) })
}

// fixture is one fresh database and a clock that moves a second at every reading.
type fixture struct {
	t   *testing.T
	ctx context.Context
	r   Repos

	mu  sync.Mutex
	now time.Time
}

// start is the first instant of every fixture's clock: whole microseconds, as the databases keep them.
var start = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

func newFixture(t *testing.T, open Open) *fixture {
	t.Helper()
	f := &fixture{t: t, ctx: t.Context(), now: start}
	f.r = open(t, f.tick)
	return f
}

// tick returns a new instant, a second after the last.
func (f *fixture) tick() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(time.Second)
	return f.now
}

// user creates an account.
func (f *fixture) user(email string) *application.User {
	f.t.Helper()
	u := &application.User{Email: email, PasswordHash: "hash-of-" + email, CreatedAt: f.tick()}
	if err := f.r.Users.Create(f.ctx, u); err != nil {
		f.t.Fatalf("create user %s: %v", email, err)
	}
	return u
}

// draft creates a draft verification of u in tier.
func (f *fixture) draft(u *application.User, tier verification.Tier) *verification.Verification {
	f.t.Helper()
	v, err := f.create(f.ctx, u.ID, tier)
	if err != nil {
		f.t.Fatalf("create verification: %v", err)
	}
	return v
}

// create stores a new draft verification of the user in tier, in ctx's transaction if any.
func (f *fixture) create(ctx context.Context, userID int64, tier verification.Tier) (*verification.Verification, error) {
	v, err := verification.New(userID, tier, f.tick())
	if err != nil {
		return nil, err
	}
	return v, f.r.Verifications.Create(ctx, v)
}

// in creates a verification of u and saves it in status.
func (f *fixture) in(u *application.User, tier verification.Tier, status verification.Status) *verification.Verification {
	f.t.Helper()
	v := f.draft(u, tier)
	if status == verification.Draft {
		return v
	}
	return f.save(v, func(s *verification.Snapshot) { s.Status = status })
}

// save changes v's state with change and saves it, failing the test on an error.
func (f *fixture) save(v *verification.Verification, change func(*verification.Snapshot)) *verification.Verification {
	f.t.Helper()
	out, err := f.trySave(f.ctx, v, change)
	if err != nil {
		f.t.Fatalf("save verification %d: %v", v.ID(), err)
	}
	return out
}

// trySave changes v's state with change and saves it.
func (f *fixture) trySave(ctx context.Context, v *verification.Verification, change func(*verification.Snapshot)) (*verification.Verification, error) {
	s := v.Snapshot()
	change(&s)
	s.UpdatedAt = f.tick()
	out := verification.Restore(s)
	return out, f.r.Verifications.Save(ctx, out)
}

// get reads a verification that must exist.
func (f *fixture) get(id int64) *verification.Verification {
	f.t.Helper()
	v, err := f.r.Verifications.Get(f.ctx, id)
	if err != nil {
		f.t.Fatalf("get verification %d: %v", id, err)
	}
	return v
}

// domainValues lets go-cmp look inside the domain's enumerations, whose only field is unexported.
var domainValues = cmp.AllowUnexported(verification.Status{}, verification.Tier{}, verification.PaymentStatus{},
	verification.DocumentType{})

// snapshotDiff compares verification states field by field.
func snapshotDiff(want, got verification.Snapshot) string { return cmp.Diff(want, got, domainValues) }

func at(t time.Time) *time.Time { return &t }

// expectErr fails unless err is target.
func expectErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: %v, want %v", what, err, target)
	}
}

func runVerifications(t *testing.T, open Open) {
	t.Run("SnapshotRoundTrip", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		owner := f.user("owner@acme.example")
		v := f.draft(owner, verification.Basic)
		created := v.Snapshot()
		if created.ID == 0 || created.Version != 1 {
			t.Fatalf("Create gave id %d version %d, want an id and version 1", created.ID, created.Version)
		}
		if diff := snapshotDiff(created, f.get(v.ID()).Snapshot()); diff != "" {
			t.Errorf("new draft read back (-created +read):\n%s", diff)
		}

		// Every field set, none to its zero value.
		want := created
		want.Tier, want.Status, want.Progress = verification.Top, verification.Approved, 100
		want.RejectionReason = "Earlier: the licence was missing"
		want.Payment = verification.Payment{Status: verification.PaymentPaid, Amount: 14900, ID: "pi_roundtrip",
			Date: at(start.Add(time.Hour))}
		want.CISFormPath = fmt.Sprintf("verifications/%d/cis-abc.pdf", v.ID())
		want.CISFormGenerated = at(start.Add(2 * time.Hour))
		want.ApprovedAt = at(start.Add(3 * time.Hour))
		want.ExpiresAt = at(start.AddDate(1, 0, 0))
		want.RevokedAt = at(start.Add(4*time.Hour + 123456*time.Microsecond))
		want.RevokedReason = "Registry shows the company dissolved"
		want.ReviewSince = at(start.Add(90 * time.Minute))
		want.UpdatedAt = start.Add(5 * time.Hour)
		saved := verification.Restore(want)
		if err := f.r.Verifications.Save(f.ctx, saved); err != nil {
			t.Fatalf("Save: %v", err)
		}
		want.Version = 2
		if diff := snapshotDiff(want, saved.Snapshot()); diff != "" {
			t.Errorf("Save left the aggregate (-want +got):\n%s", diff)
		}
		reads := map[string]func() (*verification.Verification, error){
			"Get":        func() (*verification.Verification, error) { return f.r.Verifications.Get(f.ctx, v.ID()) },
			"ByPublicID": func() (*verification.Verification, error) { return f.r.Verifications.ByPublicID(f.ctx, want.PublicID) },
			"ByCISPath": func() (*verification.Verification, error) {
				return f.r.Verifications.ByCISPath(f.ctx, want.CISFormPath)
			},
			"GetForUpdate": func() (*verification.Verification, error) {
				var got *verification.Verification
				err := f.r.Tx.WithinTx(f.ctx, func(ctx context.Context) error {
					var err error
					got, err = f.r.Verifications.GetForUpdate(ctx, v.ID())
					return err
				})
				return got, err
			},
		}
		for name, read := range reads {
			got, err := read()
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if diff := snapshotDiff(want, got.Snapshot()); diff != "" {
				t.Errorf("%s after Save (-want +got):\n%s", name, diff)
			}
		}
	})

	t.Run("UnsetFieldsStayUnset", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		v := f.draft(f.user("owner@acme.example"), verification.Top)
		got := f.get(v.ID()).Snapshot()
		if got.Payment.Status != verification.PaymentPending || got.Payment.Amount != 0 || got.Payment.Date != nil ||
			got.ApprovedAt != nil || got.ExpiresAt != nil || got.RevokedAt != nil || got.CISFormGenerated != nil ||
			got.ReviewSince != nil {
			t.Errorf("a new draft read back with values it never had: %+v", got)
		}
		_, err := f.r.Verifications.ByCISPath(f.ctx, "")
		expectErr(t, "ByCISPath of the empty path (a draft has none)", err, application.ErrNotFound)
	})

	t.Run("MissingAndDeletedAreNotFound", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		v := f.draft(f.user("owner@acme.example"), verification.Basic)
		_, err := f.r.Verifications.Get(f.ctx, v.ID()+1000)
		expectErr(t, "Get of an unknown id", err, application.ErrNotFound)
		_, err = f.r.Verifications.ByPublicID(f.ctx, "no-such-public-id")
		expectErr(t, "ByPublicID of an unknown id", err, application.ErrNotFound)

		f.save(v, func(s *verification.Snapshot) { s.Deleted = true })
		_, err = f.r.Verifications.Get(f.ctx, v.ID())
		expectErr(t, "Get of a deleted verification", err, application.ErrNotFound)
		_, err = f.r.Verifications.ByPublicID(f.ctx, v.PublicID())
		expectErr(t, "ByPublicID of a deleted verification", err, application.ErrNotFound)
		err = f.r.Tx.WithinTx(f.ctx, func(ctx context.Context) error {
			_, err := f.r.Verifications.GetForUpdate(ctx, v.ID())
			return err
		})
		expectErr(t, "GetForUpdate of a deleted verification", err, application.ErrNotFound)
	})

	t.Run("StaleVersionConflicts", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		v := f.draft(f.user("owner@acme.example"), verification.Basic)
		first, second := f.get(v.ID()), f.get(v.ID())
		first = f.save(first, func(s *verification.Snapshot) { s.Progress = 40 })
		if first.Version() != 2 {
			t.Errorf("version after one save: %d, want 2", first.Version())
		}
		_, err := f.trySave(f.ctx, second, func(s *verification.Snapshot) { s.Progress = 60; s.Status = verification.Submitted })
		expectErr(t, "Save of a verification read before another save", err, application.ErrConflict)
		got := f.get(v.ID())
		if got.Progress() != 40 || got.Status() != verification.Draft || got.Version() != 2 {
			t.Errorf("after the refused save: progress %d status %s version %d, want the first save's 40 draft 2",
				got.Progress(), got.Status(), got.Version())
		}
		// The winner's copy is current and saves again.
		f.save(first, func(s *verification.Snapshot) { s.Progress = 80 })
		if got := f.get(v.ID()); got.Progress() != 80 || got.Version() != 3 {
			t.Errorf("after a save from the current version: progress %d version %d, want 80 and 3", got.Progress(), got.Version())
		}
	})

	t.Run("GetForUpdateWaitsForTheLock", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		v := f.in(f.user("owner@acme.example"), verification.Basic, verification.Submitted)
		locked, release := make(chan struct{}), make(chan struct{})
		releaseOnce := sync.OnceFunc(func() { close(release) })
		t.Cleanup(releaseOnce) // a failing test must not leave the first transaction open
		firstDone := make(chan error, 1)
		go func() {
			firstDone <- f.r.Tx.WithinTx(f.ctx, func(ctx context.Context) error {
				held, err := f.r.Verifications.GetForUpdate(ctx, v.ID())
				close(locked)
				if err != nil {
					return err
				}
				<-release
				_, err = f.trySave(ctx, held, func(s *verification.Snapshot) { s.Status = verification.InReview })
				return err
			})
		}()
		<-locked
		type read struct {
			status verification.Status
			err    error
		}
		second := make(chan read, 1)
		go func() {
			var r read
			r.err = f.r.Tx.WithinTx(f.ctx, func(ctx context.Context) error {
				got, err := f.r.Verifications.GetForUpdate(ctx, v.ID())
				if err == nil {
					r.status = got.Status()
				}
				return err
			})
			second <- r
		}()
		select {
		case r := <-second:
			t.Fatalf("second GetForUpdate returned (%v, %v) while the first transaction held the row", r.status, r.err)
		case <-time.After(300 * time.Millisecond):
		}
		releaseOnce()
		if err := <-firstDone; err != nil {
			t.Fatalf("first transaction: %v", err)
		}
		select {
		case r := <-second:
			if r.err != nil || r.status != verification.InReview {
				t.Errorf("second GetForUpdate after the first committed: %v, %v; want in_review (the committed change)", r.status, r.err)
			}
		case <-time.After(15 * time.Second):
			t.Fatal("second GetForUpdate still waits after the first transaction committed")
		}
	})

	t.Run("ConcurrentTransitionsOneWins", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		owner := f.user("owner@acme.example")
		decisions := []verification.Status{verification.Approved, verification.Rejected}
		for round := range 4 {
			v := f.in(owner, verification.Basic, verification.Submitted)
			errs := make([]error, len(decisions))
			var wg sync.WaitGroup
			ready := make(chan struct{})
			for i, to := range decisions {
				wg.Go(func() {
					<-ready
					errs[i] = f.r.Tx.WithinTx(f.ctx, func(ctx context.Context) error {
						cur, err := f.r.Verifications.GetForUpdate(ctx, v.ID())
						if err != nil {
							return err
						}
						if cur.Status() != verification.Submitted { // the conditional part of the transition
							return verification.TransitionError{From: cur.Status(), Action: "decide"}
						}
						_, err = f.trySave(ctx, cur, func(s *verification.Snapshot) { s.Status = to })
						return err
					})
				})
			}
			close(ready)
			wg.Wait()
			var winners []verification.Status
			for i, err := range errs {
				var refused verification.TransitionError
				switch {
				case err == nil:
					winners = append(winners, decisions[i])
				case errors.As(err, &refused), errors.Is(err, application.ErrConflict):
				default:
					t.Errorf("round %d, %s: %v, want success, a transition error or ErrConflict", round, decisions[i], err)
				}
			}
			if len(winners) != 1 {
				t.Fatalf("round %d: %d transitions won (%v), want exactly one", round, len(winners), winners)
			}
			if got := f.get(v.ID()); got.Status() != winners[0] || got.Version() != 3 {
				t.Errorf("round %d: stored %s version %d, want the winner's %s at version 3", round, got.Status(), got.Version(), winners[0])
			}
		}
	})

	t.Run("RollbackKeepsNothing", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		owner := f.user("owner@acme.example")
		existing := f.in(owner, verification.Basic, verification.Submitted)
		before := f.counts(application.VerificationFilter{})
		boom := errors.New("boom")
		var createdID int64
		err := f.r.Tx.WithinTx(f.ctx, func(ctx context.Context) error {
			v, err := f.create(ctx, owner.ID, verification.Top)
			if err != nil {
				return err
			}
			createdID = v.ID()
			steps := []error{
				f.r.Audit.Record(ctx, application.AuditEvent{VerificationID: v.ID(), ActorID: owner.ID, Action: "create",
					To: "draft", CreatedAt: f.tick()}),
				f.r.Sections.SaveCompany(ctx, &application.CompanyRecord{VerificationID: v.ID(),
					CompanyInfo: verification.CompanyInfo{CompanyName: "Rolled Back Ltd"}}),
				f.r.Documents.Create(ctx, &application.Document{VerificationID: v.ID(), Type: verification.BusinessLicense,
					Filename: "l.pdf", ObjectPath: "verifications/rolled-back/l.pdf", CreatedAt: f.tick()}),
			}
			cur, err := f.r.Verifications.GetForUpdate(ctx, existing.ID())
			if err != nil {
				return err
			}
			_, err = f.trySave(ctx, cur, func(s *verification.Snapshot) { s.Status = verification.Approved })
			steps = append(steps, err, f.r.Audit.Record(ctx, application.AuditEvent{VerificationID: existing.ID(),
				ActorID: owner.ID, Action: "approve", From: "submitted", To: "approved", CreatedAt: f.tick()}))
			if err := errors.Join(steps...); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("WithinTx: %v, want the function's own error", err)
		}
		if createdID == 0 {
			t.Fatal("the transaction never created its verification")
		}
		_, err = f.r.Verifications.Get(f.ctx, createdID)
		expectErr(t, "Get of the verification created in the failed transaction", err, application.ErrNotFound)
		_, err = f.r.Sections.Company(f.ctx, createdID)
		expectErr(t, "company section written in the failed transaction", err, application.ErrNotFound)
		if _, err := f.r.Documents.ByObjectPath(f.ctx, "verifications/rolled-back/l.pdf"); !errors.Is(err, application.ErrNotFound) {
			t.Errorf("document written in the failed transaction: %v, want ErrNotFound", err)
		}
		for _, id := range []int64{createdID, existing.ID()} {
			if events, err := f.r.Audit.List(f.ctx, id); err != nil || len(events) != 0 {
				t.Errorf("audit events of %d after the rollback: %+v, %v; want none", id, events, err)
			}
		}
		if got := f.get(existing.ID()); got.Status() != verification.Submitted || got.Version() != existing.Version() {
			t.Errorf("verification changed in the failed transaction: %s version %d, want submitted version %d",
				got.Status(), got.Version(), existing.Version())
		}
		if diff := cmp.Diff(before, f.counts(application.VerificationFilter{})); diff != "" {
			t.Errorf("status counts after the rollback (-before +after):\n%s", diff)
		}
	})
}
