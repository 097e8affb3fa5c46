package application

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// Each decision is one transaction (inTx, tx_change.go): load the verification under its lock,
// check, change, save with the audit event, tell the applicant and queue the work that follows.
// A decision that fails leaves no trace: no change, no audit entry, no e-mail, no job.

// ApprovedWithoutPayment is the reason the audit trail gives an approval of an unpaid verification.
const ApprovedWithoutPayment = "approved without payment"

// Approve accepts a submitted or in-review verification. A Top verification waits until its
// screening is settled (ApprovalGate). Under four eyes (FOUR_EYES) the first administrator's
// approval only records itself and a second, different one's confirms it (approvalStep): only the
// confirmation issues what follows. The applicant is told (the VerificationApproved e-mail,
// queued as a SendEmail job, and the bell) and the CIS, which both tiers include, is queued as a
// GenerateCIS job, in the approval's transaction, which also gives the certificate its place in the
// revocation list its credential points into. Approving again a certificate that a paid
// upgrade sent back to review renews it, which its followers hear. Approving an unpaid
// verification is allowed (the spec lets a reviewer waive the fee); its audit entry says
// "approved without payment".
func (s *Admin) Approve(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	if err := mustReview(actor); err != nil {
		return nil, err
	}
	return inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := s.repo.GetForUpdate(ctx, id)
		if err != nil {
			return nil, err
		}
		if err := s.claims.MayDecide(ctx, actor, v, true); err != nil {
			return nil, err
		}
		if err := s.checks.ApprovalBlock(ctx, v); err != nil {
			return nil, err
		}
		issue, confirms, err := s.approvalStep(ctx, actor, v)
		if err != nil {
			return nil, err
		}
		if !issue {
			return v, nil
		}
		from, reasons := v.Status(), []string{}
		renewal := v.Snapshot().ApprovedAt != nil // approved before: a paid upgrade sent it back to review
		if !v.Payment().Paid() {
			reasons = append(reasons, ApprovedWithoutPayment)
		}
		if confirms != "" {
			reasons = append(reasons, confirms)
		}
		reason := strings.Join(reasons, "; ")
		if err := v.Approve(s.clock.Now()); err != nil {
			return nil, err
		}
		if err := saveChange(ctx, s.repo, s.audit, actor, v, "approve", from, reason); err != nil {
			return nil, err
		}
		// The certificate's place in the revocation list, taken now so that its credential's first
		// read only reads. A full list does not hold up an approval: the first read tries again.
		if _, err := s.statuses.Index(ctx, v.ID(), StatusListSize); err != nil && !errors.Is(err, ErrStatusListFull) {
			return nil, err
		}
		expires := deref(v.Snapshot().ExpiresAt)
		if _, err := s.notify.TellOwner(ctx, v, fmt.Sprintf("approved:%d:%d", v.ID(), v.Version()),
			func(company string) EmailData {
				return VerificationApproved{VerificationID: v.ID(), CompanyName: company, PublicID: v.PublicID(),
					CertificateNumber: v.PublicID(), ExpiresAt: expires}
			}); err != nil {
			return nil, err
		}
		if err := s.jobs.Enqueue(ctx, GenerateCIS{VerificationID: v.ID()}); err != nil {
			return nil, err
		}
		if renewal {
			if err := s.follow.Alert(ctx, v, FollowRenewed, deref(v.Snapshot().ApprovedAt)); err != nil {
				return nil, err
			}
		}
		return v, nil
	})
}

// Reject refuses a submitted or in-review verification with a reason the applicant reads in the
// VerificationRejected e-mail; one administrator decides it, also while an approval awaits its
// second review. Refusing the re-review of an upgraded certificate withdraws it,
// which its followers hear (without the reason).
func (s *Admin) Reject(ctx context.Context, actor *User, id int64, reason string) (*verification.Verification, error) {
	if err := mustReview(actor); err != nil {
		return nil, err
	}
	return inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := s.decide(ctx, actor, id, "reject", reason, (*verification.Verification).Reject)
		if err != nil {
			return nil, err
		}
		if err := s.firsts.Delete(ctx, id); err != nil { // one reviewer's rejection ends any first approval
			return nil, err
		}
		_, err = s.notify.TellOwner(ctx, v, fmt.Sprintf("rejected:%d:%d", v.ID(), v.Version()),
			func(company string) EmailData {
				return VerificationRejected{VerificationID: v.ID(), CompanyName: company, Reason: v.RejectionReason(),
					Paid: v.Payment().Paid()}
			})
		if err != nil || v.Snapshot().ApprovedAt == nil {
			return v, err
		}
		// Approved before: a paid upgrade sent it back to review, and its followers were told to wait.
		return v, s.follow.Alert(ctx, v, FollowWithdrawn, v.Snapshot().UpdatedAt)
	})
}

// Revoke withdraws an approved certificate with a reason, told to the applicant in the
// CertificateRevoked e-mail. The CIS's share links go with it, for good (a reinstatement does not
// bring them back), audited as one revoke-share.
func (s *Admin) Revoke(ctx context.Context, actor *User, id int64, reason string) (*verification.Verification, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, err
	}
	return inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := s.decide(ctx, actor, id, "revoke", reason, (*verification.Verification).Revoke)
		if err != nil {
			return nil, err
		}
		withdrawn, err := s.links.RevokeAll(ctx, id, s.clock.Now())
		if err != nil {
			return nil, err
		}
		if withdrawn > 0 {
			what := fmt.Sprintf("%d share links withdrawn with the certificate", withdrawn)
			if err := record(ctx, s.audit, actor, v, "revoke-share", v.Status(), what); err != nil {
				return nil, err
			}
		}
		snap := v.Snapshot()
		_, err = s.notify.TellOwner(ctx, v, fmt.Sprintf("revoked:%d", v.ID()), func(company string) EmailData {
			return CertificateRevoked{VerificationID: v.ID(), CompanyName: company, Reason: snap.RevokedReason,
				RevokedAt: deref(snap.RevokedAt)}
		})
		if err != nil {
			return nil, err
		}
		return v, s.follow.Alert(ctx, v, FollowRevoked, deref(snap.RevokedAt))
	})
}

// Reinstate lifts a revocation that turned out to be wrong, with a reason kept in the audit trail;
// the applicant is not told, the certificate's followers are. The public page shows the
// certificate as valid again at once (the save clears the public cache).
func (s *Admin) Reinstate(ctx context.Context, actor *User, id int64, reason string) (*verification.Verification, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, err
	}
	return inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := s.decide(ctx, actor, id, "reinstate", reason, (*verification.Verification).Reinstate)
		if err != nil {
			return nil, err
		}
		return v, s.follow.Alert(ctx, v, FollowReinstated, v.Snapshot().UpdatedAt)
	})
}

// decide loads verification id under its lock, makes an administrator's decision with its reason,
// and saves it with its audit event, in the transaction ctx carries.
func (s *Admin) decide(ctx context.Context, actor *User, id int64, action, reason string,
	decision func(v *verification.Verification, reason string, now time.Time) error) (*verification.Verification, error) {
	v, err := s.repo.GetForUpdate(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.claims.MayDecide(ctx, actor, v, true); err != nil {
		return nil, err
	}
	from := v.Status()
	if err := decision(v, reason, s.clock.Now()); err != nil {
		return nil, err
	}
	return v, saveChange(ctx, s.repo, s.audit, actor, v, action, from, reason)
}

// deref is the time t points to, or the zero time.
func deref(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}
