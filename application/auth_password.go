package application

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/domain/user"
)

// ChangePassword replaces the password and ends every other session of the user.
func (a *Auth) ChangePassword(ctx context.Context, actor *User, sessionID, current, next string) error {
	if err := user.ValidatePasswordChange(current, next, a.guards.Common.Common); err != nil {
		return err
	}
	if !a.hasher.Matches(actor.PasswordHash, current) {
		return fieldError("currentPassword", "Current password is incorrect")
	}
	hash, err := a.hasher.Hash(next)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	return a.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := a.users.UpdatePassword(ctx, actor.ID, hash); err != nil {
			return fmt.Errorf("update password: %w", err)
		}
		if err := a.sessions.RevokeAllExcept(ctx, actor.ID, sessionID); err != nil {
			return err
		}
		now := a.clock.Now()
		_, err := a.notify.Tell(ctx, actor, fmt.Sprintf("password_changed:%d:%d", actor.ID, now.UnixNano()),
			PasswordChanged{ChangedAt: now})
		return err
	})
}
