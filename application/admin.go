package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/verification"
)

// Admin holds the administrators' review use cases. Callers must be administrators; the HTTP
// layer checks that before any of these run.
type Admin struct {
	tx    Transactor
	repo  VerificationRepository
	audit AuditLog
	clock Clock
}

// NewAdmin wires the review use cases.
func NewAdmin(tx Transactor, repo VerificationRepository, audit AuditLog, clock Clock) *Admin {
	return &Admin{tx: tx, repo: repo, audit: audit, clock: clock}
}

// List returns one page of every user's verifications with the filter applied.
func (s *Admin) List(ctx context.Context, f VerificationFilter) ([]VerificationListItem, int, error) {
	f.UserID = 0
	return s.repo.List(ctx, f)
}

// Stats counts verifications per status for the filter, ignoring its status.
func (s *Admin) Stats(ctx context.Context, f VerificationFilter) (map[verification.Status]int, error) {
	f.UserID, f.Status, f.Statuses = 0, nil, nil
	return s.repo.CountByStatus(ctx, f)
}

// Get returns any verification with its owner's e-mail.
func (s *Admin) Get(ctx context.Context, id int64) (*VerificationListItem, error) {
	items, _, err := s.repo.List(ctx, VerificationFilter{ID: id, Page: 1, PageSize: 1, Sort: SortID})
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, ErrNotFound
	}
	return &items[0], nil
}

// Approve accepts a submitted or in-review verification.
func (s *Admin) Approve(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return s.decide(ctx, actor, id, "approve", "", func(v *verification.Verification) error {
		return v.Approve(s.clock.Now())
	})
}

// Reject refuses a submitted or in-review verification with a reason the applicant reads.
func (s *Admin) Reject(ctx context.Context, actor *User, id int64, reason string) (*verification.Verification, error) {
	return s.decide(ctx, actor, id, "reject", reason, func(v *verification.Verification) error {
		return v.Reject(reason, s.clock.Now())
	})
}

// Revoke withdraws an approved certificate with a reason.
func (s *Admin) Revoke(ctx context.Context, actor *User, id int64, reason string) (*verification.Verification, error) {
	return s.decide(ctx, actor, id, "revoke", reason, func(v *verification.Verification) error {
		return v.Revoke(reason, s.clock.Now())
	})
}

// Events lists the audit trail of a verification, oldest first.
func (s *Admin) Events(ctx context.Context, id int64) ([]AuditEvent, error) {
	if _, err := s.repo.Get(ctx, id); err != nil {
		return nil, err
	}
	return s.audit.List(ctx, id)
}

// decide applies an administrator's decision in one transaction with its audit event.
func (s *Admin) decide(ctx context.Context, actor *User, id int64, action, reason string,
	change func(*verification.Verification) error) (*verification.Verification, error) {
	return applyChange(ctx, s.tx, s.repo, s.audit, actor, id, stateChange{action: action, reason: reason, may: anyone,
		apply: func(_ context.Context, v *verification.Verification) error { return change(v) }})
}
