package persistence

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/application"
)

// StorageUsage measures what accounts hold in the blob store: their documents' objects until
// purged, and the room their uploads in progress hold in pending_objects.
type StorageUsage struct{ db *DB }

// NewStorageUsage returns the measure on db.
func NewStorageUsage(db *DB) *StorageUsage { return &StorageUsage{db: db} }

// Lock takes the account's row until the transaction ends. On SQLite every write transaction
// already holds the database's write lock from its start, which serialises them.
func (s *StorageUsage) Lock(ctx context.Context, userID int64) error {
	if !s.db.postgres {
		return nil
	}
	// NO KEY UPDATE: rows that refer to the account (sessions, verifications) can still be written.
	if _, err := conn(ctx, s.db).NewRaw("SELECT id FROM users WHERE id = ? FOR NO KEY UPDATE", userID).Exec(ctx); err != nil {
		return fmt.Errorf("lock the storage quota of user %d: %w", userID, err)
	}
	return nil
}

// Usage sums the account's stored and reserved bytes in one statement, so that an upload that
// commits meanwhile is counted once: as its document or as its reservation.
func (s *StorageUsage) Usage(ctx context.Context, userID int64) (application.StorageUse, error) {
	var u struct {
		Stored   int64 `bun:"stored"`
		Reserved int64 `bun:"reserved"`
		Uploads  int   `bun:"uploads"`
	}
	err := conn(ctx, s.db).NewRaw(`SELECT
		(SELECT COALESCE(SUM(d.size), 0) FROM documents d
			WHERE d.purged_at IS NULL AND d.verification_id IN (SELECT v.id FROM verifications v WHERE v.user_id = ?)) AS stored,
		(SELECT COALESCE(SUM(p.reserved_bytes), 0) FROM pending_objects p WHERE p.user_id = ?) AS reserved,
		(SELECT COUNT(*) FROM pending_objects p WHERE p.user_id = ?) AS uploads`, userID, userID, userID).Scan(ctx, &u)
	if err != nil {
		return application.StorageUse{}, fmt.Errorf("measure the storage of user %d: %w", userID, err)
	}
	return application.StorageUse{Stored: u.Stored, Reserved: u.Reserved, Uploads: u.Uploads}, nil
}

var _ application.StorageUsage = (*StorageUsage)(nil)
