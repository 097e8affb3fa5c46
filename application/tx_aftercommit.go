package application

import (
	"context"
	"sync"
)

// afterCommit collects what must happen only once a transaction has committed, such as forgetting a
// cached view: done earlier, a reader could cache the old state again before the commit.
type afterCommit struct {
	mu  sync.Mutex
	fns []func()
}

type afterCommitKey struct{}

// TrackCommit prepares ctx for a transaction about to start; the Transactor calls the returned
// function once that transaction has committed. For adapters only.
func TrackCommit(ctx context.Context) (context.Context, func()) {
	hooks := &afterCommit{}
	return context.WithValue(ctx, afterCommitKey{}, hooks), func() {
		hooks.mu.Lock()
		fns := hooks.fns
		hooks.fns = nil
		hooks.mu.Unlock()
		for _, fn := range fns {
			fn()
		}
	}
}

// OnCommit runs fn once the transaction in ctx has committed, and never if it rolls back; outside
// a transaction it runs fn at once.
func OnCommit(ctx context.Context, fn func()) {
	hooks, ok := ctx.Value(afterCommitKey{}).(*afterCommit)
	if !ok {
		fn()
		return
	}
	hooks.mu.Lock()
	hooks.fns = append(hooks.fns, fn)
	hooks.mu.Unlock()
}
