package application

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// Errors of the public certificate and share links.
var (
	ErrNotAvailable = errs.Forbidden("This verification is not available")
	ErrLinkExpired  = errs.Gone("This link has expired")
	ErrNoCISForm    = errs.NotFound("The CIS form could not be found for this verification.")
)

// ShareLink is a temporary, anonymous link to a verification's CIS form.
type ShareLink struct {
	ID             int64
	VerificationID int64
	TokenHash      string
	ExpiresAt      time.Time
	CreatedAt      time.Time
	IsUsed         bool
	UsedAt         *time.Time
}

// ShareLinks stores share links; only the token's hash is kept.
type ShareLinks interface {
	Create(ctx context.Context, l *ShareLink) error
	ByTokenHash(ctx context.Context, hash string) (*ShareLink, error)
	MarkUsed(ctx context.Context, id int64, at time.Time) error
}

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
}

// CertificatesConfig is what the certificate use cases need besides their ports.
type CertificatesConfig struct {
	PublicBaseURL string        // origin for the QR code and public link
	ShareTTL      time.Duration // lifetime of a CIS share link
	Log           *slog.Logger
	PublicCache   *PublicCache // nil: every public read goes to the database
}

// NewCertificates wires the certificate use cases.
func NewCertificates(tx Transactor, repo VerificationRepository, sections Sections, docs Documents, blobs BlobStore,
	renderer DocumentRenderer, links ShareLinks, audit AuditLog, clock Clock, cfg CertificatesConfig) *Certificates {
	return &Certificates{tx: tx, repo: repo, sections: sections, docs: docs, blobs: blobs, renderer: renderer, links: links,
		audit: audit, clock: clock, publicURL: cfg.PublicBaseURL, shareTTL: cfg.ShareTTL, log: cfg.Log, public: cfg.PublicCache}
}

// PublicCertificate is everything the public page may show: no banking, people or files.
type PublicCertificate struct {
	PublicID           string
	CompanyName        string
	RegistrationNumber string
	Country            string
	RegisteredAddress  string
	Email              string
	Tier               verification.Tier
	Checks             []string
	VerifiedAt         time.Time
	ExpiresAt          time.Time
	Status             verification.CertificateStatus
	RevokedAt          *time.Time
	Fingerprint        string
}

// Public returns the public view of an approved verification. Unknown or deleted ids are
// ErrNotFound; verifications that were never approved are ErrNotAvailable.
func (s *Certificates) Public(ctx context.Context, publicID string) (*PublicCertificate, error) {
	now := s.clock.Now()
	if cert, ok := s.public.get(publicID, now); ok {
		return cert, nil
	}
	v, err := s.repo.ByPublicID(ctx, publicID)
	if err != nil {
		return nil, err
	}
	status, ok := v.CertificateStatus(now)
	if !ok {
		return nil, ErrNotAvailable
	}
	company, err := s.sections.Company(ctx, v.ID())
	if err != nil {
		return nil, fmt.Errorf("company of %d: %w", v.ID(), err)
	}
	d := certificateData(v, company, s.publicURL)
	snap := v.Snapshot()
	cert := &PublicCertificate{PublicID: v.PublicID(), CompanyName: company.CompanyName,
		RegistrationNumber: company.RegistrationNumber, Country: company.CountryOfIncorporation,
		RegisteredAddress: company.RegisteredAddress, Email: company.Email, Tier: v.Tier(), Checks: d.Checks,
		VerifiedAt: d.IssuedAt, ExpiresAt: d.ExpiresAt, Status: status, RevokedAt: snap.RevokedAt,
		Fingerprint: d.Fingerprint}
	s.public.put(v, cert, now)
	return cert, nil
}

// PublicDocument is a document's type and date, never its file.
type PublicDocument struct {
	Type      verification.DocumentType
	CreatedAt time.Time
}

// PublicDocuments lists the kinds of documents on file for an approved verification.
func (s *Certificates) PublicDocuments(ctx context.Context, publicID string) ([]PublicDocument, error) {
	v, err := s.repo.ByPublicID(ctx, publicID)
	if err != nil {
		return nil, err
	}
	if _, ok := v.CertificateStatus(s.clock.Now()); !ok {
		return nil, ErrNotAvailable
	}
	docs, err := s.docs.List(ctx, v.ID())
	if err != nil {
		return nil, err
	}
	out := make([]PublicDocument, len(docs))
	for i, d := range docs {
		out[i] = PublicDocument{Type: d.Type, CreatedAt: d.CreatedAt}
	}
	return out, nil
}

// Certificate renders the certificate PDF of an approved verification for its owner or an administrator.
func (s *Certificates) Certificate(ctx context.Context, actor *User, id int64) (*File, error) {
	v, err := readable(ctx, s.repo, actor, id)
	if err != nil {
		return nil, err
	}
	if _, ok := v.CertificateStatus(s.clock.Now()); !ok {
		return nil, verification.ErrNotApproved
	}
	company, err := s.sections.Company(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("company of %d: %w", id, err)
	}
	pdf, err := s.renderer.Certificate(certificateData(v, company, s.publicURL))
	if err != nil {
		return nil, fmt.Errorf("render certificate of %d: %w", id, err)
	}
	return pdfFile(pdf, "TTT-Certificate-"+v.PublicID()+".pdf"), nil
}

