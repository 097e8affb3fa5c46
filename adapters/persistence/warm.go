package persistence

import (
	"context"
	"database/sql"
	"fmt"

	"golang.org/x/sync/errgroup"
)

// poolSize is how many connections a server keeps to PostgreSQL, and opens before it serves.
const poolSize = 32

// Warm opens the pool's connections to PostgreSQL and has each plan a read of every table, before
// the server answers its first request. A new PostgreSQL backend plans its first read of a table
// only after loading the descriptions of the table and of all its indexes (verifications has 23):
// a new backend's first plan of the public lookup took 6–14 ms here (90 ms on a busy machine), and
// 1.3 ms after this. Without it, the first seconds after a start were spent on that, not on requests:
// the public lookup's first pass over cold certificates ran at a tenth of its later rate. SQLite
// has nothing to warm.
func (db *DB) Warm(ctx context.Context) error {
	if !db.postgres {
		return nil
	}
	// Every connection is held until all are open, so that the pool opens poolSize of them.
	conns := make([]*sql.Conn, 0, poolSize)
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	var g errgroup.Group
	for range poolSize {
		c, err := db.DB.DB.Conn(ctx)
		if err != nil {
			_ = g.Wait()
			return fmt.Errorf("warm the database connections: %w", err)
		}
		conns = append(conns, c)
		g.Go(func() error {
			_, err := c.ExecContext(ctx, planEveryTable)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return fmt.Errorf("warm the database connections: %w", err)
	}
	return nil
}

// planEveryTable has a backend plan a read of each table of the schema, which loads the
// descriptions of the table and its indexes into that backend's caches; nothing is read.
const planEveryTable = `DO $$
DECLARE t text;
BEGIN
	FOR t IN SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema() LOOP
		EXECUTE 'EXPLAIN SELECT 1 FROM ' || t;
	END LOOP;
END $$`
