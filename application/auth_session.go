package application

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/user"
)

// ErrTooManySignIns refuses a sign-in attempt once the account's (or the device's) allowance is
// used up.
var ErrTooManySignIns = errs.Throttled("Too many sign-in attempts for this account. Please wait a few minutes and try again.")

// signInKey counts the attempts on an account from devices it has not signed in on, known
// account or not, so that the limit tells nothing about who has an account.
func signInKey(email string) string { return "login|account|" + user.NormalizeEmail(email) }

// deviceKey counts the attempts from one device the account signed in on before.
func deviceKey(device string) string { return "login|device|" + device }

// PasswordChangeKey counts the attempts to change a user's password, which checks the current one.
func PasswordChangeKey(userID int64) string {
	return "password|account|" + strconv.FormatInt(userID, 10)
}

// Login checks the credentials and starts a session. device names a device cookie, signed by the
// server when this account last signed in on that browser, or is empty. Attempts with a device
// cookie are counted per device, so that guesses from elsewhere, however many, never refuse the
// owner on a browser they used before (OWASP's device cookies); attempts without one share the
// account's allowance, wherever they come from.
func (a *Auth) Login(ctx context.Context, email, password, device string) (*User, *Session, error) {
	if err := user.ValidateCredentials(email, password); err != nil {
		return nil, nil, err
	}
	key := signInKey(email)
	if device != "" {
		key = deviceKey(device)
	}
	if err := a.countAttempt(ctx, key); err != nil {
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
	s, err := a.newSession(ctx, u)
	if err != nil {
		return nil, nil, err
	}
	return u, s, nil
}

// countAttempt takes one sign-in attempt from key's allowance.
func (a *Auth) countAttempt(ctx context.Context, key string) error {
	ok, err := a.guards.Throttle.Allow(ctx, key, a.guards.SignIn, a.clock.Now())
	if err != nil {
		return fmt.Errorf("count sign-in attempt: %w", err)
	}
	if !ok {
		return ErrTooManySignIns
	}
	return nil
}

// Authenticate returns the user of an active session, or ErrUnauthenticated, and the session with
// its expiry: a session ends after its role's idle time without a request, and at the latest its
// lifetime after sign-in. The idle deadline moves on (and the cookie must be issued again) once a
// quarter of the idle time has passed since it last moved, or when it reaches the lifetime's end,
// so that an active user writes to the sessions table a few times per idle period rather than on
// every request; a session idle for three quarters of the idle time may therefore end.
func (a *Auth) Authenticate(ctx context.Context, sessionID string) (*User, *Session, error) {
	now := a.clock.Now()
	s, u, err := a.sessions.Active(ctx, sessionID, now)
	if errors.Is(err, ErrNotFound) {
		return nil, nil, ErrUnauthenticated
	}
	if err != nil {
		return nil, nil, fmt.Errorf("load session: %w", err)
	}
	p := a.policy(u)
	end := s.CreatedAt.Add(p.Lifetime)
	if !now.Before(end) { // a role with a shorter lifetime than the one the session began with
		return nil, nil, ErrUnauthenticated
	}
	next := now.Add(p.Idle)
	if next.After(end) {
		next = end
	}
	if !next.Equal(s.ExpiresAt) && (next.Equal(end) || next.Before(s.ExpiresAt) || next.Sub(s.ExpiresAt) >= p.Idle/4) {
		if err := a.sessions.Extend(ctx, sessionID, next); err != nil {
			return nil, nil, fmt.Errorf("extend session: %w", err)
		}
		s.ExpiresAt = next
	}
	return u, s, nil
}

// Logout ends one session.
func (a *Auth) Logout(ctx context.Context, sessionID string) error {
	return a.sessions.Revoke(ctx, sessionID)
}
