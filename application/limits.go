package application

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// Limits bound what one user can make the platform store, so that an account cannot fill the
// database or the object store. A zero field takes the default.
type Limits struct {
	OpenVerifications    int // drafts (never submitted, or reopened) per user
	FilesPerVerification int // documents, passports and bank letters on one verification
}

// DefaultLimits are generous for any real company and small for an abuser.
var DefaultLimits = Limits{OpenVerifications: 100, FilesPerVerification: 100}

func (l Limits) orDefault() Limits {
	if l.OpenVerifications <= 0 {
		l.OpenVerifications = DefaultLimits.OpenVerifications
	}
	if l.FilesPerVerification <= 0 {
		l.FilesPerVerification = DefaultLimits.FilesPerVerification
	}
	return l
}

// WithLimits replaces DefaultLimits for creating verifications.
func (s *Verifications) WithLimits(l Limits) *Verifications { s.limits = l.orDefault(); return s }

// WithLimits replaces DefaultLimits for uploads.
func (s *DocumentsService) WithLimits(l Limits) *DocumentsService { s.limits = l.orDefault(); return s }

// mayOpenAnother refuses a new verification to a user who has the maximum number of drafts.
func (s *Verifications) mayOpenAnother(ctx context.Context, actor *User) error {
	counts, err := s.repo.CountByStatus(ctx, VerificationFilter{UserID: actor.ID})
	if err != nil {
		return fmt.Errorf("count drafts of %d: %w", actor.ID, err)
	}
	if n := s.limits.OpenVerifications; counts[verification.Draft] >= n {
		return errs.Conflict(fmt.Sprintf("You have %d verifications in progress, the most allowed; submit or delete one before starting another", n))
	}
	return nil
}

// mayAddFile refuses another file to a verification that has the maximum number.
func (s *DocumentsService) mayAddFile(ctx context.Context, id int64) error {
	docs, err := s.docs.List(ctx, id)
	if err != nil {
		return fmt.Errorf("count files of %d: %w", id, err)
	}
	if n := s.limits.FilesPerVerification; len(docs) >= n {
		return errs.Conflict(fmt.Sprintf("This verification has %d files, the most allowed; delete one before uploading another", n))
	}
	return nil
}
