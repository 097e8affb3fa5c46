package persistence_test

import (
	"context"
	"testing"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
)

// A server opens its PostgreSQL connections before its first request, each one having planned a
// read of every table; on SQLite there is nothing to open.
func TestWarmOpensThePoolBeforeTheFirstRequest(t *testing.T) {
	for _, engine := range dbtest.Engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			db, _ := dbtest.Open(t, engine)
			before := db.Stats().OpenConnections
			if err := db.Warm(context.Background()); err != nil {
				t.Fatal(err)
			}
			stats := db.Stats()
			want := before
			if engine == "postgres" {
				want = persistence.PoolSize
			}
			if stats.OpenConnections != want || stats.Idle != want {
				t.Errorf("%d connections open, %d idle after Warm (%d before), want %d of each", stats.OpenConnections, stats.Idle, before, want)
			}
		})
	}
}
