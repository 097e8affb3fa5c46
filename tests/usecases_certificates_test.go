package tests

import (
	"bytes"
	"context"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/cmd/server/app"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// readAll reads and closes a served file.
func readAll(t *testing.T, f *application.File) []byte {
	t.Helper()
	defer f.Content.Close()
	b, err := io.ReadAll(f.Content)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The Client Information Sheet: only an approved verification has one; regenerating replaces the
// stored file; a share link opens a masked copy without signing in until the link expires or the
// certificate is revoked.
func TestUseCaseCISAndShareLinks(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice, mallory := u.applicant("alice@example.com"), u.applicant("mallory@example.com")
		admin := u.reviewer("admin@ttt.example")
		svc := e.Svc.Certificates

		waiting := u.paid(alice, "basic")
		_, err := svc.GenerateCIS(u.ctx, admin, waiting)
		expectTransition(t, "generate the CIS of a verification in review", err)
		_, err = svc.CISForm(u.ctx, alice, waiting)
		expectIs(t, "CIS form of a verification in review", err, application.ErrNoCISForm)
		_, _, err = svc.ShareCIS(u.ctx, alice, waiting)
		expectIs(t, "share the missing CIS form", err, application.ErrNoCISForm)
		_, err = svc.Certificate(u.ctx, alice, waiting)
		expectIs(t, "certificate of a verification in review", err, verification.ErrNotApproved)

		id := u.approved(alice, admin, "top")
		_, _, err = svc.ShareCIS(u.ctx, alice, id)
		expectIs(t, "share before the CIS was generated", err, application.ErrNoCISForm)
		v, err := svc.GenerateCIS(u.ctx, admin, id)
		if err != nil {
			t.Fatalf("generate CIS: %v", err)
		}
		first := v.CISFormPath()
		form, err := svc.CISForm(u.ctx, alice, id)
		if err != nil || form.Path != first || form.GeneratedAt.IsZero() {
			t.Fatalf("CIS form as the owner sees it: %+v, %v; want %q", form, err, first)
		}
		_, err = svc.CISForm(u.ctx, mallory, id)
		expectIs(t, "another applicant's CIS form", err, application.ErrNotFound)
		sheet := readAll(t, mustOpen(t, e, alice, first))
		if !bytes.HasPrefix(sheet, []byte("%PDF-")) {
			t.Fatalf("stored CIS starts %q, want a PDF", sheet[:min(len(sheet), 16)])
		}

		v, err = svc.GenerateCIS(u.ctx, admin, id)
		if err != nil {
			t.Fatalf("regenerate CIS: %v", err)
		}
		if second := v.CISFormPath(); second == first || second == "" {
			t.Fatalf("regenerated CIS stored at %q, want a new place (was %q)", second, first)
		}
		_, err = e.Blobs.Stat(u.ctx, first)
		expectIs(t, "the replaced CIS file", err, application.ErrNotFound)
		_, err = e.Svc.Documents.Open(u.ctx, alice, first)
		expectIs(t, "opening the replaced CIS", err, application.ErrNotFound)

		_, _, err = svc.ShareCIS(u.ctx, mallory, id)
		expectIs(t, "another applicant sharing the CIS", err, application.ErrNotFound)
		sharedAt := e.clock.Now()
		token, expires, err := svc.ShareCIS(u.ctx, alice, id)
		if err != nil {
			t.Fatal(err)
		}
		if d := expires.Sub(sharedAt); d < app.DefaultShareLinkTTL || d > app.DefaultShareLinkTTL+time.Second {
			t.Errorf("share link expires %v after it was made, want %v", d, app.DefaultShareLinkTTL)
		}
		f, err := svc.OpenSharedCIS(u.ctx, token)
		if err != nil {
			t.Fatalf("open shared CIS: %v", err)
		}
		if f.Name != "CIS-"+v.PublicID()+".pdf" || f.ContentType != "application/pdf" {
			t.Errorf("shared file named %q as %s", f.Name, f.ContentType)
		}
		// The link serves the counterparty's copy, rendered with identity and account numbers masked,
		// not the complete stored sheet (tests/share_links_test.go reads what it shows).
		if b := readAll(t, f); !bytes.HasPrefix(b, []byte("%PDF-")) || bytes.Equal(b, readAll(t, mustOpen(t, e, alice, v.CISFormPath()))) {
			t.Error("the share link serves the complete stored CIS, want the masked copy")
		}
		_, err = svc.OpenSharedCIS(u.ctx, token+"x")
		expectIs(t, "a token nobody issued", err, application.ErrNotFound)

		e.clock.Advance(app.DefaultShareLinkTTL)
		_, err = svc.OpenSharedCIS(u.ctx, token)
		expectIs(t, "the link once its time is up", err, application.ErrLinkExpired)

		fresh, _, err := svc.ShareCIS(u.ctx, alice, id)
		if err != nil {
			t.Fatal(err)
		}
		if f, err := svc.OpenSharedCIS(u.ctx, fresh); err != nil {
			t.Fatalf("a fresh link: %v", err)
		} else {
			readAll(t, f)
		}
		if _, err := e.Svc.Admin.Revoke(u.ctx, admin, id, "Fraud"); err != nil {
			t.Fatal(err)
		}
		_, err = svc.OpenSharedCIS(u.ctx, fresh)
		expectIs(t, "a link to a revoked certificate", err, verification.ErrNoLongerVouches)

		if diff := cmp.Diff(map[string]int{"generate-cis": 2, "share-cis": 2, "revoke-share": 1},
			pick(u.actions(id), "generate-cis", "share-cis", "revoke-share")); diff != "" {
			t.Errorf("audit (-want +got):\n%s", diff)
		}
	})
}

