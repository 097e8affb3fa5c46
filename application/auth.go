package application

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/user"
)

// SessionLifetime is how long a sign-in lasts.
const SessionLifetime = 7 * 24 * time.Hour

// Auth holds the account use cases: register, sign in and out, change password.
type Auth struct {
	tx       Transactor
	users    Users
	sessions Sessions
	hasher   PasswordHasher
	clock    Clock
	// dummyHash is checked when the e-mail is unknown so that both failures take the same time.
	dummyHash string
}

// NewAuth wires the account use cases.
func NewAuth(tx Transactor, users Users, sessions Sessions, hasher PasswordHasher, clock Clock) (*Auth, error) {
	dummy, err := hasher.Hash("not-a-real-password")
	if err != nil {
		return nil, fmt.Errorf("prepare dummy hash: %w", err)
	}
	return &Auth{tx: tx, users: users, sessions: sessions, hasher: hasher, clock: clock, dummyHash: dummy}, nil
}

// Register creates an account and signs it in.
func (a *Auth) Register(ctx context.Context, email, password string) (*User, *Session, error) {
	if err := user.ValidateCredentials(email, password); err != nil {
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
		s, err = a.newSession(ctx, u.ID)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return u, s, nil
}

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

// ChangePassword replaces the password and ends every other session of the user.
func (a *Auth) ChangePassword(ctx context.Context, actor *User, sessionID, current, next string) error {
	if err := user.ValidatePasswordChange(current, next); err != nil {
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
		return a.sessions.RevokeAllExcept(ctx, actor.ID, sessionID)
	})
}

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

func (a *Auth) newSession(ctx context.Context, userID int64) (*Session, error) {
	now := a.clock.Now()
	s := Session{ID: randomToken(24), UserID: userID, CreatedAt: now, ExpiresAt: now.Add(SessionLifetime)}
	if err := a.sessions.Create(ctx, s); err != nil {
		return nil, fmt.Errorf("create session: %w", err)
	}
	return &s, nil
}

// randomToken returns n random bytes, URL-safe base64 encoded.
func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
