package application

import (
	"context"
	"errors"
	"fmt"

	"github.com/tttverify/tttverify/domain/user"
)

// Login checks the credentials and starts a session.
func (a *Auth) Login(ctx context.Context, email, password string) (*User, *Session, error) {
	if err := user.ValidateCredentials(email, password); err != nil {
		return nil, nil, err
	}
	u, err := a.users.ByEmail(ctx, user.NormalizeEmail(email))
	if errors.Is(err, ErrNotFound) {
		a.hasher.Matches(a.dummyHash, password)
		return nil, nil, ErrBadCredentials
	}
	if err != nil {
		return nil, nil, fmt.Errorf("find user: %w", err)
	}
	if !a.hasher.Matches(u.PasswordHash, password) {
		return nil, nil, ErrBadCredentials
	}
	s, err := a.newSession(ctx, u.ID)
	if err != nil {
		return nil, nil, err
	}
	return u, s, nil
}

// Authenticate returns the user of an active session, or ErrUnauthenticated.
func (a *Auth) Authenticate(ctx context.Context, sessionID string) (*User, error) {
	_, u, err := a.sessions.Active(ctx, sessionID, a.clock.Now())
	if errors.Is(err, ErrNotFound) {
		return nil, ErrUnauthenticated
	}
	if err != nil {
		return nil, fmt.Errorf("load session: %w", err)
	}
	return u, nil
}

// Logout ends one session.
func (a *Auth) Logout(ctx context.Context, sessionID string) error {
	return a.sessions.Revoke(ctx, sessionID)
}
