package persistence

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/uptrace/bun"
)

type txConnKey struct{}

// withinConnTx runs fn in a transaction on a connection of its own and puts both into ctx, so
// that code which needs the driver's connection (River inserts jobs through pgx, not database/sql)
// can reach the very connection the transaction runs on with TxConn.
func (t *Transactor) withinConnTx(ctx context.Context, fn func(ctx context.Context) error) error {
	c, err := t.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("reserve a connection: %w", err)
	}
	defer func() { _ = c.Close() }()
	return c.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		ctx = context.WithValue(ctx, txKey{}, tx)
		return fn(context.WithValue(ctx, txConnKey{}, c.Conn))
	})
}

// TxFrom returns the transaction that ctx carries (see Transactor.WithinTx).
func TxFrom(ctx context.Context) (bun.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(bun.Tx)
	return tx, ok
}

// TxConn returns the connection the PostgreSQL transaction in ctx runs on; its Raw method reaches
// the pgx connection while the transaction is open. SQLite transactions carry none.
func TxConn(ctx context.Context) (*sql.Conn, bool) {
	c, ok := ctx.Value(txConnKey{}).(*sql.Conn)
	return c, ok && c != nil
}
