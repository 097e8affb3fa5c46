package application

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tttverify/tttverify/domain/verification"
)

// stateChange is one audited change of a verification.
type stateChange struct {
	action, reason string
	// may reports whether the actor may make the change; a refusal looks like a missing record.
	may func(v *verification.Verification) bool
	// apply changes v; errUnchanged says the change was already made (a repeated request) and
	// nothing is saved or audited.
	apply func(ctx context.Context, v *verification.Verification) error
	// after, when set, does the work that belongs to the change in the same transaction, once the
	// change is saved and audited.
	after func(ctx context.Context, v *verification.Verification, from verification.Status) error
}

// errUnchanged is apply's answer when there is nothing left to do.
var errUnchanged = errors.New("already applied")

// anyone lets every actor through: the caller has already checked who may act (administrators).
func anyone(*verification.Verification) bool { return true }

// owner lets only the verification's owner through.
func owner(actor *User) func(*verification.Verification) bool {
	return func(v *verification.Verification) bool { return v.OwnedBy(actor.ID) }
}

// applyChange loads a verification for update, applies c, saves it and writes the audit event, all in
// one transaction, and returns the changed verification.
func applyChange(ctx context.Context, tx Transactor, repo VerificationRepository, audit AuditLog, actor *User,
	id int64, c stateChange) (*verification.Verification, error) {
	var out *verification.Verification
	err := tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := repo.GetForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if !c.may(v) {
			return ErrNotFound
		}
		from := v.Status()
		out = v
		if err := c.apply(ctx, v); errors.Is(err, errUnchanged) {
			return nil
		} else if err != nil {
			return err
		}
		if err := repo.Save(ctx, v); err != nil {
			return fmt.Errorf("save %s of %d: %w", c.action, id, err)
		}
		if err := record(ctx, audit, actor, v, c.action, from, strings.TrimSpace(c.reason)); err != nil {
			return err
		}
		if c.after != nil {
			return c.after(ctx, v, from)
		}
		return nil
	})
	return out, err
}
