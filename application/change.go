package application

import (
	"context"
	"fmt"
	"strings"

	"github.com/tttverify/tttverify/domain/verification"
)

// stateChange is one audited change of a verification.
type stateChange struct {
	action, reason string
	// may reports whether the actor may make the change; a refusal looks like a missing record.
	may   func(v *verification.Verification) bool
	apply func(ctx context.Context, v *verification.Verification) error
}

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
		if err := c.apply(ctx, v); err != nil {
			return err
		}
		if err := repo.Save(ctx, v); err != nil {
			return fmt.Errorf("save %s of %d: %w", c.action, id, err)
		}
		out = v
		return record(ctx, audit, actor, v, c.action, from, strings.TrimSpace(c.reason))
	})
	return out, err
}
