package application

import (
	"context"
	"errors"
	"fmt"

	"github.com/tttverify/tttverify/domain/verification"
)

// Verifications holds the applicant's verification use cases.
type Verifications struct {
	tx       Transactor
	repo     VerificationRepository
	sections Sections
	audit    AuditLog
	clock    Clock
	notify   *Notifier
	checks   *TopChecks
	limits   Limits
}

// NewVerifications wires the verification use cases.
func NewVerifications(tx Transactor, repo VerificationRepository, sections Sections, audit AuditLog, clock Clock) *Verifications {
	return &Verifications{tx: tx, repo: repo, sections: sections, audit: audit, clock: clock, limits: DefaultLimits}
}

func (s *Verifications) change(ctx context.Context, actor *User, id int64, c stateChange) (*verification.Verification, error) {
	return applyChange(ctx, s.tx, s.repo, s.audit, actor, id, c)
}

// ownedBy loads a verification with load and hides it unless actor owns it.
func ownedBy(ctx context.Context, load func(context.Context, int64) (*verification.Verification, error),
	actor *User, id int64) (*verification.Verification, error) {
	v, err := load(ctx, id)
	if err != nil {
		return nil, err
	}
	if !v.OwnedBy(actor.ID) {
		return nil, ErrNotFound
	}
	return v, nil
}

// record writes an audit event for a change of v made by actor.
func record(ctx context.Context, log AuditLog, actor *User, v *verification.Verification, action string,
	from verification.Status, reason string) error {
	e := AuditEvent{VerificationID: v.ID(), Action: action, From: from.String(), To: v.Status().String(),
		Reason: reason, CreatedAt: v.Snapshot().UpdatedAt}
	if actor != nil {
		e.ActorID, e.ActorEmail = actor.ID, actor.Email
	}
	if err := log.Record(ctx, e); err != nil {
		return fmt.Errorf("audit %s of %d: %w", action, v.ID(), err)
	}
	return nil
}

// isNotFound reports whether err means the record does not exist.
func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }

// WithNotifier makes submissions tell applicants and administrators.
func (s *Verifications) WithNotifier(n *Notifier) *Verifications { s.notify = n; return s }

// WithChecks makes submissions of Top verifications queue their screening.
func (s *Verifications) WithChecks(c *TopChecks) *Verifications { s.checks = c; return s }

// WithLimits replaces DefaultLimits for creating verifications.
func (s *Verifications) WithLimits(l Limits) *Verifications { s.limits = l.orDefault(); return s }
