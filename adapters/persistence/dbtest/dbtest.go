// Package dbtest gives tests a fresh, migrated database on each engine: a SQLite file in a
// temporary directory, or a new database on the PostgreSQL server of TEST_DATABASE_URL.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tttverify/tttverify/adapters/persistence"
)

// Engines are the engines a suite runs on.
var Engines = []string{"sqlite", "postgres"}

// PostgresURL creates a fresh database on the test server and drops it when the test ends.
// Without TEST_DATABASE_URL the test is skipped, except under CI=true where it fails.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TEST_DATABASE_URL is not set: CI must run the PostgreSQL suite (make test starts a cluster)")
		}
		t.Skip("TEST_DATABASE_URL not set; run `make test` to include PostgreSQL")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connect to %s: %v", base, err)
	}
	defer admin.Close(ctx)
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	name := "t_" + hex.EncodeToString(b)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), base)
		if err != nil {
			return
		}
		defer c.Close(context.Background())
		_, _ = c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	u, _ := url.Parse(base)
	u.Path = "/" + name
	return u.String()
}

// Open returns a migrated database on engine ("sqlite" or "postgres") and its URL ("" for
// SQLite); it is closed when the test ends.
func Open(t testing.TB, engine string) (*persistence.DB, string) {
	t.Helper()
	ctx := context.Background()
	var (
		db  *persistence.DB
		u   string
		err error
	)
	if engine == "postgres" {
		u = PostgresURL(t)
		db, err = persistence.Open(ctx, u, "")
	} else {
		db, err = persistence.OpenSQLite(ctx, filepath.Join(t.TempDir(), "test.db"))
	}
	if err != nil {
		t.Fatalf("open %s: %v", engine, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if _, err := persistence.Migrate(ctx, db); err != nil {
		t.Fatalf("migrate %s: %v", engine, err)
	}
	return db, u
}
