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
