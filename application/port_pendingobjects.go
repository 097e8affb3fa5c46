package application

import (
	"context"
	"time"
)

// PendingObjects is the journal of objects written to the blob store before the row that owns
// them: an object is recorded before its first byte is written and forgotten in its row's
// transaction, so a crash in between (a killed server mid-upload) leaves a record of what to
// remove instead of an orphan.
type PendingObjects interface {
	Begin(ctx context.Context, key string, at time.Time) error
	// BeginUpload is Begin for a user's upload: until Done, the entry holds reserve bytes of the
	// account's storage quota and counts as one of its uploads in progress (StorageUsage).
	BeginUpload(ctx context.Context, key string, userID, reserve int64, at time.Time) error
	// Done forgets key; inside the owning row's transaction when it has one.
	Done(ctx context.Context, key string) error
	// Stale lists up to limit keys recorded before the given time.
	Stale(ctx context.Context, before time.Time, limit int) ([]string, error)
}

// IncompleteAborter is a blob store that can drop the unfinished multipart upload a crash left
// under a key (S3); stores without multipart uploads need not implement it.
type IncompleteAborter interface {
	AbortIncomplete(ctx context.Context, key string) error
}
