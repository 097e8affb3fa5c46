package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// TestQueriesLeaveNoPreparedStatements reads many users on one PostgreSQL connection. bun writes
// each argument into the SQL text, so a statement cache would keep one prepared statement per
// lookup, in the server's memory and this one's, until it held hundreds per connection: none is kept.
func TestQueriesLeaveNoPreparedStatements(t *testing.T) {
	db, _ := dbtest.Open(t, "postgres")
	db.SetMaxOpenConns(1) // every query on the connection the count is taken on
	users := persistence.NewUsers(db)
	ctx := context.Background()
	for i := range 100 {
		if _, err := users.ByEmail(ctx, fmt.Sprintf("nobody-%d@example.com", i)); !errors.Is(err, application.ErrNotFound) {
			t.Fatalf("look up user %d: %v, want not found", i, err)
		}
	}
	var kept int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM pg_prepared_statements").Scan(&kept); err != nil {
		t.Fatal(err)
	}
	if kept != 0 {
		t.Errorf("%d prepared statements kept on the connection after 100 lookups, want 0", kept)
	}
}

// TestHotLookupsArePreparedOnce: a signed-in request's session and a certificate's first read (the
// verification, its screening state, its registry checks, its credential's status index; several
// certificates' first reads together), a list
// page's badges (first approvals, live claims, screening states), an applicant's own list and a
// reviewer's e-mail search (its page and its stats) run as one prepared statement each per
// connection (a list of ids two: one id, and any other number), however many sessions and
// certificates are read; PostgreSQL keeps the plan of each it ran more than five times, instead of
// planning it afresh; they see a transaction's own writes; and a column added to the table later
// (a newer release's migration, with this one still serving) leaves them working.
func TestHotLookupsArePreparedOnce(t *testing.T) {
	for _, engine := range dbtest.Engines {
		t.Run(engine, func(t *testing.T) {
			db, _ := dbtest.Open(t, engine)
			db.SetMaxOpenConns(1) // every lookup on the connection the count is taken on
			ctx := context.Background()
			users, sessions := persistence.NewUsers(db), persistence.NewSessions(db)
			verifications := persistence.NewVerifications(db)
			states, registries, statuses := persistence.NewScreeningRecords(db), persistence.NewRegistryChecks(db), persistence.NewCredentialStatuses(db)
			now := time.Now().UTC()
			u := &application.User{Email: "prepared@lookups.example", PasswordHash: "x", CreatedAt: now}
			if err := users.Create(ctx, u); err != nil {
				t.Fatal(err)
			}
			var publicIDs []string
			var ids []int64
			for i := range 3 {
				v, err := verification.New(u.ID, verification.Basic, now)
				if err != nil {
					t.Fatal(err)
				}
				if err := verifications.Create(ctx, v); err != nil {
					t.Fatal(err)
				}
				publicIDs, ids = append(publicIDs, v.PublicID()), append(ids, v.ID())
				if err := sessions.Create(ctx, application.Session{ID: fmt.Sprint("session-", i), UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
					t.Fatal(err)
				}
			}
			// Other owners' verifications, and fresh statistics: PostgreSQL then weighs a plan made for
			// the arguments against its generic plan as it would in service.
			for i := range 20 {
				other := &application.User{Email: fmt.Sprintf("other%d@lookups.example", i), PasswordHash: "x", CreatedAt: now}
				if err := users.Create(ctx, other); err != nil {
					t.Fatal(err)
				}
				for range 20 {
					v, err := verification.New(other.ID, verification.Basic, now)
					if err != nil {
						t.Fatal(err)
					}
					if err := verifications.Create(ctx, v); err != nil {
						t.Fatal(err)
					}
				}
			}
			if engine == "postgres" {
				if _, err := db.ExecContext(ctx, "ANALYZE"); err != nil {
					t.Fatal(err)
				}
			}
			lookUp := func(ctx context.Context) {
				t.Helper()
				for i, id := range publicIDs {
					if found, err := verifications.ByPublicIDsWithCompany(ctx, []string{id}); err != nil || len(found) != 1 ||
						found[0].Verification.PublicID() != id || found[0].Company != nil {
						t.Errorf("certificate %s: %+v, %v", id, found, err)
					}
					if s, su, err := sessions.Active(ctx, fmt.Sprint("session-", i), now); err != nil || s.UserID != u.ID || su.Email != u.Email {
						t.Errorf("session %d: %+v, %+v, %v", i, s, su, err)
					}
					if st, err := states.State(ctx, ids[i]); err != nil || st.VerificationID != ids[i] || st.LatestRunID != 0 {
						t.Errorf("screening state of %d: %+v, %v, want a zero one", ids[i], st, err)
					}
					if checks, err := registries.Latest(ctx, ids[i]); err != nil || len(checks) != 0 {
						t.Errorf("registry checks of %d: %v, %v, want none", ids[i], checks, err)
					}
					first, err := statuses.Index(ctx, ids[i], 1000)
					if again, err2 := statuses.Index(ctx, ids[i], 1000); err != nil || err2 != nil || again != first {
						t.Errorf("status index of %d: %d then %d (%v, %v), want the same", ids[i], first, again, err, err2)
					}
				}
				// The applicant's own list, page by page, and past the end.
				for page, want := range []int{2, 1, 0} {
					own := application.VerificationFilter{UserID: u.ID, Sort: application.SortUpdatedAt, Desc: true, Page: page + 1, PageSize: 2}
					if items, total, err := verifications.List(ctx, own); err != nil || len(items) != want || total != len(ids) {
						t.Errorf("own list, page %d: %d rows of %d (%v), want %d of %d", page+1, len(items), total, err, want, len(ids))
					}
					// A reviewer's e-mail search, with a status and without: the same statement as
					// the own list without, one more with.
					draft := verification.Draft
					for _, status := range []*verification.Status{&draft, nil} {
						search := application.VerificationFilter{Email: "PREPARED@", Status: status, Sort: application.SortUpdatedAt, Desc: true, Page: page + 1, PageSize: 2}
						if items, total, err := verifications.List(ctx, search); err != nil || len(items) != want || total != len(ids) ||
							(want > 0 && (items[0].UserEmail != u.Email || items[0].Verification.ID() != ids[len(ids)-1-2*page])) {
							t.Errorf("e-mail search (status %v), page %d: %d rows of %d (%v), want %d of %d", status, page+1, len(items), total, err, want, len(ids))
						}
					}
				}
				if items, total, err := verifications.List(ctx, application.VerificationFilter{Email: "prepared@", Status: new(verification.InReview), Sort: application.SortUpdatedAt, Desc: true, Page: 1, PageSize: 2}); err != nil || len(items) != 0 || total != 0 {
					t.Errorf("e-mail search of another status: %d rows of %d (%v), want none", len(items), total, err)
				}
				if counts, err := verifications.Tally(ctx, application.VerificationFilter{Email: "prepared@", Now: now}, now.Add(-time.Hour)); err != nil ||
					counts.ByStatus[verification.Draft] != len(ids) || counts.ByStatus[verification.InReview] != 0 {
					t.Errorf("e-mail search's stats: %+v (%v), want %d drafts", counts, err, len(ids))
				}
				if found, err := verifications.ByPublicIDsWithCompany(ctx, []string{"no-such-certificate"}); err != nil || len(found) != 0 {
					t.Errorf("unknown certificate: %+v, %v, want none", found, err)
				}
				// Certificates read together, the unknown one left out: one statement for any number.
				if found, err := verifications.ByPublicIDsWithCompany(ctx, append([]string{"no-such-certificate"}, publicIDs...)); err != nil || len(found) != len(publicIDs) {
					t.Errorf("%d certificates together: %d found (%v), want %d", len(publicIDs)+1, len(found), err, len(publicIDs))
				}
				if _, _, err := sessions.Active(ctx, "session-0", now.Add(2*time.Hour)); !errors.Is(err, application.ErrNotFound) {
					t.Errorf("expired session: %v, want not found", err)
				}
			}
			placeOf := func(publicID string) *int {
				t.Helper()
				found, err := verifications.ByPublicIDsWithCompany(ctx, []string{publicID})
				if err != nil || len(found) != 1 {
					t.Fatalf("certificate %s: %+v, %v", publicID, found, err)
				}
				return found[0].StatusIndex
			}
			if place := placeOf(publicIDs[0]); place != nil {
				t.Errorf("a certificate without a place in the revocation list is read with place %d", *place)
			}
			lookUp(ctx)
			// A certificate is read with its place in the revocation list once it has one.
			if place, err := statuses.Index(ctx, ids[0], 1000); err != nil || placeOf(publicIDs[0]) == nil || *placeOf(publicIDs[0]) != place {
				t.Errorf("certificate %s read with place %v, want %d (%v)", publicIDs[0], placeOf(publicIDs[0]), place, err)
			}
			// A list's badges: one statement for lists of any length.
			firsts, claims := persistence.NewFirstApprovals(db), persistence.NewReviewClaims(db)
			for n := 1; n <= len(ids); n++ {
				if got, err := firsts.Of(ctx, ids[:n]); err != nil || len(got) != 0 {
					t.Errorf("first approvals of %v: %v, %v, want none", ids[:n], got, err)
				}
				if got, err := claims.Live(ctx, ids[:n], now.Add(-time.Hour)); err != nil || len(got) != 0 {
					t.Errorf("live claims of %v: %v, %v, want none", ids[:n], got, err)
				}
			}
			if err := states.SaveState(ctx, &application.ScreeningState{VerificationID: ids[1], OpenItems: 2}); err != nil {
				t.Fatal(err)
			}
			for n := 1; n <= len(ids); n++ {
				got, err := states.States(ctx, ids[:n])
				if want := min(n-1, 1); err != nil || len(got) != want || (want == 1 && got[ids[1]].OpenItems != 2) {
					t.Errorf("screening states of %v: %+v, %v, want the one of %d", ids[:n], got, err, ids[1])
				}
			}
			err := persistence.NewTransactor(db).WithinTx(ctx, func(ctx context.Context) error {
				if err := sessions.Create(ctx, application.Session{ID: "in-tx", UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
					return err
				}
				_, _, err := sessions.Active(ctx, "in-tx", now)
				return err
			})
			if err != nil {
				t.Errorf("a session read in the transaction that wrote it: %v", err)
			}
			if _, err := db.ExecContext(ctx, "ALTER TABLE verifications ADD COLUMN added_later TEXT"); err != nil {
				t.Fatal(err)
			}
			lookUp(ctx)
			if engine != "postgres" {
				return
			}
			var kept int
			if err := db.QueryRowContext(ctx, "SELECT count(*) FROM pg_prepared_statements").Scan(&kept); err != nil {
				t.Fatal(err)
			}
			if kept != 14 {
				t.Errorf("%d prepared statements on the connection after %d lookups of each kind, want 14 (the badges' and certificates' with one id and with several)", kept, 2*len(publicIDs))
			}
			// After five runs PostgreSQL keeps a statement's generic plan unless a plan made for the
			// arguments looks cheaper; then it plans every run, and preparing saved nothing.
			replanned, err := db.QueryContext(ctx, "SELECT statement FROM pg_prepared_statements WHERE generic_plans = 0 AND custom_plans > 5")
			if err != nil {
				t.Fatal(err)
			}
			defer replanned.Close()
			for replanned.Next() {
				var statement string
				if err := replanned.Scan(&statement); err != nil {
					t.Fatal(err)
				}
				t.Errorf("planned afresh on every run: %s", statement)
			}
		})
	}
}

// TestCertificatesReadTogetherKeepTheirPlan: certificates read a few at a time (as misses of the
// public cache arriving together are) from a table of realistic size keep one plan for any ids.
// PostgreSQL plans an array parameter as ten elements; a plan made for two ids looked cheaper, so
// without the padding it planned every such read afresh, which cost more than the read.
func TestCertificatesReadTogetherKeepTheirPlan(t *testing.T) {
	db, _ := dbtest.Open(t, "postgres")
	db.SetMaxOpenConns(1) // every read on the connection the plans are counted on
	ctx := context.Background()
	u := &application.User{Email: "many@certificates.example", PasswordHash: "x", CreatedAt: time.Now().UTC()}
	if err := persistence.NewUsers(db).Create(ctx, u); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO verifications (user_id, tier, status, public_id, created_at, updated_at)
		SELECT ?, 'basic', 'approved', 'cert-' || i, now(), now() FROM generate_series(1, 30000) AS i`, u.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, "ANALYZE"); err != nil {
		t.Fatal(err)
	}
	verifications := persistence.NewVerifications(db)
	for i := range 12 {
		ids := []string{fmt.Sprint("cert-", 2*i+1), fmt.Sprint("cert-", 2*i+2)}
		if found, err := verifications.ByPublicIDsWithCompany(ctx, ids); err != nil || len(found) != 2 {
			t.Fatalf("certificates %v: %d found, %v", ids, len(found), err)
		}
	}
	var generic, custom int
	err := db.QueryRowContext(ctx, `SELECT generic_plans, custom_plans FROM pg_prepared_statements
		WHERE statement LIKE '%public_id = ANY%'`).Scan(&generic, &custom)
	if err != nil {
		t.Fatal(err)
	}
	if generic < 12-5 {
		t.Errorf("12 reads of two certificates: %d with the kept plan, %d planned afresh; want all but the first five kept", generic, custom)
	}
}
