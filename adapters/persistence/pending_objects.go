package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
)

type pendingObjectRow struct {
	bun.BaseModel `bun:"table:pending_objects"`
	ObjectKey     string    `bun:"object_key,pk"`
	StartedAt     time.Time `bun:"started_at"`
	UserID        *int64    `bun:"user_id"` // the uploader; none for other writes
	ReservedBytes int64     `bun:"reserved_bytes"`
}

// PendingObjects is the journal of objects written before their rows.
type PendingObjects struct{ db *DB }

// NewPendingObjects returns the journal on db.
func NewPendingObjects(db *DB) *PendingObjects { return &PendingObjects{db: db} }

// Begin records that key is about to be written.
func (r *PendingObjects) Begin(ctx context.Context, key string, at time.Time) error {
	return r.insert(ctx, &pendingObjectRow{ObjectKey: key, StartedAt: at.UTC()})
}

// BeginUpload records that the user's upload to key starts, holding reserve bytes of their quota.
func (r *PendingObjects) BeginUpload(ctx context.Context, key string, userID, reserve int64, at time.Time) error {
	return r.insert(ctx, &pendingObjectRow{ObjectKey: key, StartedAt: at.UTC(), UserID: &userID, ReservedBytes: reserve})
}

func (r *PendingObjects) insert(ctx context.Context, row *pendingObjectRow) error {
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Exec(ctx); err != nil {
		return fmt.Errorf("record pending object %s: %w", row.ObjectKey, err)
	}
	return nil
}

// Done forgets key: its row was written, or the object removed.
func (r *PendingObjects) Done(ctx context.Context, key string) error {
	if _, err := conn(ctx, r.db).NewDelete().Model((*pendingObjectRow)(nil)).Where("object_key = ?", key).Exec(ctx); err != nil {
		return fmt.Errorf("forget pending object %s: %w", key, err)
	}
	return nil
}

// Stale lists up to limit keys recorded before t.
func (r *PendingObjects) Stale(ctx context.Context, before time.Time, limit int) ([]string, error) {
	var keys []string
	err := conn(ctx, r.db).NewSelect().Model((*pendingObjectRow)(nil)).Column("object_key").
		Where("started_at < ?", before.UTC()).OrderExpr("started_at").Limit(int64(limit)).Scan(ctx, &keys)
	if err != nil {
		return nil, fmt.Errorf("list stale pending objects: %w", err)
	}
	return keys, nil
}

var _ application.PendingObjects = (*PendingObjects)(nil)
