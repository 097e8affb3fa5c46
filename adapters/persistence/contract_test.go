package persistence_test

import (
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/adapters/persistence/persistencetest"
)

// TestContract runs the repository contract on both engines. PostgreSQL comes from
// TEST_DATABASE_URL; without it that half is skipped, except under CI=true, where it fails.
func TestContract(t *testing.T) {
	for _, engine := range dbtest.Engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			persistencetest.Run(t, func(t *testing.T, now func() time.Time) persistencetest.Repos {
				db, _ := dbtest.Open(t, engine)
				return persistencetest.ReposOn(db, now)
			})
		})
	}
}
