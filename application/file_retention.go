package application

import (
	"context"
	"fmt"
	"time"
)

// DefaultDeletedFileRetention is how long the object of a deleted document is kept: long enough for
// support to undo a mistaken deletion and for the audit trail to be checked against the file.
const DefaultDeletedFileRetention = 30 * 24 * time.Hour

// purgeBatch is how many deleted documents one round of Purge handles.
const purgeBatch = 200

// FileRetention removes the objects of documents deleted longer ago than the retention period. The
// rows stay, stamped purged, so the audit trail still says what was there.
type FileRetention struct {
	docs  Documents
	blobs BlobStore
	clock Clock
	keep  time.Duration
}

// NewFileRetention wires the retention rule; keep 0 means DefaultDeletedFileRetention.
func NewFileRetention(docs Documents, blobs BlobStore, clock Clock, keep time.Duration) *FileRetention {
	if keep <= 0 {
		keep = DefaultDeletedFileRetention
	}
	return &FileRetention{docs: docs, blobs: blobs, clock: clock, keep: keep}
}

// Purge removes every object that is due and returns how many. The object goes before the row is
// stamped, so a failure in between only means removing an absent object again next time.
func (r *FileRetention) Purge(ctx context.Context) (int, error) {
	cutoff, n := r.clock.Now().Add(-r.keep), 0
	for {
		due, err := r.docs.DeletedBefore(ctx, cutoff, purgeBatch)
		if err != nil {
			return n, err
		}
		for _, d := range due {
			if err := r.blobs.Delete(ctx, d.ObjectPath); err != nil {
				return n, fmt.Errorf("remove object of deleted document %d: %w", d.ID, err)
			}
			if err := r.docs.MarkPurged(ctx, d.ID, r.clock.Now()); err != nil {
				return n, err
			}
			n++
		}
		if len(due) < purgeBatch {
			return n, nil
		}
	}
}
