package application

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/domain/verification"
)

// SectionsService holds the use cases that read and fill in the five sections of a verification.
type SectionsService struct {
	tx       Transactor
	repo     VerificationRepository
	sections Sections
	docs     Documents
	clock    Clock
}

// NewSections wires the section use cases.
func NewSections(tx Transactor, repo VerificationRepository, sections Sections, docs Documents, clock Clock) *SectionsService {
	return &SectionsService{tx: tx, repo: repo, sections: sections, docs: docs, clock: clock}
}

// Company returns the company section, or nil when it was never saved.
func (s *SectionsService) Company(ctx context.Context, actor *User, id int64) (*CompanyRecord, error) {
	if _, err := readable(ctx, s.repo, actor, id); err != nil {
		return nil, err
	}
	return orNil(s.sections.Company(ctx, id))
}

// SaveCompany creates or replaces the company section of a draft.
func (s *SectionsService) SaveCompany(ctx context.Context, actor *User, id int64, in verification.CompanyInfo) (*CompanyRecord, error) {
	if err := in.Validate(s.clock.Now()); err != nil {
		return nil, err
	}
	rec := &CompanyRecord{VerificationID: id, CompanyInfo: in}
	return rec, editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		return s.sections.SaveCompany(ctx, rec)
	})
}

// Banking returns the banking section, or nil when it was never saved.
func (s *SectionsService) Banking(ctx context.Context, actor *User, id int64) (*BankingRecord, error) {
	if _, err := readable(ctx, s.repo, actor, id); err != nil {
		return nil, err
	}
	return orNil(s.sections.Banking(ctx, id))
}

// SaveBanking creates or replaces the banking section of a draft; a reference letter uploaded
// before the first save stays linked.
func (s *SectionsService) SaveBanking(ctx context.Context, actor *User, id int64, in verification.BankingInfo) (*BankingRecord, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	rec := &BankingRecord{VerificationID: id, BankingInfo: in}
	return rec, editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		ref, err := s.bankReference(ctx, id)
		if err != nil {
			return err
		}
		rec.ReferenceFileID = ref
		return s.sections.SaveBanking(ctx, rec)
	})
}

// bankReference is the reference letter to keep linked: the one already linked, or else the
// newest one uploaded before the section was first saved.
func (s *SectionsService) bankReference(ctx context.Context, id int64) (*int64, error) {
	existing, err := s.sections.Banking(ctx, id)
	if err == nil {
		return existing.ReferenceFileID, nil
	}
	if !isNotFound(err) {
		return nil, err
	}
	docs, err := s.docs.List(ctx, id)
	if err != nil {
		return nil, err
	}
	var newest *int64
	for _, d := range docs { // listed oldest first
		if d.Type == verification.BankReference {
			newest = &d.ID
		}
	}
	return newest, nil
}

// Trade returns the trade section, or nil when it was never saved.
func (s *SectionsService) Trade(ctx context.Context, actor *User, id int64) (*TradeRecord, error) {
	if _, err := readable(ctx, s.repo, actor, id); err != nil {
		return nil, err
	}
	return orNil(s.sections.Trade(ctx, id))
}

// SaveTrade creates or replaces the trade section of a draft.
func (s *SectionsService) SaveTrade(ctx context.Context, actor *User, id int64, in verification.TradeInfo) (*TradeRecord, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	rec := &TradeRecord{VerificationID: id, TradeInfo: in}
	return rec, editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		return s.sections.SaveTrade(ctx, rec)
	})
}

// Representatives lists the company's representatives.
func (s *SectionsService) Representatives(ctx context.Context, actor *User, id int64) ([]RepresentativeRecord, error) {
	if _, err := readable(ctx, s.repo, actor, id); err != nil {
		return nil, err
	}
	return s.sections.Representatives(ctx, id)
}

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

// DeleteRepresentative removes a representative from a draft. Their passport document stays on
// file until the applicant deletes it, so nothing uploaded disappears silently.
func (s *SectionsService) DeleteRepresentative(ctx context.Context, actor *User, id, repID int64) error {
	return editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		return s.sections.DeleteRepresentative(ctx, id, repID)
	})
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

// readable loads a verification the actor may read: their own, or any for an administrator.
func readable(ctx context.Context, repo VerificationRepository, actor *User, id int64) (*verification.Verification, error) {
	v, err := repo.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !v.OwnedBy(actor.ID) && !actor.IsAdmin {
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
