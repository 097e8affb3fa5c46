package application

import (
	"context"
	"fmt"

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
