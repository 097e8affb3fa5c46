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
	docs    Documents
	pending PendingObjects
	blobs   BlobStore
	clock   Clock
	keep    time.Duration
}

// NewFileRetention wires the retention rule; keep 0 means DefaultDeletedFileRetention.
func NewFileRetention(docs Documents, pending PendingObjects, blobs BlobStore, clock Clock, keep time.Duration) *FileRetention {
	if keep <= 0 {
		keep = DefaultDeletedFileRetention
	}
	return &FileRetention{docs: docs, pending: pending, blobs: blobs, clock: clock, keep: keep}
}

// SweepAbandoned removes what writes recorded in the journal more than after ago left behind: an
// object whose row never came, or an unfinished multipart upload. after must exceed the longest
// a write can take (the transfer timeout), so that no write still running is swept.
func (r *FileRetention) SweepAbandoned(ctx context.Context, after time.Duration) (int, error) {
	keys, err := r.pending.Stale(ctx, r.clock.Now().Add(-after), purgeBatch)
	if err != nil {
		return 0, err
	}
	aborter, _ := r.blobs.(IncompleteAborter)
	for i, key := range keys {
		if err := r.blobs.Delete(ctx, key); err != nil {
			return i, fmt.Errorf("remove abandoned object %s: %w", key, err)
		}
		if aborter != nil {
			if err := aborter.AbortIncomplete(ctx, key); err != nil {
				return i, fmt.Errorf("abort abandoned upload %s: %w", key, err)
			}
		}
		if err := r.pending.Done(ctx, key); err != nil {
			return i, err
		}
	}
	return len(keys), nil
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