// The public page shows an approved verification's public fields only, and nothing of others.
func TestUseCasePublicCertificate(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice := u.applicant("alice@example.com")
		admin := u.reviewer("admin@ttt.example")
		svc := e.Svc.Certificates

		waiting := u.state(alice, u.paid(alice, "basic"))
		_, err := svc.Public(u.ctx, waiting.PublicID)
		expectIs(t, "public page of a verification in review", err, application.ErrNotAvailable)
		_, err = svc.PublicDocuments(u.ctx, waiting.PublicID)
		expectIs(t, "public documents of a verification in review", err, application.ErrNotAvailable)
		_, err = svc.Public(u.ctx, "nosuchpublicid")
		expectIs(t, "public page of an unknown id", err, application.ErrNotFound)

		id := u.approved(alice, admin, "top")
		s := u.state(alice, id)
		cert, err := svc.Public(u.ctx, s.PublicID)
		if err != nil {
			t.Fatal(err)
		}
		want := &application.PublicCertificate{PublicID: s.PublicID, CompanyName: ucCompany.CompanyName,
			RegistrationNumber: ucCompany.RegistrationNumber, Country: ucCompany.CountryOfIncorporation,
			RegisteredAddress: ucCompany.RegisteredAddress, Email: ucCompany.Email, Tier: verification.Top,
			Checks: []verification.CertificateCheck{verification.ReviewCheck(*s.ApprovedAt), kycClaim(cert, 1)}, VerifiedAt: *s.ApprovedAt, ExpiresAt: *s.ExpiresAt,
			Status: verification.CertificateValid, Fingerprint: cert.Fingerprint,
			Signer: application.SignerInfo{Name: "TTT Verify (test signature)", Test: true}}
		// Renditions are the adapters' encodings of this view, not part of it.
		if diff := cmp.Diff(want, cert, cmp.AllowUnexported(verification.Tier{}),
			cmpopts.IgnoreFields(application.PublicCertificate{}, "Renditions")); diff != "" {
			t.Errorf("public certificate (-want +got):\n%s", diff)
		}
		if len(cert.Fingerprint) < 16 {
			t.Errorf("fingerprint %q is too short to check a PDF against", cert.Fingerprint)
		}
		docs, err := svc.PublicDocuments(u.ctx, s.PublicID)
		if err != nil {
			t.Fatal(err)
		}
		var types []string
		for _, d := range docs {
			types = append(types, d.Type.String())
		}
		if diff := cmp.Diff([]string{"passport", "incorporation_certificate", "business_license", "shareholder_info"}, types); diff != "" {
			t.Errorf("public document types, oldest first (-want +got):\n%s", diff)
		}
		pdf, err := svc.Certificate(u.ctx, alice, id)
		if err != nil {
			t.Fatal(err)
		}
		if b := readAll(t, pdf); !bytes.HasPrefix(b, []byte("%PDF-")) || pdf.Name != "TTT-Certificate-"+s.PublicID+".pdf" {
			t.Errorf("certificate %q starts %q, want a PDF named for the public id", pdf.Name, b[:min(len(b), 8)])
		}

		e.clock.Advance(366 * 24 * time.Hour)
		if cert, err := svc.Public(u.ctx, s.PublicID); err != nil || cert.Status != verification.CertificateExpired {
			t.Errorf("public certificate a year and a day later: %+v, %v; want expired", cert, err)
		}
	})
}

