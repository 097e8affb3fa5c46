package application

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// Create starts a draft verification in the chosen tier, within the user's limit of drafts.
func (s *Verifications) Create(ctx context.Context, actor *User, tierName string) (*verification.Verification, error) {
	tier, err := verification.ParseTier(tierName)
	if err != nil {
		return nil, fieldError("tier", "Tier must be basic or top")
	}
	v, err := verification.New(actor.ID, tier, s.clock.Now())
	if err != nil {
		return nil, err
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.mayOpenAnother(ctx, actor); err != nil {
			return err
		}
		if err := s.repo.Create(ctx, v); err != nil {
			return fmt.Errorf("create verification: %w", err)
		}
		return record(ctx, s.audit, actor, v, "create", verification.Status{}, "")
	})
	return v, err
}

// mayOpenAnother refuses a new verification to a user who has the maximum number of drafts.
func (s *Verifications) mayOpenAnother(ctx context.Context, actor *User) error {
	counts, err := s.repo.CountByStatus(ctx, VerificationFilter{UserID: actor.ID})
	if err != nil {
		return fmt.Errorf("count drafts of %d: %w", actor.ID, err)
	}
	if n := s.limits.OpenVerifications; counts[verification.Draft] >= n {
		return errs.Conflict(fmt.Sprintf("You have %d verifications in progress, the most allowed; submit or delete one before starting another", n))
	}
	return nil
}
