package application

import (
	"context"
	"maps"
	"sync"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// PublicCache keeps recently built public certificates for a few seconds. The public page is the
// most-read route, and what it shows changes only when the verification is saved; saves through
// this process forget the entry at once, other processes see the change within the TTL. The live
// status (valid, expired, revoked) is derived again on every read.
type PublicCache struct {
	ttl time.Duration
	max int
	mu  sync.RWMutex
	m   map[string]publicEntry
	// gen counts forgets: a view built from a read that began before a forget may be stale and is
	// not kept.
	gen uint64
	// pruned is when entries past their TTL were last dropped; they are dropped once per TTL so that
	// the map holds what was read recently, not everything ever read.
	pruned time.Time
}

type publicEntry struct {
	cert   PublicCertificate
	v      *verification.Verification // for deriving the status at read time
	loaded time.Time
}

// NewPublicCache returns a cache holding at most maxEntries entries for ttl; a zero ttl disables it.
func NewPublicCache(ttl time.Duration, maxEntries int) *PublicCache {
	return &PublicCache{ttl: ttl, max: maxEntries, m: make(map[string]publicEntry)}
}

func (c *PublicCache) get(publicID string, now time.Time) (*PublicCertificate, bool) {
	if c.ttl <= 0 {
		return nil, false
	}
	c.mu.RLock()
	e, ok := c.m[publicID]
	c.mu.RUnlock()
	if !ok || now.Sub(e.loaded) >= c.ttl {
		return nil, false
	}
	status, ok := e.v.CertificateStatus(now)
	if !ok {
		return nil, false
	}
	cert := e.cert
	cert.Status = status
	return &cert, true
}

// generation is taken before reading the database for a view that put may then keep.
func (c *PublicCache) generation() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.gen
}

// put keeps a view unless something was forgotten since generation gen was taken.
func (c *PublicCache) put(v *verification.Verification, cert *PublicCertificate, now time.Time, gen uint64) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if now.Sub(c.pruned) >= c.ttl {
		maps.DeleteFunc(c.m, func(_ string, e publicEntry) bool { return now.Sub(e.loaded) >= c.ttl })
		c.pruned = now
	}
	if len(c.m) >= c.max { // full: start again rather than track recency; misses only cost a lookup
		clear(c.m)
	}
	c.m[v.PublicID()] = publicEntry{cert: *cert, v: v, loaded: now}
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
