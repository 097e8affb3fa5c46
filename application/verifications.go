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
	return s.transition(ctx, actor, id, "delete", func(v *verification.Verification) error {
		return v.Delete(actor.IsAdmin, s.clock.Now())
	}, true)
}

// Submit sends a complete draft for review.
func (s *Verifications) Submit(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	var out *verification.Verification
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := ownedBy(ctx, s.repo.GetForUpdate, actor, id)
		if err != nil {
			return err
		}
		c, err := s.sections.Completeness(ctx, id)
		if err != nil {
			return fmt.Errorf("completeness of %d: %w", id, err)
		}
		from := v.Status()
		if err := v.Submit(c, s.clock.Now()); err != nil {
			return err
		}
		if err := s.repo.Save(ctx, v); err != nil {
			return err
		}
		out = v
		return record(ctx, s.audit, actor, v, "submit", from, "")
	})
	return out, err
}

// Resubmit reopens a rejected verification for editing.
func (s *Verifications) Resubmit(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	var out *verification.Verification
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := ownedBy(ctx, s.repo.GetForUpdate, actor, id)
		if err != nil {
			return err
		}
		from := v.Status()
		if err := v.Resubmit(s.clock.Now()); err != nil {
			return err
		}
		if err := s.repo.Save(ctx, v); err != nil {
			return err
		}
		out = v
		return record(ctx, s.audit, actor, v, "resubmit", from, "")
	})
	return out, err
}

// transition loads a verification the actor may change, applies change, saves and audits it.
func (s *Verifications) transition(ctx context.Context, actor *User, id int64, action string,
	change func(*verification.Verification) error, adminMay bool) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.GetForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if !v.OwnedBy(actor.ID) && !(adminMay && actor.IsAdmin) {
			return ErrNotFound
		}
		from := v.Status()
		if err := change(v); err != nil {
			return err
		}
		if err := s.repo.Save(ctx, v); err != nil {
			return err
		}
		return record(ctx, s.audit, actor, v, action, from, "")
	})
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
