// Package persistence stores the aggregates with bun on PostgreSQL or SQLite. The repositories are
// written against bun.IDB so the same code runs inside or outside a transaction and on both engines.
package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"github.com/uptrace/bun/driver/sqliteshim"
	"github.com/uptrace/bun/migrate"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/migrations"
)

// DB is an open database with the dialect it speaks.
type DB struct {
	*bun.DB
	postgres bool
	prepared preparedStatements
}

// Postgres reports whether the database is PostgreSQL (otherwise SQLite).
func (db *DB) Postgres() bool { return db.postgres }

// Open connects to PostgreSQL when url is a postgres:// URL, or else to the SQLite file in dataDir.
func Open(ctx context.Context, url, dataDir string) (*DB, error) {
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		cfg, err := pgx.ParseConfig(url)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		// bun writes every argument into the SQL text, so nearly every statement is new: pgx's
		// default per-connection cache of prepared statements never hits, and keeps up to 512 of
		// them (each holding bun's 4 KB query buffer) on each of the pool's connections, which the
		// soak saw as a heap growing for many minutes. A statement without arguments needs no
		// description either: sent unnamed with its execution, it costs one round trip instead of
		// two. River's statements on this connection, which have arguments, ask to be described
		// (jobs.connTx).
		cfg.DefaultQueryExecMode = pgx.QueryExecModeExec
		cfg.StatementCacheCapacity, cfg.DescriptionCacheCapacity = 0, 0
		sqldb := stdlib.OpenDB(*cfg)
		sqldb.SetMaxOpenConns(poolSize)
		sqldb.SetMaxIdleConns(poolSize)
		sqldb.SetConnMaxIdleTime(5 * time.Minute)
		db := &DB{DB: bun.NewDB(sqldb, pgdialect.New()), postgres: true}
		return db, ping(ctx, db)
	}
	if url != "" {
		return nil, fmt.Errorf("DATABASE_URL must start with postgres:// (got %q)", redact(url))
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	return OpenSQLite(ctx, filepath.Join(dataDir, "ttt-verify.db"))
}

// OpenSQLite opens (and creates) a SQLite database file. Write transactions take the write lock
// when they begin (_txlock=immediate), so two transitions of one verification serialise.
func OpenSQLite(ctx context.Context, file string) (*DB, error) {
	dsn := "file:" + file + "?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)" +
		"&_pragma=synchronous(NORMAL)&_txlock=immediate"
	sqldb, err := sql.Open(sqliteshim.ShimName, dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	sqldb.SetMaxOpenConns(8)
	db := &DB{DB: bun.NewDB(sqldb, sqlitedialect.New())}
	return db, ping(ctx, db)
}

func ping(ctx context.Context, db *DB) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return fmt.Errorf("connect to database: %w", err)
	}
	return nil
}

func redact(url string) string {
	if i := strings.Index(url, "@"); i >= 0 {
		return "…" + url[i:]
	}
	return url
}

// Migrate applies every migration that has not run yet and reports how many ran.
func Migrate(ctx context.Context, db *DB) (int, error) {
	var files fs.FS = migrations.SQLite
	dir := "sqlite"
	if db.postgres {
		files, dir = migrations.Postgres, "postgres"
	}
	sub, err := fs.Sub(files, dir)
	if err != nil {
		return 0, err
	}
	ms := migrate.NewMigrations()
	if err := ms.Discover(sub); err != nil {
		return 0, fmt.Errorf("discover migrations: %w", err)
	}
	m := migrate.NewMigrator(db.DB, ms)
	unlock, err := lockMigrations(ctx, db, m)
	if err != nil {
		return 0, err
	}
	defer unlock()
	group, err := m.Migrate(ctx)
	if err != nil {
		return 0, fmt.Errorf("migrate: %w", err)
	}
	return len(group.Migrations), nil
}

// migrationLock names the schema migrations among PostgreSQL advisory locks (River's migrations
// use another), so that servers starting together on a fresh database migrate one after the other.
const migrationLock = 0x7474_764d // "ttvM"

// lockMigrations creates bun's migration tables and makes this process the only one migrating.
// On PostgreSQL a session advisory lock, taken before the tables are created, makes the others
// wait their turn (bun's own lock row would make them fail instead, and would outlive a process
// killed while migrating, whereas the advisory lock ends with its connection). SQLite has one
// writer at a time and keeps bun's lock row.
func lockMigrations(ctx context.Context, db *DB, m *migrate.Migrator) (unlock func(), err error) {
	if !db.postgres {
		if err := m.Init(ctx); err != nil {
			return nil, fmt.Errorf("init migrations: %w", err)
		}
		if err := m.Lock(ctx); err != nil {
			return nil, fmt.Errorf("lock migrations: %w", err)
		}
		return func() { _ = m.Unlock(context.WithoutCancel(ctx)) }, nil
	}
	c, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("lock migrations: %w", err)
	}
	if _, err := c.ExecContext(ctx, "SELECT pg_advisory_lock(?)", migrationLock); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("lock migrations: %w", err)
	}
	unlock = func() {
		_, _ = c.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(?)", migrationLock)
		_ = c.Close()
	}
	if err := m.Init(ctx); err != nil {
		unlock()
		return nil, fmt.Errorf("init migrations: %w", err)
	}
	return unlock, nil
}

type txKey struct{}

// Transactor runs use cases in database transactions.
type Transactor struct{ db *DB }

// NewTransactor returns the Transactor for db.
func NewTransactor(db *DB) *Transactor { return &Transactor{db: db} }

// WithinTx runs fn in a transaction, or in the caller's transaction when ctx already carries one.
// What fn registers with application.OnCommit runs after the outermost transaction commits.
func (t *Transactor) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(bun.Tx); ok {
		return fn(ctx)
	}
	ctx, committed := application.TrackCommit(ctx)
	var err error
	if t.db.postgres {
		err = t.withinConnTx(ctx, fn)
	} else {
		err = t.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			return fn(context.WithValue(ctx, txKey{}, tx))
		})
	}
	if err == nil {
		committed()
	}
	return err
}

// conn is the transaction in ctx, or the database.
func conn(ctx context.Context, db *DB) bun.IDB {
	if tx, ok := ctx.Value(txKey{}).(bun.Tx); ok {
		return tx
	}
	return db.DB
}

// notFound maps "no rows" to application.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return application.ErrNotFound
	}
	return err
}

// isUniqueViolation reports whether err is a unique-constraint failure on either engine.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// Ping checks that the database answers, for readiness probes.
func (db *DB) Ping(ctx context.Context) error { return db.PingContext(ctx) }

// The repositories implement the application's ports.
var (
	_ application.Transactor             = (*Transactor)(nil)
	_ application.Users                  = (*Users)(nil)
	_ application.Sessions               = (*Sessions)(nil)
	_ application.VerificationRepository = (*Verifications)(nil)
	_ application.Sections               = (*Sections)(nil)
	_ application.Documents              = (*Documents)(nil)
	_ application.AuditLog               = (*AuditLog)(nil)
)
