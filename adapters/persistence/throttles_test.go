package persistence_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/application"
)

// TestThrottles checks the allowance on both engines: a burst, then one attempt per share of the
// period; keys are independent; refused attempts take nothing.
func TestThrottles(t *testing.T) {
	for _, engine := range dbtest.Engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			db, _ := dbtest.Open(t, engine)
			th := persistence.NewThrottles(db)
			ctx := context.Background()
			rate := application.Rate{Burst: 3, Per: time.Minute}
			now := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
			allow := func(key string, at time.Time) bool {
				t.Helper()
				ok, err := th.Allow(ctx, key, rate, at)
				if err != nil {
					t.Fatal(err)
				}
				return ok
			}
			for i := range 3 {
				if !allow("a", now) {
					t.Fatalf("attempt %d of the burst refused", i+1)
				}
			}
			for range 5 { // refused attempts must not push the allowance further away
				if allow("a", now.Add(time.Second)) {
					t.Fatal("fourth attempt allowed")
				}
			}
			if !allow("b", now) {
				t.Fatal("another key is limited by the first")
			}
			if !allow("a", now.Add(20*time.Second)) {
				t.Fatal("one attempt per 20 s should be back after 20 s")
			}
			if allow("a", now.Add(21*time.Second)) {
				t.Fatal("only one attempt came back")
			}
			for i := range 3 {
				if !allow("a", now.Add(2*time.Minute)) {
					t.Fatalf("attempt %d: the whole burst should be back after a quiet period", i+1)
				}
			}
			if allow("a", now.Add(2*time.Minute)) || !allow("b", now.Add(2*time.Minute)) {
				t.Fatal("the burst was not used up")
			}
			if err := th.Reset(ctx, "a"); err != nil {
				t.Fatal(err)
			}
			for i := range 3 {
				if !allow("a", now.Add(2*time.Minute)) {
					t.Fatalf("attempt %d: the whole burst should be back after Reset", i+1)
				}
			}
		})
	}
}

// TestThrottlesCountAcrossServers sends concurrent attempts on one key through two connection
// pools on one PostgreSQL database, as two servers do: exactly the burst gets through.
func TestThrottlesCountAcrossServers(t *testing.T) {
	db, url := dbtest.Open(t, "postgres")
	other, err := persistence.Open(context.Background(), url, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = other.Close() })
	servers := []*persistence.Throttles{persistence.NewThrottles(db), persistence.NewThrottles(other)}
	rate := application.Rate{Burst: 10, Per: time.Minute}
	now := time.Now()
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			ok, err := servers[i%2].Allow(context.Background(), "login|203.0.113.9", rate, now)
			if err != nil {
				t.Error(err)
			}
			if ok {
				allowed.Add(1)
			}
		})
	}
	wg.Wait()
	if got := allowed.Load(); got != 10 {
		t.Fatalf("%d of 40 concurrent attempts allowed across two servers, want 10", got)
	}
}