// GenerateCIS renders the Client Information Sheet of an approved verification, stores it and
// records where. A previous sheet is removed once the new one is recorded.
func (s *Certificates) GenerateCIS(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	v, err := s.repo.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if v.Status() != verification.Approved {
		return nil, verification.TransitionError{From: v.Status(), Action: "generate the CIS form of"}
	}
	data, err := s.cisData(ctx, v)
	if err != nil {
		return nil, err
	}
	pdf, err := s.renderer.CIS(data)
	if err != nil {
		return nil, fmt.Errorf("render CIS of %d: %w", id, err)
	}
	key := fmt.Sprintf("verifications/%d/cis-%s.pdf", id, randomToken(12))
	if _, err := s.blobs.Put(ctx, key, bytes.NewReader(pdf), int64(len(pdf)), "application/pdf"); err != nil {
		return nil, fmt.Errorf("store CIS of %d: %w", id, err)
	}
	var previous string
	out, err := applyChange(ctx, s.tx, s.repo, s.audit, actor, id, stateChange{action: "generate-cis", may: anyone,
		apply: func(_ context.Context, v *verification.Verification) error {
			previous = v.CISFormPath()
			return v.AttachCIS(key, s.clock.Now())
		}})
	if err != nil {
		s.removeObject(key)
		return nil, err
	}
	if previous != "" {
		s.removeObject(previous)
	}
	return out, nil
}

// CISForm returns where the current CIS of an approved verification is stored and when it was made.
func (s *Certificates) CISForm(ctx context.Context, actor *User, id int64) (string, time.Time, error) {
	v, err := readable(ctx, s.repo, actor, id)
	if err != nil {
		return "", time.Time{}, err
	}
	snap := v.Snapshot()
	if v.Status() != verification.Approved || snap.CISFormPath == "" || snap.CISFormGenerated == nil {
		return "", time.Time{}, ErrNoCISForm
	}
	return snap.CISFormPath, *snap.CISFormGenerated, nil
}

// ShareCIS creates a temporary link that opens the CIS without signing in. The token has 256 random
// bits and only its hash is stored.
func (s *Certificates) ShareCIS(ctx context.Context, actor *User, id int64) (string, time.Time, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, id)
	if err != nil {
		return "", time.Time{}, err
	}
	if _, _, err := s.CISForm(ctx, actor, id); err != nil {
		return "", time.Time{}, err
	}
	token := randomToken(32)
	now := s.clock.Now()
	link := &ShareLink{VerificationID: id, TokenHash: hashToken(token), CreatedAt: now, ExpiresAt: now.Add(s.shareTTL)}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.links.Create(ctx, link); err != nil {
			return fmt.Errorf("create share link: %w", err)
		}
		return record(ctx, s.audit, actor, v, "share-cis", v.Status(), "")
	})
	return token, link.ExpiresAt, err
}

// OpenSharedCIS serves the CIS behind a share link and records the use. Unknown tokens are
// ErrNotFound; expired links, and links to a revoked certificate, are ErrLinkExpired.
func (s *Certificates) OpenSharedCIS(ctx context.Context, token string) (*File, error) {
	link, err := s.links.ByTokenHash(ctx, hashToken(token))
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	if !now.Before(link.ExpiresAt) {
		return nil, ErrLinkExpired
	}
	v, err := s.repo.Get(ctx, link.VerificationID)
	if err != nil {
		return nil, err
	}
	if status, ok := v.CertificateStatus(now); !ok || status == verification.CertificateRevoked || v.CISFormPath() == "" {
		return nil, ErrLinkExpired
	}
	rc, info, err := s.blobs.Get(ctx, v.CISFormPath())
	if err != nil {
		return nil, err
	}
	if err := s.links.MarkUsed(ctx, link.ID, now); err != nil {
		rc.Close()
		return nil, fmt.Errorf("record share link use: %w", err)
	}
	return &File{Content: rc, Name: "CIS-" + v.PublicID() + ".pdf", ContentType: "application/pdf", Size: info.Size}, nil
}

func (s *Certificates) cisData(ctx context.Context, v *verification.Verification) (CISData, error) {
	id := v.ID()
	company, err := s.sections.Company(ctx, id)
	if err != nil {
		return CISData{}, fmt.Errorf("company of %d: %w", id, err)
	}
	reps, err := s.sections.Representatives(ctx, id)
	if err != nil {
		return CISData{}, err
	}
	banking, err := orNil(s.sections.Banking(ctx, id))
	if err != nil {
		return CISData{}, err
	}
	trade, err := orNil(s.sections.Trade(ctx, id))
	if err != nil {
		return CISData{}, err
	}
	docs, err := s.docs.List(ctx, id)
	if err != nil {
		return CISData{}, err
	}
	return CISData{Certificate: certificateData(v, company, s.publicURL), Company: *company, Representatives: reps,
		Banking: banking, Trade: trade, Documents: docs, GeneratedAt: s.clock.Now()}, nil
}

func (s *Certificates) removeObject(key string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.blobs.Delete(ctx, key); err != nil {
		s.log.Error("remove object", "key", key, "error", err)
	}
}

// certificateData is the certificate's content and fingerprint for an approved verification.
func certificateData(v *verification.Verification, company *CompanyRecord, publicBaseURL string) CertificateData {
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
	return CertificateData{CertificateID: v.PublicID(), PublicURL: publicBaseURL + "/v/" + v.PublicID(),
		CompanyName: company.CompanyName, RegistrationNumber: company.RegistrationNumber,
		Country: company.CountryOfIncorporation, RegisteredAddress: company.RegisteredAddress, Email: company.Email,
		TierLabel: v.Tier().Label(), Checks: v.Tier().Checks(), IssuedAt: issued, ExpiresAt: expires,
		Fingerprint: content.Fingerprint()}
}

func pdfFile(b []byte, name string) *File {
	return &File{Content: io.NopCloser(bytes.NewReader(b)), Name: name, ContentType: "application/pdf", Size: int64(len(b))}
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
