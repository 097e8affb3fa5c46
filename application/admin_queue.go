package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/verification"
)

// List returns one page of every user's verifications with the filter applied.
func (s *Admin) List(ctx context.Context, actor *User, f VerificationFilter) ([]VerificationListItem, int, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, 0, err
	}
	f.UserID = 0
	return s.repo.List(ctx, f)
}

// Stats counts verifications per status for the filter, ignoring its status.
func (s *Admin) Stats(ctx context.Context, actor *User, f VerificationFilter) (map[verification.Status]int, error) {
	return asAdmin(actor, func() (map[verification.Status]int, error) {
		f.UserID, f.Status, f.Statuses = 0, nil, nil
		return s.repo.CountByStatus(ctx, f)
	})
}

// Get returns any verification with its owner's e-mail.
func (s *Admin) Get(ctx context.Context, actor *User, id int64) (*VerificationListItem, error) {
	return asAdmin(actor, func() (*VerificationListItem, error) {
		items, _, err := s.repo.List(ctx, VerificationFilter{ID: id, Page: 1, PageSize: 1, Sort: SortID})
		if err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, ErrNotFound
		}
		return &items[0], nil
	})
}

// Events lists the audit trail of a verification, oldest first.
func (s *Admin) Events(ctx context.Context, actor *User, id int64) ([]AuditEvent, error) {
	return asAdmin(actor, func() ([]AuditEvent, error) {
		if _, err := s.repo.Get(ctx, id); err != nil {
			return nil, err
		}
		return s.audit.List(ctx, id)
	})
}
