package application

// Admin holds the administrators' review use cases. Each checks that the actor is an
// administrator itself; the HTTP layer's check is a second fence.
type Admin struct {
	tx     Transactor
	repo   VerificationRepository
	audit  AuditLog
	clock  Clock
	notify *Notifier
	checks *TopChecks
}

// NewAdmin wires the review use cases; notify tells applicants about decisions (nil: nobody), and
// checks holds approvals of Top verifications until their screening is settled (nil: no screening).
func NewAdmin(tx Transactor, repo VerificationRepository, audit AuditLog, clock Clock, notify *Notifier, checks *TopChecks) *Admin {
	return &Admin{tx: tx, repo: repo, audit: audit, clock: clock, notify: notify, checks: checks}
}

// mustBeAdmin refuses everyone but administrators.
func mustBeAdmin(actor *User) error {
	if actor == nil || !actor.IsAdmin {
		return ErrForbidden
	}
	return nil
}

// asAdmin runs read for an administrator and refuses everyone else.
func asAdmin[T any](actor *User, read func() (T, error)) (T, error) {
	if err := mustBeAdmin(actor); err != nil {
		var zero T
		return zero, err
	}
	return read()
}
