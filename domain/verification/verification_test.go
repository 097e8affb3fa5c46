package verification

import (
	"errors"
	"testing"
	"time"
)

var now = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

var complete = Completeness{HasCompany: true, Representatives: 1, HasBanking: true, HasTrade: true,
	DocumentTypes: []DocumentType{IncorporationCertificate, BusinessLicense, ShareholderInfo}}

// inStatus builds a verification in the given status, paid or not.
func inStatus(st Status, paid bool) *Verification {
	v, _ := New(1, Basic, now)
	s := v.Snapshot()
	s.Status = st
	if paid {
		s.Payment = Payment{Status: PaymentPaid, Amount: 4900, ID: "pi_1"}
	}
	return Restore(s)
}

// TestTransitions runs every action from every status and checks the resulting status or error.
func TestTransitions(t *testing.T) {
	actions := map[string]func(v *Verification) error{
		"submit":   func(v *Verification) error { return v.Submit(complete, now) },
		"pay":      func(v *Verification) error { return v.MarkPaid(4900, "pi_2", now) },
		"approve":  func(v *Verification) error { return v.Approve(now) },
		"reject":   func(v *Verification) error { return v.Reject("Blurry passport", now) },
		"resubmit": func(v *Verification) error { return v.Resubmit(now) },
	}
	// want[action][status] is the status after the action, or the zero Status when it must fail.
	want := map[string]map[Status]Status{
		"submit":   {Draft: Submitted},
		"pay":      {Submitted: InReview},
		"approve":  {Submitted: Approved, InReview: Approved},
		"reject":   {Submitted: Rejected, InReview: Rejected},
		"resubmit": {Rejected: Draft},
	}
	for name, act := range actions {
		for _, from := range Statuses {
			t.Run(name+"/"+from.String(), func(t *testing.T) {
				v := inStatus(from, false)
				err := act(v)
				to, legal := want[name][from]
				if legal {
					if err != nil {
						t.Fatalf("%s from %s: unexpected error %v", name, from, err)
					}
					if v.Status() != to {
						t.Fatalf("%s from %s: status %s, want %s", name, from, v.Status(), to)
					}
					return
				}
				if err == nil {
					t.Fatalf("%s from %s: succeeded, want refusal", name, from)
				}
				if v.Status() != from {
					t.Fatalf("%s from %s: refused but status changed to %s", name, from, v.Status())
				}
			})
		}
	}
}

func TestSubmitIncompleteNamesMissingSections(t *testing.T) {
	v := inStatus(Draft, false)
	err := v.Submit(Completeness{HasCompany: true, DocumentTypes: []DocumentType{BusinessLicense}}, now)
	var inc IncompleteError
	if !errors.As(err, &inc) {
		t.Fatalf("want IncompleteError, got %v", err)
	}
	wantMissing := []string{"representatives", "banking information", "trade information",
		"documents (incorporation_certificate)", "documents (shareholder_info)"}
	if len(inc.Missing) != len(wantMissing) {
		t.Fatalf("missing = %v, want %v", inc.Missing, wantMissing)
	}
	for i := range wantMissing {
		if inc.Missing[i] != wantMissing[i] {
			t.Fatalf("missing = %v, want %v", inc.Missing, wantMissing)
		}
	}
	if v.Status() != Draft {
		t.Fatalf("status %s after refused submit", v.Status())
	}
}

func TestResubmittedPaidVerificationSkipsPayment(t *testing.T) {
	v := inStatus(Rejected, true)
	if err := v.Resubmit(now); err != nil {
		t.Fatal(err)
	}
	if err := v.Submit(complete, now); err != nil {
		t.Fatal(err)
	}
	if v.Status() != InReview {
		t.Fatalf("status %s, want in_review (no second charge)", v.Status())
	}
	if err := v.MarkPaid(4900, "pi_x", now); !errors.Is(err, ErrAlreadyPaid) {
		t.Fatalf("second payment: %v, want ErrAlreadyPaid", err)
	}
}

func TestRejectNeedsReason(t *testing.T) {
	for _, reason := range []string{"", "   ", "\t\n"} {
		v := inStatus(InReview, true)
		if err := v.Reject(reason, now); !errors.Is(err, ErrReasonRequired) {
			t.Fatalf("reject %q: %v, want ErrReasonRequired", reason, err)
		}
	}
	v := inStatus(InReview, true)
	if err := v.Reject("  Passport expired  ", now); err != nil || v.RejectionReason() != "Passport expired" {
		t.Fatalf("reason %q, err %v", v.RejectionReason(), err)
	}
}

func TestApproveSetsValidity(t *testing.T) {
	v := inStatus(InReview, true)
	if err := v.Approve(now); err != nil {
		t.Fatal(err)
	}
	s := v.Snapshot()
	if s.ApprovedAt == nil || !s.ApprovedAt.Equal(now) || s.ExpiresAt == nil || !s.ExpiresAt.Equal(now.AddDate(1, 0, 0)) {
		t.Fatalf("approvedAt %v expiresAt %v", s.ApprovedAt, s.ExpiresAt)
	}
}

