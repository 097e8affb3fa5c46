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
}

// NewVerifications wires the verification use cases.
func NewVerifications(tx Transactor, repo VerificationRepository, sections Sections, audit AuditLog, clock Clock) *Verifications {
	return &Verifications{tx: tx, repo: repo, sections: sections, audit: audit, clock: clock}
}

// Create starts a draft verification in the chosen tier.
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
		if err := s.repo.Create(ctx, v); err != nil {
			return fmt.Errorf("create verification: %w", err)
		}
		return record(ctx, s.audit, actor, v, "create", verification.Status{}, "")
	})
	return v, err
}

// List returns the actor's verifications, filtered and paged, and the total count.
func (s *Verifications) List(ctx context.Context, actor *User, f VerificationFilter) ([]VerificationListItem, int, error) {
	f.UserID = actor.ID
	f.Email, f.PublicID = "", ""
	return s.repo.List(ctx, f)
}

// Get returns one of the actor's verifications.
func (s *Verifications) Get(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return ownedBy(ctx, s.repo.Get, actor, id)
}

// Delete soft-deletes a verification: the owner's never-paid draft, or any for an administrator.
func (s *Verifications) Delete(ctx context.Context, actor *User, id int64) error {
	_, err := s.change(ctx, actor, id, stateChange{action: "delete",
		may: func(v *verification.Verification) bool { return v.OwnedBy(actor.ID) || actor.IsAdmin },
		apply: func(_ context.Context, v *verification.Verification) error {
			return v.Delete(actor.IsAdmin, s.clock.Now())
		}})
	return err
}

// Submit sends a complete draft for review.
func (s *Verifications) Submit(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return s.change(ctx, actor, id, stateChange{action: "submit", may: owner(actor),
		apply: func(ctx context.Context, v *verification.Verification) error {
			c, err := s.sections.Completeness(ctx, id)
			if err != nil {
				return fmt.Errorf("completeness of %d: %w", id, err)
			}
			return v.Submit(c, s.clock.Now())
		}})
}

// Resubmit reopens a rejected verification for editing.
func (s *Verifications) Resubmit(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	return s.change(ctx, actor, id, stateChange{action: "resubmit", may: owner(actor),
		apply: func(_ context.Context, v *verification.Verification) error { return v.Resubmit(s.clock.Now()) }})
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

// AuditTrail lists a verification's events, oldest first.
func (s *Verifications) AuditTrail(ctx context.Context, id int64) ([]AuditEvent, error) {
	return s.audit.List(ctx, id)
}
