// Package persistencetest is the contract the repositories must meet on every database engine, as
// one test suite that each engine's tests run against a fresh, migrated database.
package persistencetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// Repos are the repositories under test, all on one fresh database.
type Repos struct {
	Tx            application.Transactor
	Users         application.Users
	Sessions      application.Sessions
	Verifications application.VerificationRepository
	Sections      application.Sections
	Documents     application.Documents
	Audit         application.AuditLog
	Coupons       application.Coupons
	Payments      application.PaymentRecords
	ShareLinks    application.ShareLinks
}

// ReposOn returns the bun repositories on db; the section repository stamps times with now.
func ReposOn(db *persistence.DB, now func() time.Time) Repos {
	return Repos{
		Tx: persistence.NewTransactor(db), Users: persistence.NewUsers(db), Sessions: persistence.NewSessions(db),
		Verifications: persistence.NewVerifications(db), Sections: persistence.NewSections(db, now),
		Documents: persistence.NewDocuments(db), Audit: persistence.NewAuditLog(db), Coupons: persistence.NewCoupons(db),
		Payments: persistence.NewPaymentRecords(db), ShareLinks: persistence.NewShareLinks(db),
	}
}

// SQLite opens a new, migrated SQLite database in a temporary directory, closed when the test ends.
func SQLite(t *testing.T) *persistence.DB {
	t.Helper()
	db, err := persistence.OpenSQLite(t.Context(), filepath.Join(t.TempDir(), "contract.db"))
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	return migrated(t, db)
}

// Postgres opens a new, migrated database on the server named by TEST_DATABASE_URL (make test and
// scripts/postgres.sh start one) and drops it when the test ends. Without the variable the test is
// skipped, except under CI=true, where it fails.
func Postgres(t *testing.T) *persistence.DB {
	t.Helper()
	db, err := persistence.Open(t.Context(), PostgresDatabase(t), "")
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	return migrated(t, db)
}

func migrated(t *testing.T, db *persistence.DB) *persistence.DB {
	t.Helper()
	t.Cleanup(func() { _ = db.Close() })
	if _, err := persistence.Migrate(t.Context(), db); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return db
}

// PostgresDatabase creates an empty database on the TEST_DATABASE_URL server, returns its URL and
// drops it (closing whatever still uses it) when the test ends.
func PostgresDatabase(t *testing.T) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TEST_DATABASE_URL is not set: CI must run the PostgreSQL contract (make test starts a cluster)")
		}
		t.Skip("TEST_DATABASE_URL not set; run `make test` or scripts/postgres.sh to include PostgreSQL")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connect to the test server: %v", err)
	}
	defer admin.Close(ctx)
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	name := "contract_" + hex.EncodeToString(b)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), base)
		if err != nil {
			t.Logf("drop database %s: %v", name, err)
			return
		}
		defer c.Close(context.Background())
		_, _ = c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse TEST_DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}
