package tests

import (
	"sync"
	"testing"

	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
)

// TestServersStartingTogetherMigrateOnce starts several instances at the same moment on a fresh
// PostgreSQL database, as a deployment of several servers does: each one applies the schema and
// River's tables, and none may fail because another is doing the same.
func TestServersStartingTogetherMigrateOnce(t *testing.T) {
	url := dbtest.PostgresURL(t)
	const instances = 4
	var wg sync.WaitGroup
	errs := make([]error, instances)
	start := make(chan struct{})
	for i := range instances {
		wg.Go(func() {
			<-start
			a, err := wire(newConfig(t, url), newHooks())
			if err != nil {
				errs[i] = err
				return
			}
			a.Close()
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("instance %d failed to start: %v", i, err)
		}
	}
}
