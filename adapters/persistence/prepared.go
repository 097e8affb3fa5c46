package persistence

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

// preparedStatements are the few lookups run on nearly every request of a kind (a signed-in
// request's session, a certificate read for the first time, the badges of a list's page), kept
// prepared on PostgreSQL. bun writes
// arguments into the SQL text, so PostgreSQL plans each of its statements on every run; for these
// short lookups planning was most of the cost (0.27 of 0.31 ms for a certificate at 1,000,000
// verifications). Prepared with parameters, each is planned once per connection.
type preparedStatements struct {
	mu    sync.RWMutex
	stmts map[string]*sql.Stmt // by the query as written, with ? for its parameters
}

// scanOne runs query, whose parameters are written ?, with args and scans its one row into dest
// as bun's Scan would (sql.ErrNoRows when there is none): a prepared statement on PostgreSQL, in
// ctx's transaction when there is one; an ordinary query on SQLite, where planning costs little.
func (db *DB) scanOne(ctx context.Context, query string, dest any, args ...any) error {
	if !db.postgres {
		return conn(ctx, db).NewRaw(query, args...).Scan(ctx, dest)
	}
	rows, err := db.queryPrepared(ctx, query, args)
	if err != nil {
		return err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return err
		}
		return sql.ErrNoRows
	}
	if err := db.ScanRow(ctx, rows, dest); err != nil {
		return err
	}
	return rows.Close()
}

// scanAll is scanOne for any number of rows, scanned into the slice dest points to.
func (db *DB) scanAll(ctx context.Context, query string, dest any, args ...any) error {
	if !db.postgres {
		return conn(ctx, db).NewRaw(query, args...).Scan(ctx, dest)
	}
	rows, err := db.queryPrepared(ctx, query, args)
	if err != nil {
		return err
	}
	return db.ScanRows(ctx, rows, dest)
}

// scanAllIn is scanAll for a query with a list of ids: its parameter written %s after the column
// it tests (`fa.verification_id %s`) becomes `= ANY(?)` with the ids as one array parameter on
// PostgreSQL, so that one statement serves lists of any length, and `IN (…)` on SQLite. args fill
// the query's other ? parameters in order. The ids are database ids or public ids. A single id is
// written `= ?`: PostgreSQL estimates an array it cannot see at ten elements, so a plan for one id
// looked cheaper on its own and it planned the statement afresh on every run (an applicant's own
// list, 0.4 ms a time).
func scanAllIn[ID int64 | string](ctx context.Context, db *DB, query string, dest any, ids []ID, args ...any) error {
	at := strings.Count(query[:strings.Index(query, "%s")], "?")
	switch {
	case len(ids) == 1:
		return db.scanAll(ctx, fmt.Sprintf(query, "= ?"), dest, slices.Insert(slices.Clone(args), at, any(ids[0]))...)
	case !db.postgres:
		return conn(ctx, db).NewRaw(fmt.Sprintf(query, "IN (?)"), slices.Insert(slices.Clone(args), at, any(bun.List(ids)))...).Scan(ctx, dest)
	}
	return db.scanAll(ctx, fmt.Sprintf(query, "= ANY(?)"), dest, slices.Insert(slices.Clone(args), at, any(padded(ids)))...)
}

// arrayEstimate is how many elements PostgreSQL assumes an array parameter has when it plans a
// statement for any arguments.
const arrayEstimate = 10

// padded repeats the last id until there are arrayEstimate, which changes no answer (= ANY matches
// a row once however often its value is listed). PostgreSQL keeps a statement's plan for any
// arguments only while it costs no more than the plans it made for the arguments given; a plan for
// two or three ids costs less than one for ten, so without this it planned every run afresh, and
// planning a read of verifications (23 indexes) costs more than running it. Certificates read
// together after a start come a few at a time.
func padded[ID int64 | string](ids []ID) []ID {
	if len(ids) >= arrayEstimate {
		return ids
	}
	out := make([]ID, arrayEstimate)
	copy(out, ids)
	for i := len(ids); i < arrayEstimate; i++ {
		out[i] = ids[len(ids)-1]
	}
	return out
}

// queryPrepared runs query's prepared statement with args, in ctx's transaction when there is one.
func (db *DB) queryPrepared(ctx context.Context, query string, args []any) (*sql.Rows, error) {
	stmt, err := db.prepared.get(ctx, db.DB.DB, query)
	if err != nil {
		return nil, err
	}
	if tx, ok := ctx.Value(txKey{}).(bun.Tx); ok {
		stmt = tx.StmtContext(ctx, stmt)
	}
	return stmt.QueryContext(ctx, args...)
}

// get returns query's prepared statement, preparing it the first time; database/sql prepares it
// again on each connection it runs on.
func (p *preparedStatements) get(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	p.mu.RLock()
	stmt, ok := p.stmts[query]
	p.mu.RUnlock()
	if ok {
		return stmt, nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if stmt, ok := p.stmts[query]; ok {
		return stmt, nil
	}
	stmt, err := db.PrepareContext(ctx, numberedParameters(query))
	if err != nil {
		return nil, fmt.Errorf("prepare %q: %w", query, err)
	}
	if p.stmts == nil {
		p.stmts = map[string]*sql.Stmt{}
	}
	p.stmts[query] = stmt
	return stmt, nil
}

// numberedParameters writes a query's ? parameters as PostgreSQL's $1, $2 ….
func numberedParameters(query string) string {
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r != '?' {
			b.WriteRune(r)
			continue
		}
		n++
		b.WriteString("$" + strconv.Itoa(n))
	}
	return b.String()
}

// columnsOf lists the columns of row type T's table (its scan-only fields left out) behind alias. A
// prepared statement names its columns rather than selecting *: a column that a newer release adds
// then leaves its result in the shape it was prepared with, which PostgreSQL requires of it.
func columnsOf[T any](alias string) string {
	t := pgdialect.New().Tables().Get(reflect.TypeFor[T]())
	cols := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		cols[i] = alias + "." + f.Name
	}
	return strings.Join(cols, ", ")
}
