package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/verification"
)

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
