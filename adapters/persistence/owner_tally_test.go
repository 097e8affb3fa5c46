package persistence_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// ownedRow is what an e-mail search's stats depend on in one verification.
type ownedRow struct {
	owner       int64
	status      verification.Status
	deleted     bool
	reviewSince *time.Time // in review: since when
	expires     *time.Time // approved
	revoked     bool
	open        int // screening items open
	flagged     bool
}

// TestEmailSearchStatsFollowEveryChange: the stats of an e-mail search (on PostgreSQL counted from
// the owners' maintained counts and a few indexed rows, on SQLite from the rows) are the counts of
// the matched owners' verifications, and stay so as verifications are created, change status, are
// deleted softly or for good, and as certificates expire and waits turn overdue.
func TestEmailSearchStatsFollowEveryChange(t *testing.T) {
	for _, engine := range dbtest.Engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			db, _ := dbtest.Open(t, engine)
			ctx := context.Background()
			now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
			overdueBefore := now.Add(-5 * 24 * time.Hour)
			verifications, users := persistence.NewVerifications(db), persistence.NewUsers(db)
			states := persistence.NewScreeningRecords(db)
			owners := map[string]int64{}
			for _, email := range []string{"ana@acme.test", "bo@acme.test", "cy@other.test"} {
				u := &application.User{Email: email, CreatedAt: now}
				if err := users.Create(ctx, u); err != nil {
					t.Fatal(err)
				}
				owners[email] = u.ID
			}
			at := func(d time.Duration) *time.Time { x := now.Add(d); return &x }
			rows := map[int64]*ownedRow{}
			// save writes a row's state as the application would have left it.
			save := func(id int64, r *ownedRow) {
				t.Helper()
				var revokedAt *time.Time
				if r.revoked {
					revokedAt = at(-time.Hour)
				}
				q := db.NewUpdate().Table("verifications").Where("id = ?", id).
					Set("status = ?", r.status.String()).Set("deleted = ?", r.deleted).Set("review_since = ?", r.reviewSince).
					Set("expires_at = ?", r.expires).Set("revoked_at = ?", revokedAt)
				if _, err := q.Exec(ctx); err != nil {
					t.Fatal(err)
				}
				if err := states.SaveState(ctx, &application.ScreeningState{VerificationID: id, OpenItems: r.open, Flagged: r.flagged}); err != nil {
					t.Fatal(err)
				}
				rows[id] = r
			}
			add := func(r ownedRow) int64 {
				t.Helper()
				v, err := verification.New(r.owner, verification.Basic, now)
				if err == nil {
					err = verifications.Create(ctx, v)
				}
				if err != nil {
					t.Fatal(err)
				}
				save(v.ID(), &r)
				return v.ID()
			}
			want := func() application.StatusCounts {
				w := application.StatusCounts{ByStatus: map[verification.Status]int{}}
				for _, st := range verification.Statuses {
					w.ByStatus[st] = 0
				}
				for _, r := range rows {
					if r.deleted || r.owner == owners["cy@other.test"] {
						continue
					}
					w.ByStatus[r.status]++
					switch {
					case r.status == verification.Approved && r.revoked:
						w.Revoked++
					case r.status == verification.Approved && !r.expires.After(now):
						w.Expired++
					case r.status == verification.InReview && r.reviewSince != nil && r.reviewSince.Before(overdueBefore):
						w.Overdue++
					}
					if (r.open > 0 || r.flagged) && (r.status == verification.Submitted || r.status == verification.InReview ||
						(r.status == verification.Approved && !r.revoked && r.open > 0)) {
						w.Attention++
					}
				}
				w.ByStatus[verification.Approved] -= w.Revoked + w.Expired
				return w
			}
			check := func(step string) {
				t.Helper()
				got, err := verifications.Tally(ctx, application.VerificationFilter{Email: "acme.test", Now: now}, overdueBefore)
				if err != nil {
					t.Fatalf("%s: %v", step, err)
				}
				if w := want(); fmt.Sprint(got) != fmt.Sprint(w) {
					t.Errorf("%s: stats %+v, want %+v", step, got, w)
				}
			}

			ana, bo, cy := owners["ana@acme.test"], owners["bo@acme.test"], owners["cy@other.test"]
			ids := []int64{
				add(ownedRow{owner: ana, status: verification.Draft}),
				add(ownedRow{owner: ana, status: verification.Submitted, flagged: true}),
				add(ownedRow{owner: ana, status: verification.InReview, reviewSince: at(-10 * 24 * time.Hour)}),
				add(ownedRow{owner: ana, status: verification.InReview, reviewSince: at(-time.Hour), open: 1}),
				add(ownedRow{owner: ana, status: verification.InReview}), // queued before waits were recorded
				add(ownedRow{owner: bo, status: verification.Approved, expires: at(24 * time.Hour), open: 2}),
				add(ownedRow{owner: bo, status: verification.Approved, expires: at(-24 * time.Hour)}),
				add(ownedRow{owner: bo, status: verification.Approved, expires: at(24 * time.Hour), revoked: true, open: 1}),
				add(ownedRow{owner: bo, status: verification.Rejected, flagged: true}),
				add(ownedRow{owner: bo, status: verification.Draft, deleted: true}),
				add(ownedRow{owner: cy, status: verification.InReview, reviewSince: at(-10 * 24 * time.Hour), flagged: true}),
				add(ownedRow{owner: cy, status: verification.Approved, expires: at(-24 * time.Hour)}),
			}
			check("created")

			// A draft is submitted and paid, a wait turns overdue, a certificate expires, one is revoked.
			save(ids[0], &ownedRow{owner: ana, status: verification.InReview, reviewSince: at(-6 * 24 * time.Hour)})
			save(ids[3], &ownedRow{owner: ana, status: verification.InReview, reviewSince: at(-7 * 24 * time.Hour), open: 1})
			save(ids[5], &ownedRow{owner: bo, status: verification.Approved, expires: at(-time.Minute), open: 2})
			save(ids[6], &ownedRow{owner: bo, status: verification.Approved, expires: at(-24 * time.Hour), revoked: true})
			check("changed")

			// A rejected one is deleted softly, a deleted one comes back, the other owner's is approved.
			save(ids[8], &ownedRow{owner: bo, status: verification.Rejected, deleted: true, flagged: true})
			save(ids[9], &ownedRow{owner: bo, status: verification.Draft})
			save(ids[10], &ownedRow{owner: cy, status: verification.Approved, expires: at(time.Hour)})
			check("deleted and restored")

			// One is deleted for good, and an update that changes nothing the stats count changes nothing.
			if _, err := db.NewDelete().Table("screening_states").Where("verification_id = ?", ids[1]).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := db.NewDelete().Table("verifications").Where("id = ?", ids[1]).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			delete(rows, ids[1])
			if _, err := db.NewUpdate().Table("verifications").Set("updated_at = ?", now.Add(time.Minute)).Where("user_id = ?", bo).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			check("removed")
		})
	}
}
