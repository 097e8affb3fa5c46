package persistence

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tttverify/tttverify/application"
)

// Throttles counts attempts in the throttles table with the generic cell rate algorithm: one row
// per key holding the instant (tat) at which the key's allowance would be whole again if no more
// attempts came. An attempt is allowed when adding its share to tat stays within the allowance's
// window; a single upsert decides and records it, so concurrent attempts on any server count
// exactly. Keys are stored as SHA-256 hashes: the table holds no addresses or e-mails.
type Throttles struct {
	db *DB

	mu        sync.Mutex
	lastSweep time.Time
}

// NewThrottles returns the throttles on db.
func NewThrottles(db *DB) *Throttles { return &Throttles{db: db} }

var _ application.Throttle = (*Throttles)(nil)

// allowQuery takes one attempt: ?0 key, ?1 now (ms), ?2 one attempt's share of the window (ms),
// ?3 the window (ms). It returns no row when the attempt is refused.
const allowQuery = `INSERT INTO throttles AS t (key, tat_ms) VALUES (?0, ?1 + ?2)
ON CONFLICT (key) DO UPDATE SET tat_ms = (CASE WHEN t.tat_ms > ?1 THEN t.tat_ms ELSE ?1 END) + ?2
WHERE (CASE WHEN t.tat_ms > ?1 THEN t.tat_ms ELSE ?1 END) + ?2 - ?1 <= ?3
RETURNING tat_ms`

// sweepEvery is how often a server deletes the rows of keys whose allowance is whole again.
const sweepEvery = 10 * time.Minute

// Allow implements application.Throttle.
func (t *Throttles) Allow(ctx context.Context, key string, rate application.Rate, now time.Time) (bool, error) {
	if rate.Burst < 1 || rate.Per <= 0 {
		return false, fmt.Errorf("throttle rate %+v: need a burst and a period", rate)
	}
	window := rate.Per.Milliseconds()
	share := window / int64(rate.Burst)
	nowMS := now.UnixMilli()
	t.sweep(ctx, now)
	var tat int64
	err := t.db.NewRaw(allowQuery, keyHash(key), nowMS, share, window).Scan(ctx, &tat)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("count attempt: %w", err)
	}
	return true, nil
}

// Reset implements application.Throttle: without its row a key's allowance is whole.
func (t *Throttles) Reset(ctx context.Context, key string) error {
	if _, err := conn(ctx, t.db).NewDelete().Table("throttles").Where("key = ?", keyHash(key)).Exec(ctx); err != nil {
		return fmt.Errorf("reset throttle: %w", err)
	}
	return nil
}

// keyHash is how a key is stored.
func keyHash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// sweep deletes, at most every sweepEvery per server, the rows whose allowance is whole again:
// they hold nothing a missing row would not.
func (t *Throttles) sweep(ctx context.Context, now time.Time) {
	t.mu.Lock()
	due := now.Sub(t.lastSweep) >= sweepEvery
	if due {
		t.lastSweep = now
	}
	t.mu.Unlock()
	if due {
		_, _ = t.db.NewDelete().Table("throttles").Where("tat_ms < ?", now.UnixMilli()).Exec(ctx)
	}
}
