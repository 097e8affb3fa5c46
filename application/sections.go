package application

import (
	"context"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// SectionsService holds the use cases that read and fill in the five sections of a verification.
type SectionsService struct {
	tx             Transactor
	repo           VerificationRepository
	sections       Sections
	docs           Documents
	audit          AuditLog
	clock          Clock
	ownerThreshold int
}

// SectionsDeps are what the section use cases need.
type SectionsDeps struct {
	Tx       Transactor
	Repo     VerificationRepository
	Sections Sections
	Docs     Documents
	Audit    AuditLog
	Clock    Clock
	// OwnerThreshold is the holding in percent that makes a beneficial owner (UBO_THRESHOLD); 0 is
	// the default, 25.
	OwnerThreshold int
}

// NewSections wires the section use cases.
func NewSections(d SectionsDeps) *SectionsService {
	threshold := d.OwnerThreshold
	if threshold <= 0 {
		threshold = verification.DefaultOwnerThreshold
	}
	return &SectionsService{tx: d.Tx, repo: d.Repo, sections: d.Sections, docs: d.Docs, audit: d.Audit, clock: d.Clock,
		ownerThreshold: threshold}
}

// editDraft runs change inside a transaction on the actor's own draft and then records the new progress.
func editDraft(ctx context.Context, tx Transactor, repo VerificationRepository, sections Sections, clock Clock,
	actor *User, id int64, change func(ctx context.Context) error) error {
	return tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := ownedBy(ctx, repo.GetForUpdate, actor, id)
		if err != nil {
			return err
		}
		if err := v.EnsureEditable(); err != nil {
			return err
		}
		if err := change(ctx); err != nil {
			return err
		}
		c, err := sections.Completeness(ctx, id)
		if err != nil {
			return fmt.Errorf("completeness of %d: %w", id, err)
		}
		v.UpdateProgress(c, clock.Now())
		return repo.Save(ctx, v)
	})
}

// recordRemoval writes the audit event of something removed from a draft (the status stays draft).
func recordRemoval(ctx context.Context, log AuditLog, actor *User, id int64, action, what string, now time.Time) error {
	draft := verification.Draft.String()
	e := AuditEvent{VerificationID: id, Action: action, From: draft, To: draft, Reason: what, CreatedAt: now}
	if actor != nil {
		e.ActorID, e.ActorEmail = actor.ID, actor.Email
	}
	if err := log.Record(ctx, e); err != nil {
		return fmt.Errorf("record %s on %d: %w", action, id, err)
	}
	return nil
}

// readable loads a verification the actor may read: their own, or any for staff.
func readable(ctx context.Context, repo VerificationRepository, actor *User, id int64) (*verification.Verification, error) {
	v, err := repo.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !v.OwnedBy(actor.ID) && !actor.Role.Reviews() {
		return nil, ErrNotFound
	}
	return v, nil
}

// orNil turns "not found" into an empty answer: a section that was never saved is not an error.
func orNil[T any](rec *T, err error) (*T, error) {
	if isNotFound(err) {
		return nil, nil
	}
	return rec, err
}