// mustOpen opens a stored file as actor through the download use case.
func mustOpen(t *testing.T, e *env, actor *application.User, key string) *application.File {
	t.Helper()
	f, err := e.Svc.Documents.Open(t.Context(), actor, key)
	if err != nil {
		t.Fatalf("open %s: %v", key, err)
	}
	return f
}

// pick keeps the named keys of counts.
func pick(counts map[string]int, keys ...string) map[string]int {
	out := map[string]int{}
	for _, k := range keys {
		out[k] = counts[k]
	}
	return out
}

// A public read while a revocation is being committed sees the old state, as it must, but the
// cache does not keep it: the first read after the commit shows the revocation.
func TestUseCasePublicCacheForgetsAfterCommit(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice, admin := u.applicant("alice@example.com"), u.reviewer("admin@ttt.example")
		id := u.approved(alice, admin, "basic")
		publicID := u.state(alice, id).PublicID
		err := persistence.NewTransactor(e.DB).WithinTx(u.ctx, func(ctx context.Context) error {
			if _, err := e.Svc.Admin.Revoke(ctx, admin, id, "Fraud"); err != nil {
				return err
			}
			// Another request, outside the transaction, reads the certificate before the commit.
			if cert, err := e.Svc.Certificates.Public(u.ctx, publicID); err != nil || cert.Status != verification.CertificateValid {
				t.Errorf("read during the revocation: %+v, %v; want the committed state, valid", cert, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if cert, err := e.Svc.Certificates.Public(u.ctx, publicID); err != nil || cert.Status != verification.CertificateRevoked {
			t.Fatalf("read after the commit: %+v, %v; want revoked", cert, err)
		}
	})
}

// The CIS job queued by an approval makes no sheet for a certificate revoked or expired before it
// ran: the sheet would read "Valid until …" for a company the certificate no longer vouches for.
func TestUseCaseCISJobSkipsACertificateThatNoLongerVouches(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice, bob := u.applicant("alice@example.com"), u.applicant("bob@example.com")
		admin := u.reviewer("admin@ttt.example")
		revoked := u.approved(alice, admin, "basic")
		if _, err := e.Svc.Admin.Revoke(u.ctx, admin, revoked, "Fraud"); err != nil {
			t.Fatal(err)
		}
		expired := u.approved(bob, admin, "basic")
		e.clock.Advance(366 * 24 * time.Hour)
		for _, c := range []struct {
			name  string
			owner *application.User
			id    int64
		}{{"revoked", alice, revoked}, {"expired", bob, expired}} {
			if err := e.Svc.Certificates.GenerateCISOnApproval(u.ctx, c.id); err != nil {
				t.Errorf("%s: the job failed (%v), want it done with nothing to make", c.name, err)
			}
			if s := u.state(c.owner, c.id); s.CISFormPath != "" || u.actions(c.id)["generate-cis"] != 0 {
				t.Errorf("%s: the job made a CIS at %q", c.name, s.CISFormPath)
			}
		}
	})
}

