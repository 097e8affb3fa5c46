package application

import (
	"context"
	"time"
)

// Follower is an e-mail address that asked to hear when a certificate changes. It is pending
// until ConfirmedAt is set (double opt-in) and gone once it unsubscribes. The address is personal
// data: nothing shows it, the certificate's owner sees only how many confirmed followers there are.
type Follower struct {
	ID               int64
	VerificationID   int64
	Email            string // normalised
	CreatedAt        time.Time
	ConfirmExpiresAt *time.Time // when the pending confirmation link stops working
	ConfirmedAt      *time.Time
}

// FollowerStore keeps followers and the hashes of their tokens (SHA-256; never a token itself).
type FollowerStore interface {
	// Find returns the follower of a certificate with this address, or ErrNotFound.
	Find(ctx context.Context, verificationID int64, email string) (*Follower, error)
	// Pending stores a pending follower, or gives an existing pending one a new confirmation link,
	// and returns its ID. A confirmed follower is left as it is (and its ID returned).
	Pending(ctx context.Context, verificationID int64, email, confirmHash string, expires, now time.Time) (int64, error)
	// Confirm confirms the follower whose link has this hash, unless the link expired before it
	// was used, and returns it; a link used before confirms nothing new and still returns it.
	// ErrNotFound for an unknown or expired link.
	Confirm(ctx context.Context, confirmHash string, now time.Time) (*Follower, error)
	// Confirmed lists a certificate's confirmed followers.
	Confirmed(ctx context.Context, verificationID int64) ([]Follower, error)
	// Count counts a certificate's confirmed followers.
	Count(ctx context.Context, verificationID int64) (int, error)
	// AddUnsubscribe stores the hash of one message's unsubscribe token for a follower.
	AddUnsubscribe(ctx context.Context, followerID int64, tokenHash string, now time.Time) error
	// Unsubscribe deletes the follower that one of its messages' tokens names, with its tokens;
	// removed is false when no follower has the token (unknown, or unsubscribed before).
	Unsubscribe(ctx context.Context, tokenHash string) (removed bool, err error)
}
