package application

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// Errors of the public certificate and share links.
var (
	ErrNotAvailable = errs.Forbidden("This verification is not available")
	ErrLinkExpired  = errs.Gone("This link has expired")
	ErrLinkRevoked  = errs.Gone("This link has been withdrawn by the company that shared it")
	ErrNoCISForm    = errs.NotFound("The CIS form could not be found for this verification.")
)

// Certificates holds the use cases around an approved verification: the public view, the
// certificate PDF, the CIS form and its share links.
type Certificates struct {
	tx        Transactor
	repo      VerificationRepository
	sections  Sections
	docs      Documents
	blobs     BlobStore
	renderer  DocumentRenderer
	links     ShareLinks
	audit     AuditLog
	clock     Clock
	publicURL string
	shareTTL  time.Duration
	log       *slog.Logger
	public    *PublicCache
	pending   PendingObjects
	notify    *Notifier
	checks    *TopChecks
}

// CertificatesConfig is what the certificate use cases need besides their ports.
type CertificatesConfig struct {
	PublicBaseURL string        // origin for the QR code and public link
	ShareTTL      time.Duration // lifetime of a CIS share link
	Log           *slog.Logger
	PublicCache   *PublicCache // nil: every public read goes to the database
	Pending       PendingObjects
}

// NewCertificates wires the certificate use cases.
func NewCertificates(tx Transactor, repo VerificationRepository, sections Sections, docs Documents, blobs BlobStore,
	renderer DocumentRenderer, links ShareLinks, audit AuditLog, clock Clock, cfg CertificatesConfig) *Certificates {
	return &Certificates{tx: tx, repo: repo, sections: sections, docs: docs, blobs: blobs, renderer: renderer, links: links,
		audit: audit, clock: clock, publicURL: cfg.PublicBaseURL, shareTTL: cfg.ShareTTL, log: cfg.Log, public: cfg.PublicCache,
		pending: cfg.Pending}
}

// removeObject removes an object and its journal entry, if any; when the object cannot go, the
// entry stays for the sweeper.
func (s *Certificates) removeObject(key string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.blobs.Delete(ctx, key); err != nil {
		s.log.Error("remove object", "key", key, "error", err)
		return
	}
	if err := s.pending.Done(ctx, key); err != nil {
		s.log.Error("forget removed object", "key", key, "error", err)
	}
}

// certificateData is the certificate's content, the checks it states and its fingerprint for an
// approved verification.
func (s *Certificates) certificateData(ctx context.Context, v *verification.Verification, company *CompanyRecord) (CertificateData, error) {
	checks, err := s.checks.claims(ctx, v, s.clock.Now())
	if err != nil {
		return CertificateData{}, fmt.Errorf("checks of %d: %w", v.ID(), err)
	}
	snap := v.Snapshot()
	var issued, expires time.Time
	if snap.ApprovedAt != nil {
		issued = *snap.ApprovedAt
	}
	if snap.ExpiresAt != nil {
		expires = *snap.ExpiresAt
	}
	content := verification.CertificateContent{CertificateID: v.PublicID(), CompanyName: company.CompanyName,
		RegistrationNumber: company.RegistrationNumber, Country: company.CountryOfIncorporation, Tier: v.Tier(),
		IssuedAt: issued, ExpiresAt: expires}
	return CertificateData{CertificateID: v.PublicID(), PublicURL: s.publicURL + "/v/" + v.PublicID(),
		CompanyName: company.CompanyName, RegistrationNumber: company.RegistrationNumber,
		Country: company.CountryOfIncorporation, RegisteredAddress: company.RegisteredAddress, Email: company.Email,
		TierLabel: v.Tier().Label(), Checks: checks, IssuedAt: issued, ExpiresAt: expires,
		Fingerprint: content.Fingerprint()}, nil
}

// WithNotifier makes a generated CIS tell the applicant.
func (s *Certificates) WithNotifier(n *Notifier) *Certificates { s.notify = n; return s }

// WithChecks makes certificates state the checks that ran.
func (s *Certificates) WithChecks(c *TopChecks) *Certificates { s.checks = c; return s }
