package application

import (
	"context"
	"fmt"
	"strings"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// ErrSendBackNote asks for the note a send-back needs.
var ErrSendBackNote = errs.Invalid("reason", "A note is required to send an approval back")

// ErrNotAwaitingSecond refuses a send-back of a verification whose approval awaits no second review.
var ErrNotAwaitingSecond = errs.Conflict("This verification is not awaiting a second review")

// SendBack refuses to confirm another administrator's first approval, with a note for the
// reviewers: the approval no longer counts, the verification is back in the ordinary queue
// (unclaimed: it is a final decision for the claim rule) and the note shows on its review page.
// The applicant is not told; the verification they see does not change.
func (s *Admin) SendBack(ctx context.Context, actor *User, id int64, note string) (*verification.Verification, error) {
	if err := mustReview(actor); err != nil {
		return nil, err
	}
	note = strings.TrimSpace(note)
	if note == "" {
		return nil, ErrSendBackNote
	}
	return inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := s.repo.GetForUpdate(ctx, id)
		if err != nil {
			return nil, err
		}
		first, err := s.firsts.Get(ctx, id)
		switch {
		case err != nil:
			return nil, err
		case !first.Awaiting():
			return nil, ErrNotAwaitingSecond
		case first.ApproverID == actor.ID:
			return nil, verification.ErrSameApprover
		}
		if err := s.claims.MayDecide(ctx, actor, v, true); err != nil {
			return nil, err
		}
		now := s.clock.Now()
		if err := s.firsts.SendBack(ctx, id, SendBack{ByID: actor.ID, At: now, Note: note}); err != nil {
			return nil, err
		}
		return v, recordAt(ctx, s.audit, actor, v, "send-back", v.Status(),
			fmt.Sprintf("first approval by %s sent back: %s", first.ApproverEmail, note), now)
	})
}

// approvalStep is what an administrator's approval of v is, in the approval's transaction: one
// that issues the certificate (issue), or under four eyes the first of two, recorded as awaiting
// second review with nothing issued. A confirmation of another administrator's first approval
// issues, and confirms names that approval for the audit trail; the same administrator is
// refused. An approval that issues ends any first approval (also one left from before FOUR_EYES
// was turned off).
func (s *Admin) approvalStep(ctx context.Context, actor *User, v *verification.Verification) (issue bool, confirms string, err error) {
	first, err := s.firsts.Get(ctx, v.ID())
	if err != nil {
		return false, "", err
	}
	covered := s.eyes.Covers(v.Tier())
	if covered && !first.Awaiting() {
		now := s.clock.Now()
		if err := s.firsts.Put(ctx, FirstApproval{VerificationID: v.ID(), ApproverID: actor.ID, ApprovedAt: now}); err != nil {
			return false, "", err
		}
		return false, "", recordAt(ctx, s.audit, actor, v, "first-approval", v.Status(), "awaiting second review", now)
	}
	if covered && first.ApproverID == actor.ID {
		return false, "", verification.ErrSameApprover
	}
	if first.Awaiting() && covered {
		confirms = fmt.Sprintf("second approval, confirming the first by %s on %s", first.ApproverEmail,
			first.ApprovedAt.UTC().Format(ClaimTimeFormat))
	}
	return true, confirms, s.firsts.Delete(ctx, v.ID())
}
