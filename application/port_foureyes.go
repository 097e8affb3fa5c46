package application

import (
	"context"
	"time"
)

// FirstApproval is an administrator's approval of a verification under four eyes (FOUR_EYES):
// it awaits a second administrator's confirmation until SentBack is set, when the second sent it
// back to the ordinary queue with a note and the approval no longer counts.
type FirstApproval struct {
	VerificationID int64
	ApproverID     int64
	ApproverEmail  string // filled when read
	ApprovedAt     time.Time
	SentBack       *SendBack
}

// Awaiting says whether the approval still waits for a second administrator.
func (a *FirstApproval) Awaiting() bool { return a != nil && a.SentBack == nil }

// SendBack is a second administrator's refusal to confirm a first approval, with their note.
type SendBack struct {
	ByID    int64
	ByEmail string // filled when read
	At      time.Time
	Note    string
}

// FirstApprovalStore keeps the first approvals, one per verification: the latest, awaiting or
// sent back.
type FirstApprovalStore interface {
	// Put stores a first approval over any other the verification had (a sent-back one).
	Put(ctx context.Context, a FirstApproval) error
	// SendBack marks a verification's first approval as sent back.
	SendBack(ctx context.Context, verificationID int64, b SendBack) error
	// Get returns a verification's first approval, or nil.
	Get(ctx context.Context, verificationID int64) (*FirstApproval, error)
	// Delete removes a verification's first approval, if any (it was confirmed, or rejected).
	Delete(ctx context.Context, verificationID int64) error
	// Of returns the first approvals of the verifications, by verification id.
	Of(ctx context.Context, ids []int64) (map[int64]FirstApproval, error)
}
