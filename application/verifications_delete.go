package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/verification"
)

// Delete soft-deletes a verification: the owner's never-paid draft, or any for an administrator.
func (s *Verifications) Delete(ctx context.Context, actor *User, id int64) error {
	_, err := s.change(ctx, actor, id, stateChange{action: "delete",
		may: func(v *verification.Verification) bool { return v.OwnedBy(actor.ID) || actor.IsAdmin },
		apply: func(_ context.Context, v *verification.Verification) error {
			return v.Delete(actor.IsAdmin, s.clock.Now())
		}})
	return err
}
