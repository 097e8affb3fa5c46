package persistence_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// TestStatusPlacesRunOut: places in the revocation list are given once each, and when random draws
// keep meeting taken places the answer is ErrStatusListFull (which an approval passes over), with
// nothing stored.
func TestStatusPlacesRunOut(t *testing.T) {
	for _, engine := range dbtest.Engines {
		t.Run(engine, func(t *testing.T) {
			db, _ := dbtest.Open(t, engine)
			ctx := context.Background()
			now := time.Now().UTC()
			u := &application.User{Email: "places@lookups.example", PasswordHash: "x", CreatedAt: now}
			if err := persistence.NewUsers(db).Create(ctx, u); err != nil {
				t.Fatal(err)
			}
			statuses, verifications := persistence.NewCredentialStatuses(db), persistence.NewVerifications(db)
			taken := map[int]bool{}
			for i := range 3 {
				v, err := verification.New(u.ID, verification.Basic, now)
				if err != nil {
					t.Fatal(err)
				}
				if err := verifications.Create(ctx, v); err != nil {
					t.Fatal(err)
				}
				index, err := statuses.Index(ctx, v.ID(), 2)
				if i < 2 {
					if err != nil || taken[index] || index < 0 || index >= 2 {
						t.Fatalf("certificate %d: place %d (%v), taken before: %v", i, index, err, taken)
					}
					taken[index] = true
					continue
				}
				if !errors.Is(err, application.ErrStatusListFull) {
					t.Fatalf("a third certificate in a list of 2: place %d, %v; want the list full", index, err)
				}
			}
			var rows int
			if err := db.QueryRowContext(ctx, "SELECT count(*) FROM credential_status_entries").Scan(&rows); err != nil || rows != 2 {
				t.Errorf("%d places stored (%v), want 2", rows, err)
			}
		})
	}
}
