package application

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// StatusListPath is where the revocation status list credential is served, under PUBLIC_BASE_URL.
const StatusListPath = "/api/public/credentials/status/revocation"

// IssuedCredential is a certificate's verifiable credential and what a reader needs beside it.
type IssuedCredential struct {
	JWT           string
	Issuer        string // the issuer's DID
	StatusIndex   int
	StatusListURL string
	ValidFrom     time.Time
	ValidUntil    time.Time
	Signer        SignerInfo
	// Renditions keep the encoded forms of this credential for as long as the public cache keeps
	// its certificate.
	Renditions *Renditions
}

// Credential issues the verifiable credential of a valid certificate to anyone: its public facts,
// signed, pointing into the revocation list. A revoked or expired certificate gets none
// (verification.MayIssue), as it gets no PDF.
//
// The credential states only facts stored with the certificate, so it is signed once per public
// cache entry and served again while the entry lives; whether it may be issued at all is decided
// on every request.
func (s *Certificates) Credential(ctx context.Context, publicID string) (*IssuedCredential, error) {
	now := s.clock.Now()
	e, _, err := s.publicEntry(ctx, publicID, now)
	if err != nil {
		return nil, err
	}
	if err := e.v.MayIssue("verifiable credential", now); err != nil {
		return nil, err
	}
	return e.credential(func() (*IssuedCredential, error) {
		jwt, index, err := s.issueCredential(ctx, e.v, e.data, e.statusIndex)
		if err != nil {
			return nil, err
		}
		return &IssuedCredential{JWT: jwt, Issuer: s.issuer.Issuer(), StatusIndex: index, StatusListURL: s.statusListURL(),
			ValidFrom: e.data.IssuedAt, ValidUntil: e.data.ExpiresAt, Signer: s.signer.Signer(), Renditions: &Renditions{}}, nil
	})
}

// issueCredential signs the credential of the certificate data describes, giving the certificate
// its place in the status list the first time (known is the place read with the certificate, if it
// had one), and returns it with that place.
func (s *Certificates) issueCredential(ctx context.Context, v *verification.Verification, data CertificateData, known *int) (string, int, error) {
	if known == nil {
		index, err := s.statuses.Index(ctx, v.ID(), StatusListSize)
		if err != nil {
			return "", 0, err
		}
		known = &index
	}
	index := *known
	jwt, err := s.issuer.IssueCertificate(CertificateCredential{Certificate: data,
		Status: StatusEntry{Index: index, ListURL: s.statusListURL()}})
	if err != nil {
		return "", 0, fmt.Errorf("issue credential of %s: %w", v.PublicID(), err)
	}
	return jwt, index, nil
}

func (s *Certificates) statusListURL() string { return s.publicURL + StatusListPath }

// StatusList is the signed revocation status list every credential points into: a certificate's
// bit is set while it is revoked (or its verification deleted) and cleared when it is reinstated.
// It is rebuilt when a verification is saved (the public cache's forgets, which other servers
// report too) and at least once per the public cache's lifetime.
func (s *Certificates) StatusList(ctx context.Context) (string, error) {
	now := s.clock.Now()
	gen := s.public.generation()
	if jwt, ok := s.statusList.get(gen, now, s.public.ttl); ok {
		return jwt, nil
	}
	revoked, err := s.statuses.Revoked(ctx)
	if err != nil {
		return "", err
	}
	jwt, err := s.issuer.IssueStatusList(StatusList{URL: s.statusListURL(), Size: StatusListSize, Set: revoked, IssuedAt: now})
	if err != nil {
		return "", fmt.Errorf("issue status list: %w", err)
	}
	s.statusList.put(jwt, gen, now)
	return jwt, nil
}

// IssuerDocument is the issuer's did:web document, listing the current and previous keys.
func (s *Certificates) IssuerDocument() ([]byte, error) { return s.issuer.IssuerDocument() }

// statusListCache keeps the last signed status list while no verification was saved since.
type statusListCache struct {
	mu     sync.Mutex
	jwt    string
	gen    uint64
	loaded time.Time
}

func (c *statusListCache) get(gen uint64, now time.Time, ttl time.Duration) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.jwt, c.jwt != "" && c.gen == gen && now.Sub(c.loaded) < ttl
}

func (c *statusListCache) put(jwt string, gen uint64, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.jwt, c.gen, c.loaded = jwt, gen, now
}
