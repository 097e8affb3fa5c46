package tests

import (
	"context"
	"fmt"
	"testing"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// screenQueued works every queued screening run at once, as the job workers would, for tests
// that run no workers.
func (e *env) screenQueued(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	var ids []int64
	if err := e.DB.NewSelect().Table("screening_runs").Column("id").Where("status IN (?, ?)", screening.RunPending,
		screening.RunFailed).OrderExpr("id").Scan(ctx, &ids); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if err := e.Svc.TopChecks.Run(ctx, id); err != nil {
			t.Fatalf("screening run %d: %v", id, err)
		}
	}
}

// clearScreening lets a reviewer approve a Top verification screened with no lists loaded: the
// queued runs are worked and the missing PEP list is acknowledged.
func (e *env) clearScreening(t *testing.T, reviewer *application.User, id int64) {
	t.Helper()
	e.screenQueued(t)
	if _, err := e.Svc.TopChecks.AcknowledgePEP(context.Background(), reviewer, id, "No PEP list licensed in this test"); err != nil {
		t.Fatalf("acknowledge PEP of %d: %v", id, err)
	}
}

// kycClaim is the KYC check a certificate screened with no list loaded states, dated as cert's.
// Sanctions, PEP and jurisdiction checks could not run, so the certificate must not claim them.
func kycClaim(cert *application.PublicCertificate, reps int) verification.CertificateCheck {
	c := verification.CertificateCheck{Kind: "kyc", Label: "KYC", Result: "checked"}
	for _, got := range cert.Checks {
		if got.Kind == "kyc" {
			c.Date = got.Date
		}
	}
	c.Text = fmt.Sprintf("KYC: %d representative%s checked (passport, age, nationality). Checked %s", reps,
		map[bool]string{true: "s"}[reps != 1], screening.ShortDate(c.Date))
	return c
}
