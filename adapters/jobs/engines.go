package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/tttverify/tttverify/adapters/persistence"
)

// riverEngine is a River client on one driver.
type riverEngine[TTx any] struct {
	client *river.Client[TTx]
	// inTx runs insert with the River transaction that matches the one in ctx; ok is false when
	// ctx carries no transaction.
	inTx    func(ctx context.Context, insert func(tx TTx) error) (ok bool, err error)
	release func()
}

func (e *riverEngine[TTx]) insert(ctx context.Context, params []river.InsertManyParams) error {
	ok, err := e.inTx(ctx, func(tx TTx) error {
		_, err := e.client.InsertManyTx(ctx, tx, params)
		return err
	})
	if ok || err != nil {
		return err
	}
	_, err = e.client.InsertMany(ctx, params)
	return err
}

func (e *riverEngine[TTx]) start(ctx context.Context) error { return e.client.Start(ctx) }
func (e *riverEngine[TTx]) stop(ctx context.Context) error  { return e.client.Stop(ctx) }
func (e *riverEngine[TTx]) stopAndCancel(ctx context.Context) error {
	return e.client.StopAndCancel(ctx)
}
func (e *riverEngine[TTx]) close() {
	if e.release != nil {
		e.release()
	}
}

// migrationLock names River's migrations among PostgreSQL advisory locks, so that instances
// starting together migrate one after the other.
const migrationLock = 0x7474_7652 // "ttvR"

// newPostgres runs River on its own pgx pool. Jobs join the application's transactions through the
// pgx connection under the database/sql one that the transaction runs on (see connTx).
func newPostgres(ctx context.Context, url string, rc *river.Config, log *slog.Logger) (*riverEngine[pgx.Tx], error) {
	if url == "" {
		return nil, errors.New("jobs on PostgreSQL need the database URL")
	}
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("open job queue pool: %w", err)
	}
	driver := riverpgxv5.New(pool)
	if err := migratePostgres(ctx, pool, driver, log); err != nil {
		pool.Close()
		return nil, err
	}
	client, err := river.NewClient(driver, rc)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("create job queue client: %w", err)
	}
	return &riverEngine[pgx.Tx]{client: client, release: pool.Close, inTx: pgxTx}, nil
}

func migratePostgres(ctx context.Context, pool *pgxpool.Pool, driver *riverpgxv5.Driver, log *slog.Logger) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("migrate job queue: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", migrationLock); err != nil {
		return fmt.Errorf("lock job queue migrations: %w", err)
	}
	defer func() { _, _ = conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrationLock) }()
	return migrate(ctx, driver, log)
}

// pgxTx hands River the pgx connection of the application's transaction in ctx. It is reached
// through database/sql's Conn.Raw, which keeps the connection to us while River inserts.
func pgxTx(ctx context.Context, insert func(tx pgx.Tx) error) (bool, error) {
	conn, ok := persistence.TxConn(ctx)
	if !ok {
		if _, inTx := persistence.TxFrom(ctx); inTx {
			return true, errNoTx
		}
		return false, nil
	}
	return true, conn.Raw(func(driverConn any) error {
		c, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("%w: driver connection is %T, not pgx", errNoTx, driverConn)
		}
		return insert(connTx{c.Conn()})
	})
}

// newSQLite runs River on the application's own SQLite pool: River's SQLite driver speaks
// database/sql, so a job joins the application's transaction as its *sql.Tx.
func newSQLite(ctx context.Context, db *persistence.DB, rc *river.Config, log *slog.Logger) (*riverEngine[*sql.Tx], error) {
	driver := riversqlite.New(db.DB.DB)
	if err := migrate(ctx, driver, log); err != nil {
		return nil, err
	}
	client, err := river.NewClient(driver, rc)
	if err != nil {
		return nil, fmt.Errorf("create job queue client: %w", err)
	}
	inTx := func(ctx context.Context, insert func(tx *sql.Tx) error) (bool, error) {
		tx, ok := persistence.TxFrom(ctx)
		if !ok {
			return false, nil
		}
		return true, insert(tx.Tx)
	}
	return &riverEngine[*sql.Tx]{client: client, inTx: inTx}, nil
}

// migrate applies River's own migrations (rivermigrate) that have not run yet.
func migrate[TTx any](ctx context.Context, driver riverdriver.Driver[TTx], log *slog.Logger) error {
	m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: log})
	if err != nil {
		return fmt.Errorf("job queue migrator: %w", err)
	}
	res, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("migrate job queue: %w", err)
	}
	if len(res.Versions) > 0 {
		log.Info("job queue migrated", "versions", len(res.Versions))
	}
	return nil
}

// Migrate applies River's migrations without building a client (the `migrate` subcommand); New
// applies them too.
func Migrate(ctx context.Context, db *persistence.DB, databaseURL string, log *slog.Logger) error {
	if !db.Postgres() {
		return migrate(ctx, riversqlite.New(db.DB.DB), log)
	}
	pool, err := pgxpool.New(ctx, databaseURL)
	if err != nil {
		return fmt.Errorf("open job queue pool: %w", err)
	}
	defer pool.Close()
	return migratePostgres(ctx, pool, riverpgxv5.New(pool), log)
}
