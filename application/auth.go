package application

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"time"
)

// SessionPolicy is how long a session lasts: Idle without a request, and Lifetime in all from
// sign-in, however active it is.
type SessionPolicy struct {
	Idle, Lifetime time.Duration
}

// AdminSessions is the administrators' policy (ASVS V3.3.2): their sessions open every
// applicant's records.
var AdminSessions = SessionPolicy{Idle: 30 * time.Minute, Lifetime: 12 * time.Hour}

// DefaultApplicantSessions is the applicants' policy unless SESSION_IDLE_TIMEOUT and
// SESSION_LIFETIME say otherwise.
var DefaultApplicantSessions = SessionPolicy{Idle: 24 * time.Hour, Lifetime: 7 * 24 * time.Hour}

// AccountAttemptsPeriod is the period over which the per-account allowance of sign-in (and
// password-change) attempts is given back.
const AccountAttemptsPeriod = 15 * time.Minute

// AuthGuards are the account protections: which new passwords are refused, how many sign-in
// attempts an account takes, how long sessions last.
type AuthGuards struct {
	// Common lists the passwords too common to be chosen; nil refuses none.
	Common CommonPasswords
	// Throttle counts sign-in attempts, SignIn per account from unknown devices and per known
	// device on its own; a nil Throttle (AUTH_RATE_LIMIT=0) counts nothing.
	Throttle Throttle
	SignIn   Rate
	// Applicants is the applicants' session policy (zero fields: DefaultApplicantSessions').
	// Administrators always have AdminSessions.
	Applicants SessionPolicy
}

// Auth holds the account use cases: register, sign in and out, change password.
type Auth struct {
	tx       Transactor
	users    Users
	sessions Sessions
	hasher   PasswordHasher
	clock    Clock
	events   AccountEvents
	notify   *Notifier
	guards   AuthGuards
	// dummyHash is checked when the e-mail is unknown so that both failures take the same time.
	dummyHash string
}

// NewAuth wires the account use cases.
func NewAuth(tx Transactor, users Users, sessions Sessions, hasher PasswordHasher, clock Clock, events AccountEvents) (*Auth, error) {
	dummy, err := hasher.Hash("not-a-real-password")
	if err != nil {
		return nil, fmt.Errorf("prepare dummy hash: %w", err)
	}
	return &Auth{tx: tx, users: users, sessions: sessions, hasher: hasher, clock: clock, events: events, dummyHash: dummy,
		guards: AuthGuards{Applicants: DefaultApplicantSessions}}, nil
}

// policy is the session policy of u's role.
func (a *Auth) policy(u *User) SessionPolicy {
	if u.IsAdmin {
		return AdminSessions
	}
	return a.guards.Applicants
}

func (a *Auth) newSession(ctx context.Context, u *User) (*Session, error) {
	now, p := a.clock.Now(), a.policy(u)
	s := Session{ID: randomToken(24), UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(min(p.Idle, p.Lifetime))}
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

// isCommon is the domain's view of the common-password list.
func isCommon(list CommonPasswords) func(string) bool {
	if list == nil {
		return nil
	}
	return list.Common
}

// WithNotifier makes the account use cases tell users about their accounts.
func (a *Auth) WithNotifier(n *Notifier) *Auth { a.notify = n; return a }

// WithGuards sets the account protections; a zero Applicants idle time or lifetime keeps the
// default.
func (a *Auth) WithGuards(g AuthGuards) *Auth {
	if g.Applicants.Idle <= 0 {
		g.Applicants.Idle = DefaultApplicantSessions.Idle
	}
	if g.Applicants.Lifetime <= 0 {
		g.Applicants.Lifetime = DefaultApplicantSessions.Lifetime
	}
	a.guards = g
	return a
}
