package application

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/domain/verification"
)

// AddRepresentative adds a representative to a draft.
func (s *SectionsService) AddRepresentative(ctx context.Context, actor *User, id int64, in verification.Representative) (*RepresentativeRecord, error) {
	if err := in.Validate(s.clock.Now()); err != nil {
		return nil, err
	}
	rec := &RepresentativeRecord{VerificationID: id, Representative: in}
	return rec, editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		return s.sections.AddRepresentative(ctx, rec)
	})
}

// UpdateRepresentative replaces a representative's details; the passport stays linked.
func (s *SectionsService) UpdateRepresentative(ctx context.Context, actor *User, id, repID int64, in verification.Representative) (*RepresentativeRecord, error) {
	if err := in.Validate(s.clock.Now()); err != nil {
		return nil, err
	}
	var rec *RepresentativeRecord
	err := editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		existing, err := s.sections.Representative(ctx, id, repID)
		if err != nil {
			return err
		}
		existing.Representative = in
		rec = existing
		return s.sections.UpdateRepresentative(ctx, existing)
	})
	return rec, err
}

// DeleteRepresentative removes a representative from a draft: the row is kept, marked deleted, with
// an audit event. Their passport document stays on file until the applicant deletes it, so nothing
// uploaded disappears silently.
func (s *SectionsService) DeleteRepresentative(ctx context.Context, actor *User, id, repID int64) error {
	return editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		rep, err := s.sections.Representative(ctx, id, repID)
		if err != nil {
			return err
		}
		if err := s.sections.DeleteRepresentative(ctx, id, repID); err != nil {
			return err
		}
		return recordRemoval(ctx, s.audit, actor, id, "delete-representative",
			fmt.Sprintf("representative %d (%s)", rep.ID, rep.FullName), s.clock.Now())
	})
}
