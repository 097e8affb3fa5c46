package app

import (
	"context"
	"log/slog"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// publicCacheChannel is where PostgreSQL announces changes to approved verifications (a trigger,
// see the throttles migration), so that every server forgets its cached public certificate.
const publicCacheChannel = "public_cache"

// listenForChanges keeps this server's public certificate cache in step with the other servers'
// changes until the returned function is called. SQLite has one server: nothing to listen to.
func listenForChanges(cfg *Config, db *persistence.DB, cache *application.PublicCache, log *slog.Logger) (stop func()) {
	if !db.Postgres() || cfg.PublicCacheTTL <= 0 {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	l := &persistence.Listener{URL: cfg.DatabaseURL, Channel: publicCacheChannel, Notice: cache.Forget, Gap: cache.Clear, Log: log}
	go func() {
		defer close(done)
		l.Run(ctx)
	}()
	return func() {
		cancel()
		<-done
	}
}
