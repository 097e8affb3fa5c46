package application

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/domain/user"
)

// Register creates an account and signs it in.
func (a *Auth) Register(ctx context.Context, email, password string) (*User, *Session, error) {
	if err := user.ValidateRegistration(email, password, a.guards.Common.Common); err != nil {
		return nil, nil, err
	}
	hash, err := a.hasher.Hash(password)
	if err != nil {
		return nil, nil, fmt.Errorf("hash password: %w", err)
	}
	u := &User{Email: user.NormalizeEmail(email), PasswordHash: hash, CreatedAt: a.clock.Now()}
	var s *Session
	err = a.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := a.users.Create(ctx, u); err != nil {
			return err
		}
		if s, err = a.newSession(ctx, u); err != nil {
			return err
		}
		_, err = a.notify.Tell(ctx, u, fmt.Sprintf("account_created:%d", u.ID), AccountCreated{Email: u.Email})
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return u, s, nil
}