// TestApprovalKeepsARevocation: a revoked certificate back in review (an upgrade paid before upgrades
// of revoked certificates were refused) stays revoked when approved again.
func TestApprovalKeepsARevocation(t *testing.T) {
	s := inStatus(InReview, true).Snapshot()
	s.RevokedAt, s.RevokedReason = &now, "Documents found forged"
	v := Restore(s)
	if err := v.Approve(now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if st, _ := v.CertificateStatus(now.Add(time.Hour)); st != CertificateRevoked || v.Snapshot().RevokedReason != "Documents found forged" {
		t.Fatalf("after approval: %s, reason %q; want still revoked", st, v.Snapshot().RevokedReason)
	}
}

func TestDeleteRules(t *testing.T) {
	cases := []struct {
		status  Status
		paid    bool
		byAdmin bool
		ok      bool
	}{
		{Draft, false, false, true},
		{Draft, true, false, false}, // reopened after rejection: already paid for
		{Submitted, false, false, false},
		{InReview, true, false, false},
		{Approved, true, false, false},
		{Rejected, true, false, false},
		{Approved, true, true, true},
		{Submitted, false, true, true},
	}
	for _, c := range cases {
		v := inStatus(c.status, c.paid)
		err := v.Delete(c.byAdmin, now)
		if (err == nil) != c.ok {
			t.Errorf("delete %s paid=%v admin=%v: err %v, want ok=%v", c.status, c.paid, c.byAdmin, err, c.ok)
		}
		if c.ok && !v.Deleted() {
			t.Errorf("delete %s: not marked deleted", c.status)
		}
		if !c.ok && !errors.Is(err, ErrNotDeletable) {
			t.Errorf("delete %s: %v, want ErrNotDeletable", c.status, err)
		}
	}
	v := inStatus(Draft, false)
	_ = v.Delete(false, now)
	if err := v.Submit(complete, now); !errors.Is(err, ErrDeleted) {
		t.Fatalf("submit after delete: %v, want ErrDeleted", err)
	}
}

func TestEditableOnlyInDraft(t *testing.T) {
	for _, st := range Statuses {
		err := inStatus(st, false).EnsureEditable()
		if (err == nil) != (st == Draft) {
			t.Errorf("EnsureEditable in %s: %v", st, err)
		}
	}
}

func TestProgress(t *testing.T) {
	cases := []struct {
		c    Completeness
		want int
	}{
		{Completeness{}, 0},
		{Completeness{HasCompany: true}, 20},
		{Completeness{HasCompany: true, Representatives: 2}, 40},
		{Completeness{HasCompany: true, Representatives: 1, HasBanking: true}, 60},
		{Completeness{HasCompany: true, Representatives: 1, HasBanking: true, HasTrade: true,
			DocumentTypes: []DocumentType{IncorporationCertificate, BusinessLicense}}, 80},
		{complete, 100},
	}
	for _, c := range cases {
		if got := c.c.Progress(); got != c.want {
			t.Errorf("progress %+v = %d, want %d", c.c, got, c.want)
		}
	}
}

func TestParseRejectsUnknownValues(t *testing.T) {
	if _, err := ParseStatus("approved "); !errors.Is(err, ErrUnknownValue) {
		t.Error("status with trailing space accepted")
	}
	if _, err := ParseTier("premium"); !errors.Is(err, ErrUnknownValue) {
		t.Error("tier premium accepted")
	}
	if _, err := ParseDocumentType("../passport"); !errors.Is(err, ErrUnknownValue) {
		t.Error("document type accepted")
	}
}

func TestPublicIDsAreUnguessable(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := NewPublicID()
		if len(id) != 26 || seen[id] {
			t.Fatalf("public id %q: length %d, duplicate %v", id, len(id), seen[id])
		}
		seen[id] = true
	}
}

// TestReviewSince: the wait for a decision starts on payment, again on a paid resubmission and on
// a paid upgrade that reopens an approval, and nothing else moves it.
func TestReviewSince(t *testing.T) {
	paid, later, latest := now.Add(time.Hour), now.Add(48*time.Hour), now.Add(96*time.Hour)
	v := inStatus(Submitted, false)
	if v.ReviewSince() != nil {
		t.Fatalf("review since %v before payment", v.ReviewSince())
	}
	if err := v.MarkPaid(4900, "pi_1", paid); err != nil {
		t.Fatal(err)
	}
	if got := v.ReviewSince(); got == nil || !got.Equal(paid) {
		t.Fatalf("review since %v, want the payment %v", got, paid)
	}
	if err := v.Reject("Blurred passport", later); err != nil {
		t.Fatal(err)
	}
	if err := v.Resubmit(later); err != nil {
		t.Fatal(err)
	}
	if got := v.ReviewSince(); !got.Equal(paid) {
		t.Fatalf("review since %v after a rejection, want %v", got, paid)
	}
	if err := v.Submit(complete, latest); err != nil {
		t.Fatal(err)
	}
	if got := v.ReviewSince(); !got.Equal(latest) {
		t.Fatalf("review since %v after a paid resubmission, want %v", got, latest)
	}
	if got := Restore(v.Snapshot()).ReviewSince(); !got.Equal(latest) {
		t.Fatalf("restored review since %v", got)
	}
	if err := v.Approve(latest.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	upgraded := latest.Add(72 * time.Hour)
	if err := v.CompletePaidUpgrade(10000, "pi_2", upgraded); err != nil {
		t.Fatal(err)
	}
	if got := v.ReviewSince(); !got.Equal(upgraded) {
		t.Fatalf("review since %v after a paid upgrade, want %v", got, upgraded)
	}
}
