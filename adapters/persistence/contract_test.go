package persistence_test

import (
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/persistencetest"
)

// TestContract runs the repository contract on both engines. PostgreSQL comes from
// TEST_DATABASE_URL; without it that half is skipped, except under CI=true, where it fails.
func TestContract(t *testing.T) {
	for name, open := range map[string]func(t *testing.T) *persistence.DB{
		"sqlite":   persistencetest.SQLite,
		"postgres": persistencetest.Postgres,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			persistencetest.Run(t, func(t *testing.T, now func() time.Time) persistencetest.Repos {
				return persistencetest.ReposOn(open(t), now)
			})
		})
	}
}
