package application

import (
	"context"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// List returns one page of every user's verifications with the filter applied.
func (s *Admin) List(ctx context.Context, actor *User, f VerificationFilter) ([]VerificationListItem, int, error) {
	if err := mustReview(actor); err != nil {
		return nil, 0, err
	}
	f.UserID, f.Now = 0, s.clock.Now()
	scopeClaims(s.claims, actor, &f, f.Now)
	items, total, err := s.repo.List(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	return items, total, s.annotate(ctx, items, f.Now)
}

// annotate fills in how long each verification in review has waited at now, whether its
// approval needs a second administrator, and its first approval.
func (s *Admin) annotate(ctx context.Context, items []VerificationListItem, now time.Time) error {
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.Verification.ID()
	}
	firsts, err := s.firsts.Of(ctx, ids)
	if err != nil {
		return err
	}
	for i, it := range items {
		items[i].FourEyes = s.eyes.Covers(it.Verification.Tier())
		if a, ok := firsts[it.Verification.ID()]; ok {
			items[i].FirstApproval = &a
		}
		since := it.Verification.ReviewSince()
		if it.Verification.Status() != verification.InReview || since == nil {
			continue
		}
		items[i].Waiting = &ReviewWait{Since: *since, BusinessDays: s.cal.Waiting(*since, now),
			Overdue: s.cal.Overdue(*since, now)}
	}
	return nil
}

// Stats counts verifications per status for the filter, ignoring its status.
func (s *Admin) Stats(ctx context.Context, actor *User, f VerificationFilter) (StatusCounts, error) {
	return asReviewer(actor, func() (StatusCounts, error) {
		f.UserID, f.Status, f.Statuses, f.Certificates, f.Now = 0, nil, nil, nil, s.clock.Now()
		scopeClaims(s.claims, actor, &f, f.Now)
		return s.repo.Tally(ctx, f, s.cal.OverdueBefore(f.Now))
	})
}

// Get returns any verification with its owner's e-mail.
func (s *Admin) Get(ctx context.Context, actor *User, id int64) (*VerificationListItem, error) {
	return asReviewer(actor, func() (*VerificationListItem, error) {
		items, _, err := s.repo.List(ctx, VerificationFilter{ID: id, Page: 1, PageSize: 1, Sort: SortID})
		if err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, ErrNotFound
		}
		return &items[0], s.annotate(ctx, items, s.clock.Now())
	})
}

// Events lists the audit trail of a verification, oldest first.
func (s *Admin) Events(ctx context.Context, actor *User, id int64) ([]AuditEvent, error) {
	return asReviewer(actor, func() ([]AuditEvent, error) {
		if _, err := s.repo.Get(ctx, id); err != nil {
			return nil, err
		}
		return s.audit.List(ctx, id)
	})
}
