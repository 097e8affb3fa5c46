package application

import (
	"context"
	"errors"
	"fmt"

	"github.com/tttverify/tttverify/domain/user"
)

// EnsureAdmin creates the account as an administrator, or promotes it and resets its password.
func (a *Auth) EnsureAdmin(ctx context.Context, email, password string) (*User, error) {
	if err := user.ValidateCredentials(email, password); err != nil {
		return nil, err
	}
	hash, err := a.hasher.Hash(password)
	if err != nil {
		return nil, fmt.Errorf("hash password: %w", err)
	}
	email = user.NormalizeEmail(email)
	var u *User
	err = a.tx.WithinTx(ctx, func(ctx context.Context) error {
		existing, err := a.users.ByEmail(ctx, email)
		switch {
		case errors.Is(err, ErrNotFound):
			u = &User{Email: email, PasswordHash: hash, IsAdmin: true, CreatedAt: a.clock.Now()}
			return a.users.Create(ctx, u)
		case err != nil:
			return err
		}
		if err := a.users.SetAdmin(ctx, existing.ID, true); err != nil {
			return err
		}
		if err := a.users.UpdatePassword(ctx, existing.ID, hash); err != nil {
			return err
		}
		existing.IsAdmin, existing.PasswordHash = true, hash
		u = existing
		return nil
	})
	return u, err
}
