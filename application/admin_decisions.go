package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/verification"
)

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

// decide applies an administrator's decision in one transaction with its audit event.
func (s *Admin) decide(ctx context.Context, actor *User, id int64, action, reason string,
	change func(*verification.Verification) error) (*verification.Verification, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, err
	}
	return applyChange(ctx, s.tx, s.repo, s.audit, actor, id, stateChange{action: action, reason: reason, may: anyone,
		apply: func(_ context.Context, v *verification.Verification) error { return change(v) }})
}
