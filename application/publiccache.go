package application

import (
	"context"
	"maps"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// PublicCache keeps recently built public certificates for a few seconds. The public page is the
// most-read route, and what it shows changes only when the verification is saved; saves through
// this process forget the entry at once, other processes see the change within the TTL. The live
// status (valid, expired, revoked) is derived again on every read. An entry also keeps what is
// made from it once and then served many times: its signed credential and the encoded answers of
// the HTTP adapter (Renditions), which go with it when it is forgotten.
type PublicCache struct {
	ttl time.Duration
	max int
	mu  sync.RWMutex
	m   map[string]*publicEntry
	// gen counts forgets: a view built from a read that began before a forget may be stale and is
	// not kept.
	gen uint64
	// pruned is when entries past their TTL were last dropped; they are dropped once per TTL so that
	// the map holds what was read recently, not everything ever read.
	pruned time.Time
}

type publicEntry struct {
	cert        PublicCertificate
	data        CertificateData            // what the credential states
	v           *verification.Verification // for deriving the status at read time
	loaded      time.Time
	statusIndex *int // the certificate's place in the revocation list when it was read; nil if it had none

	credMu sync.Mutex
	cred   *IssuedCredential // signed at the first request for it
}

// Renditions are encoded forms of one cached certificate (a JSON body, a badge), each made once
// per key and then served as is until the certificate's entry is forgotten or expires. They are
// read on every public request and written a few times in an entry's life, so a read takes no
// lock: it scans the few kept forms, which are replaced, never changed.
type Renditions struct {
	mu   sync.Mutex // serialises additions
	kept atomic.Pointer[[]keptRendition]
}

// RenditionKey names a rendition: the caller's form and everything it depends on besides the
// certificate's stored facts, such as the live status.
type RenditionKey struct {
	Form   string
	Status verification.CertificateStatus
}

// Rendition is an encoded answer and its entity tag.
type Rendition struct {
	Body []byte
	ETag string
}

type keptRendition struct {
	key RenditionKey
	Rendition
}

// Get returns the rendition kept under key, making and keeping it first when there is none.
func (r *Renditions) Get(key RenditionKey, build func() (Rendition, error)) (Rendition, error) {
	if kept, ok := r.find(key); ok {
		return kept, nil
	}
	made, err := build()
	if err != nil {
		return Rendition{}, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if kept, ok := r.find(key); ok { // made meanwhile by another request
		return kept, nil
	}
	var next []keptRendition
	if old := r.kept.Load(); old != nil {
		next = append(next, *old...)
	}
	next = append(next, keptRendition{key: key, Rendition: made})
	r.kept.Store(&next)
	return made, nil
}

func (r *Renditions) find(key RenditionKey) (Rendition, bool) {
	if kept := r.kept.Load(); kept != nil {
		for _, k := range *kept {
			if k.key == key {
				return k.Rendition, true
			}
		}
	}
	return Rendition{}, false
}

// NewPublicCache returns a cache holding at most maxEntries entries for ttl; a zero ttl disables it.
func NewPublicCache(ttl time.Duration, maxEntries int) *PublicCache {
	return &PublicCache{ttl: ttl, max: maxEntries, m: make(map[string]*publicEntry)}
}

// get returns the entry of an approved certificate read within the TTL, and its status at now.
func (c *PublicCache) get(publicID string, now time.Time) (*publicEntry, verification.CertificateStatus, bool) {
	if c.ttl <= 0 {
		return nil, "", false
	}
	c.mu.RLock()
	e, ok := c.m[publicID]
	c.mu.RUnlock()
	if !ok || now.Sub(e.loaded) >= c.ttl {
		return nil, "", false
	}
	status, ok := e.v.CertificateStatus(now)
	if !ok {
		return nil, "", false
	}
	return e, status, true
}

// certificate is the entry's public view with the given status.
func (e *publicEntry) certificate(status verification.CertificateStatus) *PublicCertificate {
	cert := e.cert
	cert.Status = status
	return &cert
}

// credential returns the entry's credential, issuing it with issue the first time.
func (e *publicEntry) credential(issue func() (*IssuedCredential, error)) (*IssuedCredential, error) {
	e.credMu.Lock()
	defer e.credMu.Unlock()
	if e.cred == nil {
		cred, err := issue()
		if err != nil {
			return nil, err
		}
		e.cred = cred
	}
	return e.cred, nil
}

// generation is taken before reading the database for a view that put may then keep.
func (c *PublicCache) generation() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.gen
}

// put keeps an entry unless something was forgotten since generation gen was taken.
func (c *PublicCache) put(e *publicEntry, gen uint64) {
	if c.ttl <= 0 {
		return
	}
	now := e.loaded
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if now.Sub(c.pruned) >= c.ttl {
		maps.DeleteFunc(c.m, func(_ string, old *publicEntry) bool { return now.Sub(old.loaded) >= c.ttl })
		c.pruned = now
	}
	if len(c.m) >= c.max { // full: start again rather than track recency; misses only cost a lookup
		clear(c.m)
	}
	c.m[e.v.PublicID()] = e
}

func (c *PublicCache) forget(publicID string) {
	c.mu.Lock()
	delete(c.m, publicID)
	c.gen++
	c.mu.Unlock()
}

// ForgettingSaves wraps a verification repository so that every save drops the verification's
// cached public view once the save's transaction has committed.
func ForgettingSaves(repo VerificationRepository, cache *PublicCache) VerificationRepository {
	return forgettingRepo{VerificationRepository: repo, cache: cache}
}

type forgettingRepo struct {
	VerificationRepository
	cache *PublicCache
}

func (r forgettingRepo) Save(ctx context.Context, v *verification.Verification) error {
	if err := r.VerificationRepository.Save(ctx, v); err != nil {
		return err
	}
	publicID := v.PublicID()
	OnCommit(ctx, func() { r.cache.forget(publicID) })
	return nil
}

// Forget drops a verification's entry when another server reports that it changed.
func (c *PublicCache) Forget(publicID string) { c.forget(publicID) }

// Clear drops every entry, when changes made elsewhere may have gone unreported.
func (c *PublicCache) Clear() {
	c.mu.Lock()
	clear(c.m)
	c.mu.Unlock()
}
