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
	tx         Transactor
	repo       VerificationRepository
	sections   Sections
	docs       Documents
	blobs      BlobStore
	renderer   DocumentRenderer
	links      ShareLinks
	audit      AuditLog
	clock      Clock
	publicURL  string
	shareTTL   time.Duration
	log        *slog.Logger
	public     *PublicCache
	pending    PendingObjects
	notify     OwnerNotifier
	checks     CertificateClaims
	signer     DocumentSigner
	issuer     CredentialIssuer
	statuses   CredentialStatuses
	statusList statusListCache
	misses     *publicMisses
}

// CertificateClaims says which checks approved verifications' certificates state, by verification id
// (TopChecks).
type CertificateClaims interface {
	Claims(ctx context.Context, vs []*verification.Verification, now time.Time) (map[int64][]verification.CertificateCheck, error)
}

// CertificatesDeps are what the certificate use cases need; every field is required (a
// NewPublicCache with a zero ttl keeps nothing, so every public read goes to the database).
type CertificatesDeps struct {
	Tx            Transactor
	Repo          VerificationRepository
	Sections      Sections
	Docs          Documents
	Blobs         BlobStore
	Renderer      DocumentRenderer
	Links         ShareLinks
	Audit         AuditLog
	Clock         Clock
	PublicBaseURL string        // origin for the QR code and public link
	ShareTTL      time.Duration // lifetime of a CIS share link
	Log           *slog.Logger
	PublicCache   *PublicCache
	Pending       PendingObjects
	Notify        OwnerNotifier     // a generated CIS tells the applicant
	Checks        CertificateClaims // certificates state the checks that ran
	Signer        DocumentSigner    // signs every PDF issued
	Credentials   CredentialIssuer  // the certificates' verifiable credentials
	Statuses      CredentialStatuses
}

// NewCertificates wires the certificate use cases.
func NewCertificates(d CertificatesDeps) *Certificates {
	s := &Certificates{tx: d.Tx, repo: d.Repo, sections: d.Sections, docs: d.Docs, blobs: d.Blobs, renderer: d.Renderer,
		links: d.Links, audit: d.Audit, clock: d.Clock, publicURL: d.PublicBaseURL, shareTTL: d.ShareTTL, log: d.Log,
		public: d.PublicCache, pending: d.Pending, notify: d.Notify, checks: d.Checks, signer: d.Signer,
		issuer: d.Credentials, statuses: d.Statuses}
	s.misses = newPublicMisses(s.readPublic)
	return s
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

// certificateOf reads the company of an approved verification and makes its certificate's data.
func (s *Certificates) certificateOf(ctx context.Context, v *verification.Verification) (CertificateData, error) {
	company, err := s.sections.Company(ctx, v.ID())
	if err != nil {
		return CertificateData{}, fmt.Errorf("company of %d: %w", v.ID(), err)
	}
	return s.certificateData(ctx, v, company)
}

// certificateData is the certificate's content, the checks it states and its fingerprint for an
// approved verification.
func (s *Certificates) certificateData(ctx context.Context, v *verification.Verification, company *CompanyRecord) (CertificateData, error) {
	checks, err := s.checks.Claims(ctx, []*verification.Verification{v}, s.clock.Now())
	if err != nil {
		return CertificateData{}, fmt.Errorf("checks of %d: %w", v.ID(), err)
	}
	return s.certificateContent(v, company, checks[v.ID()]), nil
}

// certificateContent is certificateData with the checks the certificate states.
func (s *Certificates) certificateContent(v *verification.Verification, company *CompanyRecord, checks []verification.CertificateCheck) CertificateData {
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
	signer := s.signer.Signer()
	return CertificateData{CertificateID: v.PublicID(), PublicURL: s.publicURL + "/v/" + v.PublicID(), VerifyURL: s.publicURL + "/verify",
		CompanyName: company.CompanyName, RegistrationNumber: company.RegistrationNumber,
		Country: company.CountryOfIncorporation, RegisteredAddress: company.RegisteredAddress, Email: company.Email,
		TierLabel: v.Tier().Label(), Checks: checks, IssuedAt: issued, ExpiresAt: expires,
		Fingerprint: content.Fingerprint(), SignedBy: signer.Name, SignatureNotice: signer.Notice()}
}

// sign signs a PDF the platform issues about the certificate d describes.
func (s *Certificates) sign(ctx context.Context, pdf []byte, what string, d CertificateData) ([]byte, error) {
	signed, err := s.signer.SignPDF(ctx, pdf, PDFSignature{Reason: what + " " + d.CertificateID + " issued by TTT Verify",
		Location: d.PublicURL, Date: s.clock.Now()})
	if err != nil {
		return nil, fmt.Errorf("sign %s of %s: %w", what, d.CertificateID, err)
	}
	return signed, nil
}
