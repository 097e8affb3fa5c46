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
	// Common lists the passwords too common to be chosen.
	Common CommonPasswords
	// Throttle counts sign-in attempts, SignIn per account from unknown devices and per known
	// device on its own (Unthrottled when AUTH_RATE_LIMIT=0).
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
	notify   AccountNotifier
	guards   AuthGuards
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
	Guards   AuthGuards      // common passwords, sign-in limits, session policy
}

// NewAuth wires the account use cases.
func NewAuth(d AuthDeps) (*Auth, error) {
	dummy, err := d.Hasher.Hash("not-a-real-password")
	if err != nil {
		return nil, fmt.Errorf("prepare dummy hash: %w", err)
	}
	return &Auth{tx: d.Tx, users: d.Users, sessions: d.Sessions, hasher: d.Hasher, clock: d.Clock, events: d.Events,
		notify: d.Notify, dummyHash: dummy, guards: d.Guards.orDefault()}, nil
}

// policy is the session policy of u's role.
func (a *Auth) policy(u *User) SessionPolicy {
	if u.Role.Reviews() { // staff sessions, reviewers' as administrators'
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

// orDefault fills a zero applicants' session idle time or lifetime with the default.
func (g AuthGuards) orDefault() AuthGuards {
	if g.Applicants.Idle <= 0 {
		g.Applicants.Idle = DefaultApplicantSessions.Idle
	}
	if g.Applicants.Lifetime <= 0 {
		g.Applicants.Lifetime = DefaultApplicantSessions.Lifetime
	}
	return g
}
