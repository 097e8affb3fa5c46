package tests

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// Two reviewers decide the same verification at the same moment, one approving, one rejecting:
// exactly one decision stands and the other reviewer is told the verification changed.
func TestUseCaseApproveRejectRace(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice := u.applicant("alice@example.com")
		ann, ben := u.reviewer("ann@ttt.example"), u.reviewer("ben@ttt.example")
		for round := range 3 {
			id := u.paid(alice, "basic")
			errs := race(
				func() error { _, err := e.Svc.Admin.Approve(u.ctx, ann, id); return err },
				func() error { _, err := e.Svc.Admin.Reject(u.ctx, ben, id, "Licence expired"); return err },
			)
			outcomes := []verification.Status{verification.Approved, verification.Rejected}
			var won []verification.Status
			for i, err := range errs {
				switch {
				case err == nil:
					won = append(won, outcomes[i])
				case !isRefusedTransition(err):
					t.Errorf("round %d: %s: %v, want success, a transition error or ErrConflict", round, outcomes[i], err)
				}
			}
			if len(won) != 1 {
				t.Fatalf("round %d: %d decisions won (%v), want exactly one", round, len(won), won)
			}
			s := u.expect(alice, id, won[0], verification.PaymentPaid)
			if (won[0] == verification.Rejected) != (s.RejectionReason == "Licence expired") || (won[0] == verification.Approved) != (s.ApprovedAt != nil) {
				t.Errorf("round %d: %s with reason %q approved at %v: the loser's decision left traces", round, s.Status, s.RejectionReason, s.ApprovedAt)
			}
			if a := u.actions(id); a["approve"]+a["reject"] != 1 {
				t.Errorf("round %d: audit %v, want one decision", round, a)
			}
		}
	})
}

// An applicant who double-clicks "Submit" (or submits from two tabs) submits once.
func TestUseCaseConcurrentSubmit(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice := u.applicant("alice@example.com")
		id := u.draft(alice, "basic")
		u.fill(alice, id, ucEverySection...)
		submit := func() error { _, err := e.Svc.Verifications.Submit(u.ctx, alice, id); return err }
		errs := race(submit, submit, submit)
		ok := 0
		for i, err := range errs {
			switch {
			case err == nil:
				ok++
			case !isRefusedTransition(err):
				t.Errorf("submit %d: %v, want success, a transition error or ErrConflict", i, err)
			}
		}
		if ok != 1 {
			t.Errorf("%d submits succeeded, want exactly one", ok)
		}
		u.expect(alice, id, verification.Submitted, verification.PaymentPending)
		if a := u.actions(id); a["submit"] != 1 {
			t.Errorf("audit %v, want one submit", a)
		}
		u.expectStats("after the raced submits", map[string]int{"submitted": 1})
	})
}

