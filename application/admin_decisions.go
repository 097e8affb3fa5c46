package application

import (
	"context"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// Approve accepts a submitted or in-review verification. The applicant is told, and the CIS (both
// tiers include one) is queued for generation in the same transaction.
func (s *Admin) Approve(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return s.decide(ctx, actor, id, "approve", "", func(ctx context.Context, v *verification.Verification) error {
		if err := s.checks.approvalBlock(ctx, v); err != nil {
			return err
		}
		return v.Approve(s.clock.Now())
	}, func(ctx context.Context, v *verification.Verification) error {
		snap := v.Snapshot()
		if _, err := s.notify.TellOwner(ctx, v, fmt.Sprintf("approved:%d:%d", v.ID(), v.Version()),
			func(company string) EmailData {
				return VerificationApproved{VerificationID: v.ID(), CompanyName: company, PublicID: v.PublicID(),
					CertificateNumber: v.PublicID(), ExpiresAt: deref(snap.ExpiresAt)}
			}); err != nil {
			return err
		}
		if s.notify == nil {
			return nil
		}
		return s.notify.jobs.Enqueue(ctx, GenerateCIS{VerificationID: v.ID()})
	})
}

// Reject refuses a submitted or in-review verification with a reason the applicant reads.
func (s *Admin) Reject(ctx context.Context, actor *User, id int64, reason string) (*verification.Verification, error) {
	return s.decide(ctx, actor, id, "reject", reason, func(_ context.Context, v *verification.Verification) error {
		return v.Reject(reason, s.clock.Now())
	}, func(ctx context.Context, v *verification.Verification) error {
		_, err := s.notify.TellOwner(ctx, v, fmt.Sprintf("rejected:%d:%d", v.ID(), v.Version()),
			func(company string) EmailData {
				return VerificationRejected{VerificationID: v.ID(), CompanyName: company, Reason: v.RejectionReason(),
					Paid: v.Payment().Paid()}
			})
		return err
	})
}

// Revoke withdraws an approved certificate with a reason.
func (s *Admin) Revoke(ctx context.Context, actor *User, id int64, reason string) (*verification.Verification, error) {
	return s.decide(ctx, actor, id, "revoke", reason, func(_ context.Context, v *verification.Verification) error {
		return v.Revoke(reason, s.clock.Now())
	}, func(ctx context.Context, v *verification.Verification) error {
		snap := v.Snapshot()
		_, err := s.notify.TellOwner(ctx, v, fmt.Sprintf("revoked:%d", v.ID()), func(company string) EmailData {
			return CertificateRevoked{VerificationID: v.ID(), CompanyName: company, Reason: snap.RevokedReason,
				RevokedAt: deref(snap.RevokedAt)}
		})
		return err
	})
}

// Reinstate lifts a revocation that turned out to be wrong, with a reason kept in the audit trail.
// The public page shows the certificate as valid again at once (the save clears the public cache).
func (s *Admin) Reinstate(ctx context.Context, actor *User, id int64, reason string) (*verification.Verification, error) {
	return s.decide(ctx, actor, id, "reinstate", reason, func(_ context.Context, v *verification.Verification) error {
		return v.Reinstate(reason, s.clock.Now())
	}, func(context.Context, *verification.Verification) error { return nil })
}

// decide applies an administrator's decision in one transaction with its audit event and tells
// whom it concerns in the same transaction.
func (s *Admin) decide(ctx context.Context, actor *User, id int64, action, reason string,
	change func(context.Context, *verification.Verification) error, tell func(context.Context, *verification.Verification) error) (*verification.Verification, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, err
	}
	return applyChange(ctx, s.tx, s.repo, s.audit, actor, id, stateChange{action: action, reason: reason, may: anyone,
		apply: change,
		after: func(ctx context.Context, v *verification.Verification, _ verification.Status) error {
			return tell(ctx, v)
		}})
}

// deref is the time t points to, or the zero time.
func deref(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}
