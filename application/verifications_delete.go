package application

import (
	"context"
)

// Delete soft-deletes a verification: the owner's never-paid draft, or any for an administrator.
// A reviewer is refused; anyone else finds no verification.
func (s *Verifications) Delete(ctx context.Context, actor *User, id int64) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.GetForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if !v.OwnedBy(actor.ID) && !actor.Role.Reviews() {
			return ErrNotFound
		}
		if !v.OwnedBy(actor.ID) && !actor.Role.Administers() {
			return ErrAdminOnly
		}
		from := v.Status()
		if err := v.Delete(actor.Role.Administers(), s.clock.Now()); err != nil {
			return err
		}
		return saveChange(ctx, s.repo, s.audit, actor, v, "delete", from, "")
	})
}
