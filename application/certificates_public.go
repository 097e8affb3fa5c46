package application

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// PublicCertificate is everything the public page may show: no banking, people or files.
type PublicCertificate struct {
	PublicID           string
	CompanyName        string
	RegistrationNumber string
	Country            string
	RegisteredAddress  string
	Email              string
	Tier               verification.Tier
	Checks             []verification.CertificateCheck
	VerifiedAt         time.Time
	ExpiresAt          time.Time
	Status             verification.CertificateStatus
	RevokedAt          *time.Time
	Fingerprint        string
	Signer             SignerInfo // who signs its PDFs and credential
	// Renditions keep the encoded forms of this view for as long as the public cache keeps it.
	Renditions *Renditions
}

// Public returns the public view of an approved verification. Unknown or deleted ids are
// ErrNotFound; verifications that were never approved are ErrNotAvailable.
func (s *Certificates) Public(ctx context.Context, publicID string) (*PublicCertificate, error) {
	now := s.clock.Now()
	e, status, err := s.publicEntry(ctx, publicID, now)
	if err != nil {
		return nil, err
	}
	return e.certificate(status), nil
}

// publicEntry returns the public cache's entry of an approved certificate and its status at now,
// reading it from the database (with the other misses of the moment) and keeping it when the cache
// has none.
func (s *Certificates) publicEntry(ctx context.Context, publicID string, now time.Time) (*publicEntry, verification.CertificateStatus, error) {
	if e, status, ok := s.public.get(publicID, now); ok {
		return e, status, nil
	}
	e, err := s.misses.get(ctx, publicID)
	if err != nil {
		return nil, "", err
	}
	status, ok := e.v.CertificateStatus(now)
	if !ok {
		return nil, "", ErrNotAvailable
	}
	return e, status, nil
}

// readPublic reads the certificates of publicIDs from the database and keeps each in the public
// cache: an approved one's entry, ErrNotAvailable for one never approved, nothing for an unknown
// one. One query reads the verifications with their companies, and the checks of all of them are
// read together.
func (s *Certificates) readPublic(ctx context.Context, publicIDs []string) map[string]missResult {
	out := make(map[string]missResult, len(publicIDs))
	fail := func(err error) map[string]missResult {
		for _, id := range publicIDs {
			out[id] = missResult{err: err}
		}
		return out
	}
	gen := s.public.generation()
	now := s.clock.Now()
	records, err := s.repo.ByPublicIDsWithCompany(ctx, publicIDs)
	if err != nil {
		return fail(err)
	}
	var certified []CertificateRecord
	var vs []*verification.Verification
	for _, r := range records {
		switch _, ok := r.Verification.CertificateStatus(now); {
		case !ok:
			out[r.Verification.PublicID()] = missResult{err: ErrNotAvailable}
		case r.Company == nil:
			out[r.Verification.PublicID()] = missResult{err: fmt.Errorf("company of %d: %w", r.Verification.ID(), ErrNotFound)}
		default:
			certified, vs = append(certified, r), append(vs, r.Verification)
		}
	}
	if len(vs) == 0 {
		return out
	}
	checks, err := s.checks.Claims(ctx, vs, now)
	if err != nil {
		return fail(fmt.Errorf("checks of certificates: %w", err))
	}
	signer := s.signer.Signer()
	for _, r := range certified {
		v := r.Verification
		d := s.certificateContent(v, r.Company, checks[v.ID()])
		e := &publicEntry{v: v, data: d, loaded: now, statusIndex: r.StatusIndex, cert: PublicCertificate{PublicID: v.PublicID(), CompanyName: d.CompanyName,
			RegistrationNumber: d.RegistrationNumber, Country: d.Country,
			RegisteredAddress: d.RegisteredAddress, Email: d.Email, Tier: v.Tier(), Checks: d.Checks,
			VerifiedAt: d.IssuedAt, ExpiresAt: d.ExpiresAt, RevokedAt: v.Snapshot().RevokedAt,
			Fingerprint: d.Fingerprint, Signer: signer, Renditions: &Renditions{}}}
		s.public.put(e, gen)
		out[v.PublicID()] = missResult{entry: e}
	}
	return out
}

// The public search's bounds: enough characters that a query names something, few enough results
// that nobody lists the register through it.
const (
	PublicSearchMinLength = 3
	PublicSearchMaxHits   = 10
)

// ErrSearchTooShort refuses a public search of fewer than PublicSearchMinLength characters.
var ErrSearchTooShort = errs.Invalid("q", fmt.Sprintf("Enter at least %d characters", PublicSearchMinLength))

// PublicHit is one certificate the public search found: what its public page shows first.
type PublicHit struct {
	PublicID    string
	CompanyName string
	Country     string
	Tier        verification.Tier
	ExpiresAt   time.Time
	Status      verification.CertificateStatus
}

// SearchPublic finds approved, unrevoked certificates by certificate id or registration number
// (exactly) or by the beginning of the company name, at most PublicSearchMaxHits of them.
func (s *Certificates) SearchPublic(ctx context.Context, text string) ([]PublicHit, error) {
	text = strings.TrimSpace(text)
	if utf8.RuneCountInString(text) < PublicSearchMinLength {
		return nil, ErrSearchTooShort
	}
	found, err := s.repo.SearchApproved(ctx, text, PublicSearchMaxHits)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	hits := make([]PublicHit, 0, len(found))
	for _, v := range found {
		status, ok := v.CertificateStatus(now)
		if !ok || status == verification.CertificateRevoked {
			continue
		}
		company, err := s.sections.Company(ctx, v.ID())
		if err != nil {
			return nil, fmt.Errorf("company of %d: %w", v.ID(), err)
		}
		hits = append(hits, PublicHit{PublicID: v.PublicID(), CompanyName: company.CompanyName,
			Country: company.CountryOfIncorporation, Tier: v.Tier(), ExpiresAt: deref(v.Snapshot().ExpiresAt), Status: status})
	}
	return hits, nil
}

// PublicDocument is a document's type and date, never its file. A passport says which
// representative's it is by number (1 for the first listed), never by name; a beneficial owner's
// identity document says nothing of whose it is.
type PublicDocument struct {
	Type           verification.DocumentType
	CreatedAt      time.Time
	Representative int
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
	owners := map[string]int{}
	for i, d := range docs {
		out[i] = PublicDocument{Type: d.Type, CreatedAt: d.CreatedAt}
		if d.Owner == "" || d.OfBeneficialOwner {
			continue
		}
		if _, ok := owners[d.Owner]; !ok {
			owners[d.Owner] = len(owners) + 1
		}
		out[i].Representative = owners[d.Owner]
	}
	return out, nil
}
