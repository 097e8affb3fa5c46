package persistence

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Listener receives PostgreSQL notifications on one channel over a connection of its own and
// hands each payload to Notice. Notifications sent while it is not connected are lost, so it calls
// Gap whenever it loses the connection and again once it is listening again: whatever the notices
// keep fresh must be dropped then.
type Listener struct {
	URL     string // postgres:// URL of the database
	Channel string
	Notice  func(payload string)
	Gap     func()
	Log     *slog.Logger
}

// listenRetry bounds the wait between attempts to reconnect.
const listenRetry = 5 * time.Second

// Run listens until ctx ends, reconnecting after any failure.
func (l *Listener) Run(ctx context.Context) {
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		connected, err := l.listen(ctx)
		l.Gap()
		if ctx.Err() != nil {
			return
		}
		if connected {
			wait = 100 * time.Millisecond
		}
		l.Log.Warn("database notifications interrupted; reconnecting", "channel", l.Channel, "error", err, "retry_in", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, listenRetry)
	}
}

// listen connects, listens and hands notices on until the connection fails or ctx ends;
// connected reports whether it got as far as listening.
func (l *Listener) listen(ctx context.Context) (connected bool, err error) {
	conn, err := pgx.Connect(ctx, l.URL)
	if err != nil {
		return false, err
	}
	defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{l.Channel}.Sanitize()); err != nil {
		return false, err
	}
	l.Gap() // notices sent before LISTEN took effect were missed
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) && ctx.Err() != nil {
				return true, nil
			}
			return true, err
		}
		l.Notice(n.Payload)
	}
}
