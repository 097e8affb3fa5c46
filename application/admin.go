package application

import (
	"context"
	"time"

	"github.com/tttverify/tttverify/domain/businessday"
	"github.com/tttverify/tttverify/domain/verification"
)

// Admin holds the administrators' review use cases. Each checks that the actor is an
// administrator itself; the HTTP layer's check is a second fence.
type Admin struct {
	tx     Transactor
	repo   VerificationRepository
	audit  AuditLog
	clock  Clock
	notify OwnerNotifier
	checks ApprovalGate
	jobs   JobQueue
	links  ShareLinks
	follow FollowerAlerts
	cal    businessday.Calendar
	claims ClaimRule
	eyes   verification.FourEyes
	firsts FirstApprovalStore
	// statuses are the certificates' places in the revocation list.
	statuses CredentialStatuses
}

// ClaimRule is who may decide a verification a reviewer has claimed (ReviewClaims.MayDecide, run
// in the decision's transaction; final ends the claim), and from when a claim counts as live.
type ClaimRule interface {
	MayDecide(ctx context.Context, actor *User, v *verification.Verification, final bool) error
	LiveSince(now time.Time) time.Time
}

// ApprovalGate says why a verification may not be approved yet (TopChecks: a Top verification's
// screening is not settled), or nil when it may.
type ApprovalGate interface {
	ApprovalBlock(ctx context.Context, v *verification.Verification) error
}

// OwnerNotifier tells a verification's owner about an event of it (Notifier); data is built with
// the company's name.
type OwnerNotifier interface {
	TellOwner(ctx context.Context, v *verification.Verification, key string, data func(company string) EmailData) (bool, error)
}

// AdminDeps are what the review use cases need; every field is required.
type AdminDeps struct {
	Tx     Transactor
	Repo   VerificationRepository
	Audit  AuditLog
	Clock  Clock
	Notify OwnerNotifier // tells applicants about decisions
	Checks ApprovalGate  // holds approvals of Top verifications until their screening is settled
	Jobs   JobQueue      // an approval queues its CIS
	Links  ShareLinks    // a revocation withdraws the CIS's share links
	// Followers hear of a revocation, a reinstatement and a renewal of the certificate.
	Followers FollowerAlerts
	Claims    ClaimRule // a claimed verification is decided by its holder alone
	// Calendar measures a verification's wait for review in business days (BUSINESS_DAYS, HOLIDAYS_FILE).
	Calendar businessday.Calendar
	// FourEyes is which approvals need a second administrator (FOUR_EYES); FirstApprovals keeps
	// the first approvals awaiting them.
	FourEyes       verification.FourEyes
	FirstApprovals FirstApprovalStore
	// Statuses gives an approved certificate its place in the revocation list.
	Statuses CredentialStatuses
}

// NewAdmin wires the review use cases.
func NewAdmin(d AdminDeps) *Admin {
	return &Admin{tx: d.Tx, repo: d.Repo, audit: d.Audit, clock: d.Clock, notify: d.Notify, checks: d.Checks, jobs: d.Jobs,
		links: d.Links, follow: d.Followers, claims: d.Claims, cal: d.Calendar,
		eyes: d.FourEyes, firsts: d.FirstApprovals, statuses: d.Statuses}
}

// ErrAdminOnly refuses a reviewer a use case only administrators may call, saying so; anyone else
// who is not staff gets the plain ErrForbidden. errors.Is(ErrAdminOnly, ErrForbidden) holds.
var ErrAdminOnly = ErrForbidden.Refine("Only administrators may do this; your role is reviewer")

// mustReview refuses everyone but staff: reviewers and administrators.
func mustReview(actor *User) error {
	if actor == nil || !actor.Role.Reviews() {
		return ErrForbidden
	}
	return nil
}

// mustBeAdmin refuses everyone but administrators, reviewers with ErrAdminOnly.
func mustBeAdmin(actor *User) error {
	if err := mustReview(actor); err != nil {
		return err
	}
	if !actor.Role.Administers() {
		return ErrAdminOnly
	}
	return nil
}

// asReviewer runs read for a reviewer or an administrator and refuses everyone else.
func asReviewer[T any](actor *User, read func() (T, error)) (T, error) {
	if err := mustReview(actor); err != nil {
		var zero T
		return zero, err
	}
	return read()
}
