package jobs

import (
	"context"
	"errors"
	"strconv"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// connTx is the application's open transaction seen through pgx, for River's PostgreSQL driver:
// the transaction was begun through database/sql (bun over pgx's stdlib driver) on this very
// connection, so statements sent here run inside it. Only the code that began the transaction
// ends it: Commit and Rollback refuse, and Begin nests with a savepoint as pgx's own Tx does.
type connTx struct{ c *pgx.Conn }

var errNotOwner = errors.New("the application's transaction is ended by the code that began it")

var savepoints atomic.Uint64

func (t connTx) Begin(ctx context.Context) (pgx.Tx, error) {
	name := "river_" + strconv.FormatUint(savepoints.Add(1), 10)
	if _, err := t.c.Exec(ctx, "SAVEPOINT "+name); err != nil {
		return nil, err
	}
	return &savepointTx{connTx: t, name: name}, nil
}

func (connTx) Commit(context.Context) error   { return errNotOwner }
func (connTx) Rollback(context.Context) error { return errNotOwner }
func (connTx) LargeObjects() pgx.LargeObjects { return pgx.LargeObjects{} }
func (t connTx) Conn() *pgx.Conn              { return t.c }

func (t connTx) CopyFrom(ctx context.Context, table pgx.Identifier, cols []string, src pgx.CopyFromSource) (int64, error) {
	return t.c.CopyFrom(ctx, table, cols, src)
}

func (t connTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return t.c.SendBatch(ctx, b)
}

func (t connTx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return t.c.Prepare(ctx, name, sql)
}

// River's statements are described before they run, whatever the connection's default (the
// application's bun statements carry no arguments and skip that round trip): their arguments'
// types then come from the statement, not from Go's.
func described(args []any) []any { return append([]any{pgx.QueryExecModeDescribeExec}, args...) }

func (t connTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return t.c.Exec(ctx, sql, described(args)...)
}

func (t connTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return t.c.Query(ctx, sql, described(args)...)
}

func (t connTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return t.c.QueryRow(ctx, sql, described(args)...)
}

// savepointTx is a nested transaction inside connTx.
type savepointTx struct {
	connTx
	name string
	done bool
}

func (s *savepointTx) Commit(ctx context.Context) error { return s.end(ctx, "RELEASE SAVEPOINT ") }
func (s *savepointTx) Rollback(ctx context.Context) error {
	return s.end(ctx, "ROLLBACK TO SAVEPOINT ")
}

func (s *savepointTx) end(ctx context.Context, stmt string) error {
	if s.done {
		return pgx.ErrTxClosed
	}
	s.done = true
	_, err := s.c.Exec(ctx, stmt+s.name)
	return err
}
