package application

import (
	"context"
	"time"

	"github.com/tttverify/tttverify/domain/businessday"
	"github.com/tttverify/tttverify/domain/verification"
)

// DigestLimit is how many verifications one overdue digest lists; it counts the rest.
const DigestLimit = 50

// ReviewDigest is the daily e-mail that warns the reviewers of the verifications that become
// overdue on the next business day.
type ReviewDigest struct {
	tx     Transactor
	repo   VerificationRepository
	notify ReviewerNotifier
	clock  Clock
	cal    businessday.Calendar
}

// ReviewDigestDeps are what the digest needs; every field is required.
type ReviewDigestDeps struct {
	Tx       Transactor
	Repo     VerificationRepository
	Notify   ReviewerNotifier
	Clock    Clock
	Calendar businessday.Calendar // BUSINESS_DAYS less HOLIDAYS_FILE
}

// NewReviewDigest wires the overdue digest.
func NewReviewDigest(d ReviewDigestDeps) *ReviewDigest {
	return &ReviewDigest{tx: d.Tx, repo: d.Repo, notify: d.Notify, clock: d.Clock, cal: d.Calendar}
}

// Send tells every administrator, on a business day, which verifications in review become
// overdue on the next business day: not overdue when it begins, overdue by its end unless decided.
// Run on every business day, the digests cover every day once; on other days, and when nothing
// becomes due, nobody is told. A run again the same day sends nothing new (the key names the day).
// It returns how many verifications the digest lists.
func (s *ReviewDigest) Send(ctx context.Context) (int, error) {
	now := s.clock.Now()
	if !s.cal.IsBusinessDay(now) {
		return 0, nil
	}
	day := s.cal.NextBusinessDay(now)
	inReview := verification.InReview
	items, total, err := s.repo.List(ctx, VerificationFilter{Status: &inReview, Now: now,
		WaitingFrom: s.cal.OverdueBefore(day), WaitingBefore: s.cal.OverdueBefore(day.Add(24 * time.Hour)),
		Sort: SortReviewSince, Page: 1, PageSize: DigestLimit})
	if err != nil || total == 0 {
		return 0, err
	}
	digest := OverdueDigest{Day: day, Items: make([]DueReview, 0, len(items)), More: total - len(items)}
	for _, it := range items {
		since := *it.Verification.ReviewSince()
		digest.Items = append(digest.Items, DueReview{VerificationID: it.Verification.ID(),
			CompanyName: named(it.CompanyName, it.Verification.ID()),
			Tier:        it.Verification.Tier().String(), Since: since, Deadline: s.cal.Deadline(since)})
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.notify.TellReviewers(ctx, "overdue_digest:"+day.Format(time.DateOnly), digest)
	})
	return total, err
}
