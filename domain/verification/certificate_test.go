package verification

import (
	"errors"
	"testing"
	"time"
)

func TestReinstateNeedsARevocationAndAReason(t *testing.T) {
	v := inStatus(InReview, true)
	if err := v.Approve(now); err != nil {
		t.Fatal(err)
	}
	if err := v.Reinstate("Mistake", now); !errors.Is(err, ErrNotRevoked) {
		t.Fatalf("reinstate a valid certificate: %v, want ErrNotRevoked", err)
	}
	if err := v.Revoke("Documents found forged", now); err != nil {
		t.Fatal(err)
	}
	if err := v.Reinstate("  ", now); !errors.Is(err, ErrReasonRequired) {
		t.Fatalf("reinstate without a reason: %v, want ErrReasonRequired", err)
	}
	later := now.Add(time.Hour)
	if err := v.Reinstate("The registry had the wrong company", later); err != nil {
		t.Fatal(err)
	}
	if st, _ := v.CertificateStatus(later); st != CertificateValid || v.Snapshot().RevokedAt != nil {
		t.Fatalf("after reinstatement: %s, revoked at %v", st, v.Snapshot().RevokedAt)
	}
}

// TestMayIssueOnlyWhileTheCertificateVouches: the papers of a certificate are refused before the
// approval and, with the reason, once it is revoked or has expired.
func TestMayIssueOnlyWhileTheCertificateVouches(t *testing.T) {
	approved := func() *Verification {
		v := inStatus(InReview, true)
		if err := v.Approve(now); err != nil {
			t.Fatal(err)
		}
		return v
	}
	revoked := approved()
	if err := revoked.Revoke("Documents found forged", now); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		v       *Verification
		at      time.Time
		want    error
		message string
	}{
		{"in review", inStatus(InReview, true), now, ErrNotApproved, "The verification is not approved"},
		{"valid", approved(), now, nil, ""},
		{"valid on its last day", approved(), now.AddDate(1, 0, 0).Add(-time.Second), nil, ""},
		{"expired", approved(), now.AddDate(1, 0, 0), ErrNoLongerVouches, "This certificate is expired, so its CIS is no longer issued"},
		{"revoked", revoked, now, ErrNoLongerVouches, "This certificate is revoked, so its CIS is no longer issued"},
	} {
		err := tc.v.MayIssue(CIS, tc.at)
		if !errors.Is(err, tc.want) || (err != nil && err.Error() != tc.message) {
			t.Errorf("%s: %v, want %v (%q)", tc.name, err, tc.want, tc.message)
		}
	}
}
