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

// TestStorageUsage checks on both engines what counts against an account's quota (its documents
// until purged, deleted or not, and its uploads in progress; nobody else's) and that Lock makes a
// second transaction of the account wait for the first, so it sees the first's reservation.
func TestStorageUsage(t *testing.T) {
	for _, engine := range dbtest.Engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			db, _ := dbtest.Open(t, engine)
			ctx := context.Background()
			now := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
			tx, usage, pending := persistence.NewTransactor(db), persistence.NewStorageUsage(db), persistence.NewPendingObjects(db)
			docs, verifications, users := persistence.NewDocuments(db), persistence.NewVerifications(db), persistence.NewUsers(db)
			document := func(userID int64, size int64) *application.Document {
				t.Helper()
				v, err := verification.New(userID, verification.Basic, now)
				if err == nil {
					err = verifications.Create(ctx, v)
				}
				d := &application.Document{VerificationID: v.ID(), Type: verification.Additional, Filename: "a.pdf",
					OriginalFilename: "a.pdf", MimeType: "application/pdf", Size: size, ObjectPath: fmt.Sprintf("k/%d-%d", userID, size), CreatedAt: now}
				if err == nil {
					err = docs.Create(ctx, d)
				}
				if err != nil {
					t.Fatal(err)
				}
				return d
			}
			use := func(userID int64) application.StorageUse {
				t.Helper()
				u, err := usage.Usage(ctx, userID)
				if err != nil {
					t.Fatal(err)
				}
				return u
			}
			ana, bob := &application.User{Email: "ana@acme.test", CreatedAt: now}, &application.User{Email: "bob@acme.test", CreatedAt: now}
			for _, u := range []*application.User{ana, bob} {
				if err := users.Create(ctx, u); err != nil {
					t.Fatal(err)
				}
			}
			if got := use(ana.ID); got != (application.StorageUse{}) {
				t.Fatalf("a new account uses %+v", got)
			}
			document(ana.ID, 100)
			deleted := document(ana.ID, 20)
			purged := document(ana.ID, 3)
			document(bob.ID, 5000)
			for _, d := range []*application.Document{deleted, purged} {
				if err := docs.Delete(ctx, d.VerificationID, d.ID, now); err != nil {
					t.Fatal(err)
				}
			}
			if err := docs.MarkPurged(ctx, purged.ID, now); err != nil {
				t.Fatal(err)
			}
			if err := pending.Begin(ctx, "cis/1.pdf", now); err != nil { // no account's upload
				t.Fatal(err)
			}
			if err := pending.BeginUpload(ctx, "k/uploading", ana.ID, 1000, now); err != nil {
				t.Fatal(err)
			}
			if got, want := use(ana.ID), (application.StorageUse{Stored: 120, Reserved: 1000, Uploads: 1}); got != want {
				t.Fatalf("usage %+v, want %+v", got, want)
			}

			locked, release, second := make(chan struct{}), make(chan struct{}), make(chan application.StorageUse)
			go func() {
				_ = tx.WithinTx(ctx, func(ctx context.Context) error {
					if err := usage.Lock(ctx, ana.ID); err != nil {
						return err
					}
					close(locked)
					<-release
					return pending.BeginUpload(ctx, "k/first", ana.ID, 1000, now)
				})
			}()
			<-locked
			go func() {
				_ = tx.WithinTx(ctx, func(ctx context.Context) error {
					if err := usage.Lock(ctx, ana.ID); err != nil {
						return err
					}
					u, err := usage.Usage(ctx, ana.ID)
					second <- u
					return err
				})
			}()
			select {
			case u := <-second:
				t.Fatalf("a second transaction measured %+v while the first held the lock", u)
			case <-time.After(300 * time.Millisecond):
			}
			close(release)
			if got := <-second; got.Uploads != 2 || got.Reserved != 2000 {
				t.Errorf("after the first transaction the second measured %+v; want its reservation counted", got)
			}
			if got := use(bob.ID); got != (application.StorageUse{Stored: 5000}) {
				t.Errorf("the other account uses %+v", got)
			}
		})
	}
}
