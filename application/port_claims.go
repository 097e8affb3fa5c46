package application

import (
	"context"
	"time"
)

// ReviewClaim is a reviewer's hold on a verification (ReviewClaims): who, since when, and when
// the holder last acted on it.
type ReviewClaim struct {
	VerificationID int64
	HolderID       int64
	HolderEmail    string // filled when read
	ClaimedAt      time.Time
	ActiveAt       time.Time
}

// ClaimStore keeps the reviewers' claims, one per verification. A claim is live while its
// ActiveAt is at or after a cut-off the caller gives (liveSince); older ones count as none.
type ClaimStore interface {
	// Take stores c unless the verification has a live claim (any holder); it reports whether it
	// did. It is one conditional statement, so of two reviewers taking at once exactly one wins.
	Take(ctx context.Context, c ReviewClaim, liveSince time.Time) (bool, error)
	// Put stores c whatever claim the verification had (a takeover, the holder's activity).
	Put(ctx context.Context, c ReviewClaim) error
	// Get returns a verification's claim, live or not, or nil.
	Get(ctx context.Context, verificationID int64) (*ReviewClaim, error)
	// Delete removes a verification's claim, if any.
	Delete(ctx context.Context, verificationID int64) error
	// Live returns the live claims of the verifications, by verification id.
	Live(ctx context.Context, ids []int64, liveSince time.Time) (map[int64]ReviewClaim, error)
}
