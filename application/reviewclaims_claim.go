package application

import (
	"context"
	"fmt"
	"strings"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// ErrNotClaimable refuses a claim on a verification that awaits no decision.
var ErrNotClaimable = errs.Conflict("Only a verification awaiting a decision can be claimed")

// ErrNotYourClaim refuses the release of a verification the reviewer does not hold.
var ErrNotYourClaim = errs.Conflict("You do not hold this verification; there is nothing to release")

// ErrTakeOverReason asks for the reason a takeover needs.
var ErrTakeOverReason = errs.Invalid("reason", "A reason is required to take over a review")

// Claim starts a reviewer's review of a verification awaiting a decision: it is theirs until they
// decide or release it, another reviewer takes it over, or it lapses. Claiming one's own claim again
// counts as activity. Of two reviewers claiming at once exactly one wins; the other is told who
// holds it (409).
func (s *ReviewClaims) Claim(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return s.change(ctx, actor, id, func(ctx context.Context, v *verification.Verification, held *ReviewClaim) error {
		now := s.clock.Now()
		switch {
		case held != nil && held.HolderID == actor.ID:
			held.ActiveAt = now
			return s.store.Put(ctx, *held)
		case held != nil:
			return ClaimedError(held)
		}
		won, err := s.store.Take(ctx, ReviewClaim{VerificationID: id, HolderID: actor.ID, ClaimedAt: now, ActiveAt: now},
			s.LiveSince(now))
		if err != nil {
			return err
		}
		if !won { // another reviewer's claim landed between our read and our write
			winner, err := s.store.Get(ctx, id)
			if err != nil || winner == nil {
				return fmt.Errorf("claim of %d lost to a claim that is gone: %w", id, err)
			}
			return ClaimedError(winner)
		}
		return s.record(ctx, actor, v, "claim", "")
	})
}

// Release gives up the reviewer's own claim, audited.
func (s *ReviewClaims) Release(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return s.change(ctx, actor, id, func(ctx context.Context, v *verification.Verification, held *ReviewClaim) error {
		if held == nil || held.HolderID != actor.ID {
			return ErrNotYourClaim
		}
		if err := s.store.Delete(ctx, id); err != nil {
			return err
		}
		return s.record(ctx, actor, v, "release", "")
	})
}

// TakeOver claims a verification another reviewer holds, with a reason kept in the audit trail
// beside the previous holder. With nobody holding it, it is a plain claim.
func (s *ReviewClaims) TakeOver(ctx context.Context, actor *User, id int64, reason string) (*verification.Verification, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return nil, ErrTakeOverReason
	}
	return s.change(ctx, actor, id, func(ctx context.Context, v *verification.Verification, held *ReviewClaim) error {
		now := s.clock.Now()
		if err := s.store.Put(ctx, ReviewClaim{VerificationID: id, HolderID: actor.ID, ClaimedAt: now, ActiveAt: now}); err != nil {
			return err
		}
		if held == nil || held.HolderID == actor.ID {
			return s.record(ctx, actor, v, "claim", reason)
		}
		return s.record(ctx, actor, v, "takeover", fmt.Sprintf("from %s: %s", held.HolderEmail, reason))
	})
}

// change runs a claim action on verification id awaiting a decision, given its live claim (nil:
// none), in one transaction.
func (s *ReviewClaims) change(ctx context.Context, actor *User, id int64,
	act func(ctx context.Context, v *verification.Verification, held *ReviewClaim) error) (*verification.Verification, error) {
	if err := mustReview(actor); err != nil {
		return nil, err
	}
	return inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		// Not locked for update: the store's conditional write settles a race between claims.
		v, err := s.repo.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if !waitsForDecision(v) {
			return nil, ErrNotClaimable
		}
		held, err := s.live(ctx, v)
		if err != nil {
			return nil, err
		}
		return v, act(ctx, v, held)
	})
}
