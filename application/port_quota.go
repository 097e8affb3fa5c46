package application

import "context"

// StorageUse is what one account holds in the blob store, for its quota (Limits).
type StorageUse struct {
	Stored   int64 // bytes of its documents' objects not yet purged, deleted documents included
	Reserved int64 // bytes held for its uploads in progress (PendingObjects.BeginUpload)
	Uploads  int   // its uploads in progress
}

// Used is what counts against the quota: what is stored and what uploads in progress may add.
func (u StorageUse) Used() int64 { return u.Stored + u.Reserved }

// StorageUsage measures accounts' use of the blob store.
type StorageUsage interface {
	// Lock makes the transaction in ctx the only one deciding on the account's quota until it
	// ends, so that uploads starting together are admitted one after the other.
	Lock(ctx context.Context, userID int64) error
	// Usage is what the account holds now, read in one statement.
	Usage(ctx context.Context, userID int64) (StorageUse, error)
}
