package persistencetest

import (
	"context"
	"errors"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// listWorld is a set of verifications whose order by every sort field is known.
type listWorld struct {
	f     *fixture
	users map[string]*application.User
	ids   map[string]int64 // by name v1 … v8
	names map[int64]string
	owner map[string]string // verification name -> owner's e-mail
	v     map[string]*verification.Verification
}

// seedLists creates seven listed verifications (v1 … v7, created in that order) and a deleted one (v8).
// Their updatedAt order is v3 v5 v1 v7 v4 v2 v6.
func seedLists(f *fixture) *listWorld {
	f.t.Helper()
	w := &listWorld{f: f, users: map[string]*application.User{}, ids: map[string]int64{}, names: map[int64]string{},
		owner: map[string]string{}, v: map[string]*verification.Verification{}}
	for _, email := range []string{"alice@acme.example", "bob@bolt.example", "carol@acme.example", "d_ave@x.example"} {
		w.users[email] = f.user(email)
	}
	rows := []struct {
		name, owner string
		tier        verification.Tier
		status      verification.Status
		updated     time.Duration
		deleted     bool
	}{
		{"v1", "alice@acme.example", verification.Basic, verification.Draft, 3 * time.Hour, false},
		{"v2", "alice@acme.example", verification.Top, verification.Submitted, 7 * time.Hour, false},
		{"v3", "bob@bolt.example", verification.Basic, verification.InReview, 1 * time.Hour, false},
		{"v4", "bob@bolt.example", verification.Top, verification.Approved, 5 * time.Hour, false},
		{"v5", "carol@acme.example", verification.Basic, verification.Rejected, 2 * time.Hour, false},
		{"v6", "carol@acme.example", verification.Top, verification.Draft, 8 * time.Hour, false},
		{"v7", "d_ave@x.example", verification.Basic, verification.Submitted, 4 * time.Hour, false},
		{"v8", "alice@acme.example", verification.Basic, verification.Draft, 6 * time.Hour, true},
	}
	for _, r := range rows {
		v := f.draft(w.users[r.owner], r.tier)
		v = f.save(v, func(s *verification.Snapshot) { s.Status, s.Deleted = r.status, r.deleted })
		// Saved again without the fixture's clock: updatedAt is the row's own, far in the future.
		s := v.Snapshot()
		s.UpdatedAt = start.Add(24*time.Hour + r.updated)
		v = verification.Restore(s)
		if err := f.r.Verifications.Save(f.ctx, v); err != nil {
			f.t.Fatalf("save %s: %v", r.name, err)
		}
		w.ids[r.name], w.names[v.ID()], w.owner[r.name], w.v[r.name] = v.ID(), r.name, r.owner, v
	}
	return w
}

// list runs a filter and returns the names in the order listed and the total.
func (w *listWorld) list(filter application.VerificationFilter) ([]string, int) {
	w.f.t.Helper()
	items, total, err := w.f.r.Verifications.List(w.f.ctx, filter)
	if err != nil {
		w.f.t.Fatalf("List(%+v): %v", filter, err)
	}
	names := make([]string, 0, len(items))
	for _, it := range items {
		name := w.names[it.Verification.ID()]
		if it.UserEmail != w.owner[name] {
			w.f.t.Errorf("List item %s: owner e-mail %q, want %q", name, it.UserEmail, w.owner[name])
		}
		names = append(names, name)
	}
	return names, total
}

// counts reads the counts per status for filter, by status name.
func (f *fixture) counts(filter application.VerificationFilter) map[string]int {
	f.t.Helper()
	counts, err := f.r.Verifications.CountByStatus(f.ctx, filter)
	if err != nil {
		f.t.Fatalf("CountByStatus(%+v): %v", filter, err)
	}
	out := make(map[string]int, len(counts))
	for st, n := range counts {
		out[st.String()] = n
	}
	return out
}

func status(s verification.Status) *verification.Status { return &s }
func tier(t verification.Tier) *verification.Tier       { return &t }

func runLists(t *testing.T, open Open) {
	t.Run("Filters", func(t *testing.T) {
		t.Parallel()
		w := seedLists(newFixture(t, open))
		alice := w.users["alice@acme.example"].ID
		for _, tc := range []struct {
			name   string
			filter application.VerificationFilter
			want   []string
		}{
			{"none (the deleted v8 never shows)", application.VerificationFilter{}, []string{"v1", "v2", "v3", "v4", "v5", "v6", "v7"}},
			{"status", application.VerificationFilter{Status: status(verification.Draft)}, []string{"v1", "v6"}},
			{"statuses", application.VerificationFilter{Statuses: []verification.Status{verification.Submitted, verification.InReview}}, []string{"v2", "v3", "v7"}},
			{"tier", application.VerificationFilter{Tier: tier(verification.Top)}, []string{"v2", "v4", "v6"}},
			{"status and tier", application.VerificationFilter{Status: status(verification.Draft), Tier: tier(verification.Top)}, []string{"v6"}},
			{"e-mail substring, any case", application.VerificationFilter{Email: "ACME"}, []string{"v1", "v2", "v5", "v6"}},
			{"e-mail of one user", application.VerificationFilter{Email: "Bob@Bolt"}, []string{"v3", "v4"}},
			{"e-mail '_' matches only an underscore", application.VerificationFilter{Email: "_"}, []string{"v7"}},
			{"e-mail '%' matches only a percent sign", application.VerificationFilter{Email: "%"}, nil},
			{"e-mail nobody has", application.VerificationFilter{Email: "nobody"}, nil},
			{"e-mail and status", application.VerificationFilter{Email: "acme", Status: status(verification.Draft)}, []string{"v1", "v6"}},
			{"e-mail and tier", application.VerificationFilter{Email: "acme", Tier: tier(verification.Basic)}, []string{"v1", "v5"}},
			{"public id", application.VerificationFilter{PublicID: w.v["v4"].PublicID()}, []string{"v4"}},
			{"public id of a deleted one", application.VerificationFilter{PublicID: w.v["v8"].PublicID()}, nil},
			{"id", application.VerificationFilter{ID: w.ids["v5"]}, []string{"v5"}},
			{"id of a deleted one", application.VerificationFilter{ID: w.ids["v8"]}, nil},
			{"owner", application.VerificationFilter{UserID: alice}, []string{"v1", "v2"}},
			{"owner and tier", application.VerificationFilter{UserID: alice, Tier: tier(verification.Top)}, []string{"v2"}},
			{"owner and statuses", application.VerificationFilter{UserID: alice, Statuses: []verification.Status{verification.Draft}}, []string{"v1"}},
		} {
			tc.filter.Sort, tc.filter.Page, tc.filter.PageSize = application.SortID, 1, 100
			got, total := w.list(tc.filter)
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%s: listed (-want +got):\n%s", tc.name, diff)
			}
			if total != len(tc.want) {
				t.Errorf("%s: total %d, want %d", tc.name, total, len(tc.want))
			}
		}
	})

	t.Run("Sorts", func(t *testing.T) {
		t.Parallel()
		w := seedLists(newFixture(t, open))
		byID := []string{"v1", "v2", "v3", "v4", "v5", "v6", "v7"}
		for _, tc := range []struct {
			sort application.SortField
			asc  []string // descending is the exact reverse: ties break on id in the same direction
		}{
			{application.SortID, byID},
			{application.SortCreatedAt, byID},
			{application.SortStatus, []string{"v4", "v1", "v6", "v3", "v5", "v2", "v7"}}, // approved draft in_review rejected submitted
			{application.SortTier, []string{"v1", "v3", "v5", "v7", "v2", "v4", "v6"}},
			{application.SortUpdatedAt, []string{"v3", "v5", "v1", "v7", "v4", "v2", "v6"}},
			{"", []string{"v3", "v5", "v1", "v7", "v4", "v2", "v6"}}, // no sort: updatedAt
		} {
			for _, desc := range []bool{false, true} {
				want := slices.Clone(tc.asc)
				if desc {
					slices.Reverse(want)
				}
				got, total := w.list(application.VerificationFilter{Sort: tc.sort, Desc: desc, Page: 1, PageSize: 100})
				if !slices.Equal(got, want) || total != 7 {
					t.Errorf("sort %q desc %v: %v (total %d), want %v (total 7)", tc.sort, desc, got, total, want)
				}
			}
		}
	})

	t.Run("Paging", func(t *testing.T) {
		t.Parallel()
		w := seedLists(newFixture(t, open))
		for _, tc := range []struct {
			name   string
			filter application.VerificationFilter
			want   []string
			total  int
		}{
			{"first page", application.VerificationFilter{Page: 1, PageSize: 3}, []string{"v1", "v2", "v3"}, 7},
			{"middle page", application.VerificationFilter{Page: 2, PageSize: 3}, []string{"v4", "v5", "v6"}, 7},
			{"last, short page", application.VerificationFilter{Page: 3, PageSize: 3}, []string{"v7"}, 7},
			{"past the end", application.VerificationFilter{Page: 4, PageSize: 3}, nil, 7},
			{"descending second page", application.VerificationFilter{Page: 2, PageSize: 3, Desc: true}, []string{"v4", "v3", "v2"}, 7},
			{"by statuses (counted total)", application.VerificationFilter{Page: 2, PageSize: 2,
				Statuses: []verification.Status{verification.Draft, verification.Submitted}}, []string{"v6", "v7"}, 4},
			{"by tier (counted total)", application.VerificationFilter{Page: 2, PageSize: 2, Tier: tier(verification.Basic)}, []string{"v5", "v7"}, 4},
			{"by e-mail (scanned total)", application.VerificationFilter{Page: 2, PageSize: 3, Email: "acme"}, []string{"v6"}, 4},
			{"by owner (scanned total)", application.VerificationFilter{Page: 2, PageSize: 1, UserID: w.users["alice@acme.example"].ID}, []string{"v2"}, 2},
		} {
			tc.filter.Sort = application.SortID
			got, total := w.list(tc.filter)
			if !slices.Equal(got, tc.want) || total != tc.total {
				t.Errorf("%s: %v (total %d), want %v (total %d)", tc.name, got, total, tc.want, tc.total)
			}
		}
	})

	t.Run("DeepPages", func(t *testing.T) {
		// A page that skips 100 rows or more reads its ids first: the same rows, order and total.
		t.Parallel()
		f := newFixture(t, open)
		owners := []*application.User{f.user("deep-a@pages.example"), f.user("deep-b@pages.example")}
		email := map[int64]string{}
		for i := range 130 {
			u, tr := owners[i%2], verification.Basic
			if i%3 == 0 {
				tr = verification.Top
			}
			v := f.draft(u, tr)
			if i%4 == 0 {
				v = f.save(v, func(s *verification.Snapshot) { s.Status = verification.Submitted })
			}
			email[v.ID()] = u.Email
		}
		page := func(filter application.VerificationFilter) ([]int64, int) {
			t.Helper()
			items, total, err := f.r.Verifications.List(f.ctx, filter)
			if err != nil {
				t.Fatalf("List(%+v): %v", filter, err)
			}
			ids := make([]int64, len(items))
			for i, it := range items {
				ids[i] = it.Verification.ID()
				if it.UserEmail != email[ids[i]] {
					t.Errorf("verification %d: owner e-mail %q, want %q", ids[i], it.UserEmail, email[ids[i]])
				}
			}
			return ids, total
		}
		for _, base := range []application.VerificationFilter{
			{Sort: application.SortID}, {Sort: application.SortID, Desc: true}, {Sort: application.SortTier},
			{Sort: application.SortCreatedAt, Desc: true, Status: status(verification.Draft)},
		} {
			all := base
			all.Page, all.PageSize = 1, 200
			want, wantTotal := page(all)
			for p := 11; p <= 14; p++ {
				one := base
				one.Page, one.PageSize = p, 10
				got, total := page(one)
				if end := min(p*10, len(want)); !slices.Equal(got, want[min((p-1)*10, end):end]) || total != wantTotal {
					t.Errorf("%+v page %d: %v (total %d), want %v (total %d)", base, p, got, total, want[min((p-1)*10, end):end], wantTotal)
				}
			}
		}
	})

	t.Run("StatusCountsFollowEveryChange", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		alice, bob := f.user("alice@acme.example"), f.user("bob@bolt.example")
		want := map[string]int{"draft": 0, "submitted": 0, "in_review": 0, "approved": 0, "rejected": 0}
		wantTop := maps.Clone(want)
		check := func(step string) {
			t.Helper()
			// The maintained counts (no e-mail) and counting rows (an e-mail filter every user matches)
			// must agree with each other and with what the test did.
			for name, filter := range map[string]application.VerificationFilter{
				"counted": {}, "scanned": {Email: "@"},
				"counted, status fields ignored": {Status: status(verification.Approved), Statuses: []verification.Status{verification.Draft}},
			} {
				if diff := cmp.Diff(want, f.counts(filter)); diff != "" {
					t.Errorf("%s: %s counts (-want +got):\n%s", step, name, diff)
				}
			}
			for name, filter := range map[string]application.VerificationFilter{
				"counted": {Tier: tier(verification.Top)}, "scanned": {Tier: tier(verification.Top), Email: "example"},
			} {
				if diff := cmp.Diff(wantTop, f.counts(filter)); diff != "" {
					t.Errorf("%s: %s top-tier counts (-want +got):\n%s", step, name, diff)
				}
			}
			_, total, err := f.r.Verifications.List(f.ctx, application.VerificationFilter{Status: status(verification.Draft), Page: 1, PageSize: 1})
			if err != nil || total != want["draft"] {
				t.Errorf("%s: list total of drafts %d, %v; want %d", step, total, err, want["draft"])
			}
		}
		check("empty database")

		a1 := f.draft(alice, verification.Basic)
		a2 := f.draft(alice, verification.Top)
		b1 := f.draft(bob, verification.Basic)
		want["draft"], wantTop["draft"] = 3, 1
		check("three drafts created")

		a2 = f.save(a2, func(s *verification.Snapshot) { s.Status = verification.Submitted })
		b1 = f.save(b1, func(s *verification.Snapshot) { s.Status = verification.Submitted })
		want["draft"], want["submitted"], wantTop["draft"], wantTop["submitted"] = 1, 2, 0, 1
		check("two submitted")

		a2 = f.save(a2, func(s *verification.Snapshot) { s.Status = verification.Approved })
		b1 = f.save(b1, func(s *verification.Snapshot) { s.Status = verification.Rejected })
		want["submitted"], want["approved"], want["rejected"], wantTop["submitted"], wantTop["approved"] = 0, 1, 1, 0, 1
		check("one approved, one rejected")

		a1 = f.save(a1, func(s *verification.Snapshot) { s.Tier = verification.Top })
		wantTop["draft"] = 1
		check("a draft upgraded to top")

		f.save(b1, func(s *verification.Snapshot) { s.Status = verification.Draft })
		want["rejected"], want["draft"] = 0, 2
		check("the rejected one reopened")

		f.save(a1, func(s *verification.Snapshot) { s.Deleted = true })
		want["draft"], wantTop["draft"] = 1, 0
		check("a draft deleted")

		f.save(a2, func(s *verification.Snapshot) { s.Deleted = true })
		want["approved"], wantTop["approved"] = 0, 0
		check("an approved one deleted by an administrator")

		boom := errors.New("boom")
		err := f.r.Tx.WithinTx(f.ctx, func(ctx context.Context) error {
			if _, err := f.create(ctx, bob.ID, verification.Top); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("WithinTx: %v", err)
		}
		check("a creation rolled back")
	})
}
