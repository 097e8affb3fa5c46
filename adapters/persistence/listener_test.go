package persistence_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
)

// TestListenerSurvivesALostConnection hands on notices, reports the gap when its connection is
// killed, and listens again afterwards.
func TestListenerSurvivesALostConnection(t *testing.T) {
	db, url := dbtest.Open(t, "postgres")
	ctx, cancel := context.WithCancel(context.Background())
	notices, gaps := make(chan string, 10), make(chan struct{}, 10)
	l := &persistence.Listener{URL: url, Channel: "test_channel", Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Notice: func(p string) { notices <- p }, Gap: func() { gaps <- struct{}{} }}
	done := make(chan struct{})
	go func() { l.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	expectGap := func(when string) {
		t.Helper()
		select {
		case <-gaps:
		case <-time.After(10 * time.Second):
			t.Fatalf("no gap reported %s", when)
		}
	}
	notifyUntilHeard := func(payload string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if _, err := db.ExecContext(ctx, "SELECT pg_notify('test_channel', ?)", payload); err != nil {
				t.Fatal(err)
			}
			select {
			case got := <-notices:
				if got != payload {
					t.Fatalf("notice %q, want %q", got, payload)
				}
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
		t.Fatalf("notice %q never arrived", payload)
	}
	expectGap("once listening") // anything cached before LISTEN may be stale
	notifyUntilHeard("first")

	if _, err := db.ExecContext(ctx, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'"); err != nil {
		t.Fatal(err)
	}
	expectGap("when the connection was lost")
	expectGap("once listening again")
	notifyUntilHeard("second")
}
