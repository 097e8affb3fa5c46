package application

import (
	"context"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// ReviewClaims holds "Start review": a reviewer claims a verification awaiting a decision, and
// while the claim is live only its holder decides it (MayDecide, the one place the rule lives),
// releases it, or another reviewer takes it over with a reason. A claim lapses after TTL without
// its holder's activity; it is read as lapsed, and the lapse is audited when next met.
type ReviewClaims struct {
	tx    Transactor
	repo  VerificationRepository
	store ClaimStore
	audit AuditLog
	clock Clock
	ttl   time.Duration
}

// DefaultReviewClaimTTL is REVIEW_CLAIM_TTL's default.
const DefaultReviewClaimTTL = 2 * time.Hour

// ReviewClaimsDeps are what claims need; every field is required but TTL, whose zero means a
// claim never lapses.
type ReviewClaimsDeps struct {
	Tx    Transactor
	Repo  VerificationRepository
	Store ClaimStore
	Audit AuditLog
	Clock Clock
	TTL   time.Duration // REVIEW_CLAIM_TTL
}

// NewReviewClaims wires the reviewers' claims.
func NewReviewClaims(d ReviewClaimsDeps) *ReviewClaims {
	return &ReviewClaims{tx: d.Tx, repo: d.Repo, store: d.Store, audit: d.Audit, clock: d.Clock, ttl: d.TTL}
}

// ClaimFilter narrows the admin queue by claim.
type ClaimFilter uint8

// The claim filters; the zero value keeps every verification.
const (
	ClaimAny ClaimFilter = iota
	ClaimMine
	ClaimUnclaimed
)

// ClaimTimeFormat is how claim messages print a time: as the review screens do ("Nov 27, 2026,
// 03:01 AM UTC"), so the refusal and the page name the same moment the same way.
const ClaimTimeFormat = "Jan 2, 2006, 03:04 PM UTC"

// ClaimedError refuses an action on a verification another reviewer holds, naming the holder.
func ClaimedError(c *ReviewClaim) error {
	return errs.Conflict(fmt.Sprintf("Claimed by %s since %s; take it over to decide", c.HolderEmail,
		c.ClaimedAt.UTC().Format(ClaimTimeFormat)))
}

// LiveSince is the cut-off for claims at now: one last active before it has lapsed.
func (s *ReviewClaims) LiveSince(now time.Time) time.Time {
	if s.ttl <= 0 {
		return time.Time{}
	}
	return now.Add(-s.ttl)
}

// scopeClaims lets filter f's claim filter read "mine" as actor's and ignore claims lapsed at now.
func scopeClaims(rule ClaimRule, actor *User, f *VerificationFilter, now time.Time) {
	f.ClaimHolder, f.ClaimsLiveSince = actor.ID, rule.LiveSince(now)
}

// Holders returns the live claims of the verifications, by id, as the queue and the review page
// show them.
func (s *ReviewClaims) Holders(ctx context.Context, actor *User, ids []int64) (map[int64]ReviewClaim, error) {
	return asReviewer(actor, func() (map[int64]ReviewClaim, error) {
		return s.store.Live(ctx, ids, s.LiveSince(s.clock.Now()))
	})
}

// MayDecide is the claim rule, asked in the transaction of every reviewer's decision on v (an
// approval, a rejection, a hit decision): with a live claim only its holder may decide, and the
// decision counts as the holder's activity; a final decision (approve, reject) ends the claim. An
// unclaimed verification may be decided by any administrator.
func (s *ReviewClaims) MayDecide(ctx context.Context, actor *User, v *verification.Verification, final bool) error {
	if err := mustReview(actor); err != nil {
		return err
	}
	c, err := s.live(ctx, v)
	switch {
	case err != nil || c == nil:
		return err
	case c.HolderID != actor.ID:
		return ClaimedError(c)
	case final:
		return s.store.Delete(ctx, v.ID())
	}
	c.ActiveAt = s.clock.Now()
	return s.store.Put(ctx, *c)
}

// live returns v's live claim, or nil; a lapsed one is deleted and its lapse audited (by the
// system), in the transaction ctx carries.
func (s *ReviewClaims) live(ctx context.Context, v *verification.Verification) (*ReviewClaim, error) {
	c, err := s.store.Get(ctx, v.ID())
	if err != nil || c == nil {
		return nil, err
	}
	now := s.clock.Now()
	if !c.ActiveAt.Before(s.LiveSince(now)) {
		return c, nil
	}
	if err := s.store.Delete(ctx, v.ID()); err != nil {
		return nil, err
	}
	return nil, s.record(ctx, nil, v, "claim-expired", fmt.Sprintf("claim by %s lapsed: no activity since %s",
		c.HolderEmail, c.ActiveAt.UTC().Format(ClaimTimeFormat)))
}

// record writes the audit event of a claim action; the verification's status does not change.
func (s *ReviewClaims) record(ctx context.Context, actor *User, v *verification.Verification, action, reason string) error {
	return recordAt(ctx, s.audit, actor, v, action, v.Status(), reason, s.clock.Now())
}
