package application

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/domain/verification"
)

// Submit sends the owner's complete draft for review, in one transaction: a Top verification's
// screening is queued (SubmissionScreening), the applicant is told (VerificationSubmitted) and,
// when it was paid before (a resubmission), the administrators hear that it entered review.
func (s *Verifications) Submit(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := ownedBy(ctx, s.repo.GetForUpdate, actor, id)
		if err != nil {
			return nil, err
		}
		from := v.Status()
		c, err := s.sections.Completeness(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("completeness of %d: %w", id, err)
		}
		if err := v.Submit(c, s.clock.Now()); err != nil {
			return nil, err
		}
		if err := saveChange(ctx, s.repo, s.audit, actor, v, "submit", from, ""); err != nil {
			return nil, err
		}
		if err := s.checks.ScreenSubmitted(ctx, v); err != nil {
			return nil, err
		}
		if _, err := s.notify.TellOwner(ctx, v, fmt.Sprintf("submitted:%d:%d", v.ID(), v.Version()),
			func(company string) EmailData {
				return VerificationSubmitted{VerificationID: v.ID(), CompanyName: company, Tier: v.Tier().String(),
					Paid: v.Payment().Paid()}
			}); err != nil {
			return nil, err
		}
		return v, s.notify.ReviewEntered(ctx, v)
	})
}

// Resubmit reopens the owner's rejected verification for editing.
func (s *Verifications) Resubmit(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := ownedBy(ctx, s.repo.GetForUpdate, actor, id)
		if err != nil {
			return nil, err
		}
		from := v.Status()
		if err := v.Resubmit(s.clock.Now()); err != nil {
			return nil, err
		}
		return v, saveChange(ctx, s.repo, s.audit, actor, v, "resubmit", from, "")
	})
}
