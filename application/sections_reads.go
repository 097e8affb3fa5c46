package application

import (
	"context"
)

// Company returns the company section, or nil when it was never saved.
func (s *SectionsService) Company(ctx context.Context, actor *User, id int64) (*CompanyRecord, error) {
	if _, err := readable(ctx, s.repo, actor, id); err != nil {
		return nil, err
	}
	return orNil(s.sections.Company(ctx, id))
}

// Banking returns the banking section, or nil when it was never saved.
func (s *SectionsService) Banking(ctx context.Context, actor *User, id int64) (*BankingRecord, error) {
	if _, err := readable(ctx, s.repo, actor, id); err != nil {
		return nil, err
	}
	return orNil(s.sections.Banking(ctx, id))
}

// Trade returns the trade section, or nil when it was never saved.
func (s *SectionsService) Trade(ctx context.Context, actor *User, id int64) (*TradeRecord, error) {
	if _, err := readable(ctx, s.repo, actor, id); err != nil {
		return nil, err
	}
	return orNil(s.sections.Trade(ctx, id))
}

// Representatives lists the company's representatives.
func (s *SectionsService) Representatives(ctx context.Context, actor *User, id int64) ([]RepresentativeRecord, error) {
	if _, err := readable(ctx, s.repo, actor, id); err != nil {
		return nil, err
	}
	return s.sections.Representatives(ctx, id)
}