// The review cycle: a rejection names its reason, the applicant reopens, corrects and resubmits
// without paying again, approval issues a certificate valid for twelve months, and a revocation
// withdraws it. Every step is in the audit trail, in order.
func TestUseCaseReviewCycle(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice, mallory := u.applicant("alice@example.com"), u.applicant("mallory@example.com")
		admin := u.reviewer("admin@ttt.example")

		draft := u.draft(alice, "basic")
		_, err := e.Svc.Admin.Approve(u.ctx, admin, draft)
		expectTransition(t, "approve a draft", err)
		_, err = e.Svc.Admin.Reject(u.ctx, admin, draft, "Too early")
		expectTransition(t, "reject a draft", err)

		id := u.paid(alice, "basic")
		_, err = e.Svc.Admin.Reject(u.ctx, admin, id, "   ")
		expectIs(t, "reject without a reason", err, verification.ErrReasonRequired)
		u.expect(alice, id, verification.InReview, verification.PaymentPaid)

		if _, err := e.Svc.Admin.Reject(u.ctx, admin, id, "  The business licence has expired  "); err != nil {
			t.Fatal(err)
		}
		s := u.expect(alice, id, verification.Rejected, verification.PaymentPaid)
		if s.RejectionReason != "The business licence has expired" {
			t.Errorf("the applicant reads the reason %q, want it trimmed", s.RejectionReason)
		}
		_, err = e.Svc.Sections.SaveTrade(u.ctx, alice, id, ucTrade)
		expectIs(t, "edit a rejected verification before reopening it", err, verification.ErrNotEditable)
		_, err = e.Svc.Verifications.Resubmit(u.ctx, mallory, id)
		expectIs(t, "another applicant reopening it", err, application.ErrNotFound)

		if _, err := e.Svc.Verifications.Resubmit(u.ctx, alice, id); err != nil {
			t.Fatal(err)
		}
		s = u.expect(alice, id, verification.Draft, verification.PaymentPaid)
		if s.RejectionReason == "" {
			t.Error("the rejection reason disappeared on reopening; it stays visible until the next submit")
		}
		err = e.Svc.Verifications.Delete(u.ctx, alice, id)
		expectIs(t, "delete a paid draft", err, verification.ErrNotDeletable)
		u.fill(alice, id, ucUpload(verification.BusinessLicense))
		if _, err := e.Svc.Verifications.Submit(u.ctx, alice, id); err != nil {
			t.Fatal(err)
		}
		s = u.expect(alice, id, verification.InReview, verification.PaymentPaid) // paid once: straight back to review
		if s.RejectionReason != "" || s.Payment.Amount != 4900 {
			t.Errorf("after resubmission: reason %q, paid %d; want no reason and the first payment kept", s.RejectionReason, s.Payment.Amount)
		}
		_, err = e.Svc.Payments.CreatePaymentIntent(u.ctx, alice, id, "", application.PurposeVerification)
		expectIs(t, "pay again after resubmission", err, verification.ErrAlreadyPaid)

		approvedAt := e.clock.Now()
		if _, err := e.Svc.Admin.Approve(u.ctx, admin, id); err != nil {
			t.Fatal(err)
		}
		s = u.expect(alice, id, verification.Approved, verification.PaymentPaid)
		if s.ApprovedAt == nil || s.ExpiresAt == nil || s.ApprovedAt.Sub(approvedAt) > time.Second ||
			!s.ExpiresAt.Equal(s.ApprovedAt.AddDate(0, 12, 0)) {
			t.Errorf("approved at %v, expires %v: want approved now, valid for twelve months", s.ApprovedAt, s.ExpiresAt)
		}
		_, err = e.Svc.Admin.Approve(u.ctx, admin, id)
		expectTransition(t, "approve twice", err)
		_, err = e.Svc.Admin.Reject(u.ctx, admin, id, "Changed my mind")
		expectTransition(t, "reject an approved verification", err)
		_, err = e.Svc.Verifications.Resubmit(u.ctx, alice, id)
		expectTransition(t, "reopen an approved verification", err)
		cert, err := e.Svc.Certificates.Public(u.ctx, s.PublicID)
		if err != nil || cert.Status != verification.CertificateValid || cert.CompanyName != ucCompany.CompanyName {
			t.Fatalf("public certificate %+v, %v; want a valid certificate of %s", cert, err, ucCompany.CompanyName)
		}

		// A revocation needs a reason (whatever its wording) and leaves the review's outcome alone.
		if _, err := e.Svc.Admin.Revoke(u.ctx, admin, id, " "); err == nil {
			t.Error("revocation without a reason was accepted")
		}
		if _, err := e.Svc.Admin.Revoke(u.ctx, admin, id, "Registry shows the company dissolved"); err != nil {
			t.Fatal(err)
		}
		s = u.expect(alice, id, verification.Approved, verification.PaymentPaid)
		if s.RevokedAt == nil || s.RevokedReason != "Registry shows the company dissolved" {
			t.Errorf("revoked at %v for %q", s.RevokedAt, s.RevokedReason)
		}
		_, err = e.Svc.Admin.Revoke(u.ctx, admin, id, "Again")
		expectIs(t, "revoke twice", err, verification.ErrAlreadyRevoked)
		e.clock.Advance(time.Minute) // past the public page's cache
		if cert, err := e.Svc.Certificates.Public(u.ctx, s.PublicID); err != nil || cert.Status != verification.CertificateRevoked || cert.RevokedAt == nil {
			t.Errorf("public certificate after revocation: %+v, %v; want revoked", cert, err)
		}

		want := []string{"create", "submit", "payment.succeeded", "reject", "resubmit", "submit", "approve", "revoke"}
		if diff := cmp.Diff(want, u.trail(id)); diff != "" {
			t.Errorf("audit trail (-want +got):\n%s", diff)
		}
	})
}

// The admin status counts follow a verification through its life, deletion included.
func TestUseCaseStatsFollowTheLifecycle(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice, bob := u.applicant("alice@example.com"), u.applicant("bob@example.com")
		admin := u.reviewer("admin@ttt.example")
		u.expectStats("no verifications", nil)

		a := u.draft(alice, "basic")
		b := u.draft(bob, "top")
		u.expectStats("two drafts", map[string]int{"draft": 2})
		u.fill(alice, a, ucEverySection...)
		if _, err := e.Svc.Verifications.Submit(u.ctx, alice, a); err != nil {
			t.Fatal(err)
		}
		u.expectStats("one submitted", map[string]int{"draft": 1, "submitted": 1})
		in, err := e.Svc.Payments.CreatePaymentIntent(u.ctx, alice, a, "", application.PurposeVerification)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Svc.Payments.ConfirmCard(u.ctx, alice, in.IntentID, ucGoodCard); err != nil {
			t.Fatal(err)
		}
		u.expectStats("one paid", map[string]int{"draft": 1, "in_review": 1})
		if _, err := e.Svc.Admin.Reject(u.ctx, admin, a, "Blurry scan"); err != nil {
			t.Fatal(err)
		}
		u.expectStats("one rejected", map[string]int{"draft": 1, "rejected": 1})
		if err := e.Svc.Verifications.Delete(u.ctx, bob, b); err != nil {
			t.Fatal(err)
		}
		u.expectStats("bob's draft deleted", map[string]int{"rejected": 1})
		if err := e.Svc.Verifications.Delete(u.ctx, admin, a); err != nil {
			t.Fatal(err)
		}
		u.expectStats("alice's deleted by an administrator", nil)
		items, total, err := e.Svc.Admin.List(u.ctx, admin, application.VerificationFilter{Page: 1, PageSize: 10})
		if err != nil || total != 0 || len(items) != 0 {
			t.Errorf("admin list after both deletions: %d items, total %d, %v; want none", len(items), total, err)
		}
	})
}

// expectTransition fails unless err is the state machine's refusal.
func expectTransition(t *testing.T, what string, err error) {
	t.Helper()
	var transition verification.TransitionError
	if !errors.As(err, &transition) {
		t.Errorf("%s: %v, want a verification.TransitionError", what, err)
	}
}
