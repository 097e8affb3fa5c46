package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/verification"
)

// List returns the actor's verifications, filtered and paged, and the total count.
func (s *Verifications) List(ctx context.Context, actor *User, f VerificationFilter) ([]VerificationListItem, int, error) {
	f.UserID, f.Now = actor.ID, s.clock.Now()
	f.Email, f.PublicID = "", ""
	return s.repo.List(ctx, f)
}

// Get returns one of the actor's verifications.
func (s *Verifications) Get(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return ownedBy(ctx, s.repo.Get, actor, id)
}

// AuditTrail lists a verification's events, oldest first.
func (s *Verifications) AuditTrail(ctx context.Context, id int64) ([]AuditEvent, error) {
	return s.audit.List(ctx, id)
}
