package application

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// Alert queues the message to v's followers about event, which happened at at, in the transaction
// ctx carries: the job goes out once the change commits, and never if it rolls back. The job
// carries the facts as they are after the change, so a later change cannot alter what it says.
func (s *Follows) Alert(ctx context.Context, v *verification.Verification, event FollowEvent, at time.Time) error {
	return s.jobs.Enqueue(ctx, CertificateChanged{VerificationID: v.ID(), Event: event, At: at, Tier: v.Tier().String(),
		ExpiresAt: deref(v.Snapshot().ExpiresAt), Key: fmt.Sprintf("%s:%d:%d", event, v.ID(), at.UnixNano())})
}

// SendUpdates works a CertificateChanged job: each confirmed follower gets one message, with an
// unsubscribe token of its own whose hash is stored. Pending followers get nothing. A retry sends
// only the messages that did not go out (each message's key names the change and the follower).
func (s *Follows) SendUpdates(ctx context.Context, j CertificateChanged) error {
	followers, err := s.store.Confirmed(ctx, j.VerificationID)
	if err != nil || len(followers) == 0 {
		return err
	}
	v, err := s.repo.Get(ctx, j.VerificationID)
	if isNotFound(err) {
		return nil // deleted since: there is no certificate left to tell about
	}
	if err != nil {
		return fmt.Errorf("load verification %d: %w", j.VerificationID, err)
	}
	company := companyName(ctx, s.sections, v.ID())
	var failed []error
	for _, f := range followers {
		token := randomToken(32)
		if err := s.store.AddUnsubscribe(ctx, f.ID, hashToken(token), s.clock.Now()); err != nil {
			return fmt.Errorf("store unsubscribe token: %w", err)
		}
		msg, err := s.emails.Render(f.Email, fmt.Sprintf("follow:%s:%d", j.Key, f.ID), CertificateUpdate{Event: j.Event,
			CompanyName: named(company, v.ID()), PublicID: v.PublicID(), Tier: j.Tier, At: j.At, ExpiresAt: j.ExpiresAt,
			Token: token})
		if err != nil {
			return fmt.Errorf("render the certificate update: %w", err)
		}
		if err := s.mailer.Send(ctx, msg); err != nil {
			failed = append(failed, fmt.Errorf("follower %d: %w", f.ID, err))
		}
	}
	return errors.Join(failed...)
}
