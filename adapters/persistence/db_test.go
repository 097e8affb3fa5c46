package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/application"
)

// TestQueriesLeaveNoPreparedStatements reads many users on one PostgreSQL connection. bun writes
// each argument into the SQL text, so a statement cache would keep one prepared statement per
// lookup, in the server's memory and this one's, until it held hundreds per connection: none is kept.
func TestQueriesLeaveNoPreparedStatements(t *testing.T) {
	db, _ := dbtest.Open(t, "postgres")
	db.SetMaxOpenConns(1) // every query on the connection the count is taken on
	users := persistence.NewUsers(db)
	ctx := context.Background()
	for i := range 100 {
		if _, err := users.ByEmail(ctx, fmt.Sprintf("nobody-%d@example.com", i)); !errors.Is(err, application.ErrNotFound) {
			t.Fatalf("look up user %d: %v, want not found", i, err)
		}
	}
	var kept int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM pg_prepared_statements").Scan(&kept); err != nil {
		t.Fatal(err)
	}
	if kept != 0 {
		t.Errorf("%d prepared statements kept on the connection after 100 lookups, want 0", kept)
	}
}
