package application

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"time"
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
	events   AccountEvents
	notify   AccountNotifier
	// dummyHash is checked when the e-mail is unknown so that both failures take the same time.
	dummyHash string
}

// AccountNotifier tells a user about their account (Notifier).
type AccountNotifier interface {
	Tell(ctx context.Context, to *User, key string, data EmailData) (told bool, err error)
}

// AuthDeps are what the account use cases need; every field is required.
type AuthDeps struct {
	Tx       Transactor
	Users    Users
	Sessions Sessions
	Hasher   PasswordHasher
	Clock    Clock
	Events   AccountEvents
	Notify   AccountNotifier // welcomes new accounts and tells of password changes
}

// NewAuth wires the account use cases.
func NewAuth(d AuthDeps) (*Auth, error) {
	dummy, err := d.Hasher.Hash("not-a-real-password")
	if err != nil {
		return nil, fmt.Errorf("prepare dummy hash: %w", err)
	}
	return &Auth{tx: d.Tx, users: d.Users, sessions: d.Sessions, hasher: d.Hasher, clock: d.Clock, events: d.Events,
		notify: d.Notify, dummyHash: dummy}, nil
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