// Certificates read for the first time at once are read together: each answers what it would
// alone, whatever else was read with it (a Top certificate's screening run and registry checks, a
// Basic one's review, one in review not available, an unknown one not found), and the checks of
// several verifications read in one call are each one's own.
func TestUseCasePublicCertificatesReadTogether(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice := u.applicant("alice@example.com")
		admin := u.reviewer("admin@ttt.example")
		ids := []int64{u.approved(alice, admin, "top"), u.approved(alice, admin, "basic"), u.approved(alice, admin, "top")}
		// The second Top certificate's VAT number was confirmed by the register; the first's was not checked.
		vat := application.RegistryCheckRecord{VerificationID: ids[2], RegistryCheck: screening.RegistryCheck{Registry: screening.RegistryVIES,
			Identifier: "DE123456789", Outcome: screening.RegistryMatch, Summary: "valid", CheckedAt: e.clock.Now()}}
		if err := persistence.NewRegistryChecks(e.DB).Add(u.ctx, &vat); err != nil {
			t.Fatal(err)
		}
		vs := make([]*verification.Verification, len(ids))
		for i, id := range ids {
			v, err := persistence.NewVerifications(e.DB).Get(u.ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			vs[i] = v
		}
		now := e.clock.Now()
		together, err := e.Svc.TopChecks.Claims(u.ctx, vs, now)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range vs {
			alone, err := e.Svc.TopChecks.Claims(u.ctx, []*verification.Verification{v}, now)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(alone[v.ID()], together[v.ID()], cmp.AllowUnexported(verification.Tier{})); diff != "" {
				t.Errorf("checks of %s %d read with others (-alone +together):\n%s", v.Tier(), v.ID(), diff)
			}
			// the review; KYC; the confirmed VAT number
			if want := []int{2, 1, 3}[i]; len(together[v.ID()]) != want {
				t.Errorf("%s %d states %d checks, want %d: %+v", v.Tier(), v.ID(), len(together[v.ID()]), want, together[v.ID()])
			}
		}

		waiting := u.state(alice, u.paid(alice, "basic")).PublicID
		publicIDs := []string{waiting, "nosuchpublicid"}
		for _, v := range vs {
			publicIDs = append(publicIDs, v.PublicID())
		}
		type answer struct {
			cert *application.PublicCertificate
			err  error
		}
		answers := make([][]answer, 8)
		var wg sync.WaitGroup
		for round := range answers {
			answers[round] = make([]answer, len(publicIDs))
			for i, id := range publicIDs {
				wg.Go(func() {
					cert, err := e.Svc.Certificates.Public(u.ctx, id)
					answers[round][i] = answer{cert, err}
				})
			}
		}
		wg.Wait()
		for _, round := range answers {
			expectIs(t, "a verification in review among others", round[0].err, application.ErrNotAvailable)
			expectIs(t, "an unknown id among others", round[1].err, application.ErrNotFound)
			for i, v := range vs {
				got := round[2+i]
				if got.err != nil || got.cert.PublicID != v.PublicID() || got.cert.Tier != v.Tier() ||
					!cmp.Equal(got.cert.Checks, together[v.ID()], cmp.AllowUnexported(verification.Tier{})) {
					t.Errorf("certificate %s read with others: %+v, %v; want its own checks %+v", v.PublicID(), got.cert, got.err, together[v.ID()])
				}
			}
		}
	})
}
