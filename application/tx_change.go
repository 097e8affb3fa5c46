package application

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// A use case that changes a verification is written top to bottom inside inTx: load it for update
// (GetForUpdate: one writer at a time), check who may and what the domain allows, change it, save
// it with its audit event (saveChange), then tell people and queue the work that follows, all in the
// same transaction. Admin.Approve (admin_decisions.go) is the model. A change that rolls back saves,
// audits, tells and queues nothing; work that must wait for the commit (forgetting a cached view)
// goes through OnCommit (tx_aftercommit.go).

// inTx runs fn in one transaction of tx and returns what fn returned once the transaction has
// committed, or the zero value and the error that rolled it back.
func inTx[T any](ctx context.Context, tx Transactor, fn func(ctx context.Context) (T, error)) (T, error) {
	var out T
	err := tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		out, err = fn(ctx)
		return err
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return out, nil
}

// saveChange saves a changed verification and writes the audit event of its change from the
// status from, in the transaction ctx carries.
func saveChange(ctx context.Context, repo VerificationRepository, audit AuditLog, actor *User,
	v *verification.Verification, action string, from verification.Status, reason string) error {
	if err := repo.Save(ctx, v); err != nil {
		return fmt.Errorf("save %s of %d: %w", action, v.ID(), err)
	}
	return record(ctx, audit, actor, v, action, from, strings.TrimSpace(reason))
}

// record writes an audit event for a change of v made by actor (nil: the system).
func record(ctx context.Context, log AuditLog, actor *User, v *verification.Verification, action string,
	from verification.Status, reason string) error {
	return recordAt(ctx, log, actor, v, action, from, reason, v.Snapshot().UpdatedAt)
}

// recordAt writes an audit event for an action on v made by actor (nil: the system) at a time of
// its own, for actions that leave the verification itself unchanged (a claim, a first approval).
func recordAt(ctx context.Context, log AuditLog, actor *User, v *verification.Verification, action string,
	from verification.Status, reason string, at time.Time) error {
	e := AuditEvent{VerificationID: v.ID(), Action: action, From: from.String(), To: v.Status().String(),
		Reason: reason, CreatedAt: at}
	if actor != nil {
		e.ActorID, e.ActorEmail = actor.ID, actor.Email
	}
	if err := log.Record(ctx, e); err != nil {
		return fmt.Errorf("audit %s of %d: %w", action, v.ID(), err)
	}
	return nil
}
