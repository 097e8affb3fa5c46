package application

import (
	"context"
	"errors"

	"github.com/tttverify/tttverify/domain/verification"
)

// Verifications holds the applicant's verification use cases.
type Verifications struct {
	tx       Transactor
	repo     VerificationRepository
	sections Sections
	audit    AuditLog
	clock    Clock
	notify   ReviewNotifier
	checks   SubmissionScreening
	limits   Limits
}

// SubmissionScreening queues the Top checks of a verification whose submission or upgrade has
// just put it in front of reviewers (TopChecks), in the transaction of that change.
type SubmissionScreening interface {
	ScreenSubmitted(ctx context.Context, v *verification.Verification) error
}

// ReviewNotifier tells the owner, as OwnerNotifier does, and also the administrators that a
// verification entered review (Notifier).
type ReviewNotifier interface {
	OwnerNotifier
	ReviewEntered(ctx context.Context, v *verification.Verification) error
}

// VerificationsDeps are what the verification use cases need; every field but Limits is required.
type VerificationsDeps struct {
	Tx       Transactor
	Repo     VerificationRepository
	Sections Sections
	Audit    AuditLog
	Clock    Clock
	Notify   ReviewNotifier
	Checks   SubmissionScreening
	Limits   Limits // a zero field takes DefaultLimits
}

// NewVerifications wires the verification use cases.
func NewVerifications(d VerificationsDeps) *Verifications {
	return &Verifications{tx: d.Tx, repo: d.Repo, sections: d.Sections, audit: d.Audit, clock: d.Clock,
		notify: d.Notify, checks: d.Checks, limits: d.Limits.orDefault()}
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

// isNotFound reports whether err means the record does not exist.
func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
