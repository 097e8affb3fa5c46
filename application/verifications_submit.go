package application

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/domain/verification"
)

// Submit sends a complete draft for review.
func (s *Verifications) Submit(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return s.change(ctx, actor, id, stateChange{action: "submit", may: owner(actor),
		apply: func(ctx context.Context, v *verification.Verification) error {
			c, err := s.sections.Completeness(ctx, id)
			if err != nil {
				return fmt.Errorf("completeness of %d: %w", id, err)
			}
			return v.Submit(c, s.clock.Now())
		},
		after: func(ctx context.Context, v *verification.Verification, _ verification.Status) error {
			if err := s.checks.submitted(ctx, v); err != nil {
				return err
			}
			if _, err := s.notify.TellOwner(ctx, v, fmt.Sprintf("submitted:%d:%d", v.ID(), v.Version()),
				func(company string) EmailData {
					return VerificationSubmitted{VerificationID: v.ID(), CompanyName: company, Tier: v.Tier().String(),
						Paid: v.Payment().Paid()}
				}); err != nil {
				return err
			}
			return s.notify.reviewEntered(ctx, v)
		}})
}

// Resubmit reopens a rejected verification for editing.
func (s *Verifications) Resubmit(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return s.change(ctx, actor, id, stateChange{action: "resubmit", may: owner(actor),
		apply: func(_ context.Context, v *verification.Verification) error { return v.Resubmit(s.clock.Now()) }})
}
