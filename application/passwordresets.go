package application

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/user"
)

// PasswordResetTTL is how long a reset link works.
const PasswordResetTTL = time.Hour

// ErrResetLinkInvalid is the one answer to a reset token that is unknown, expired, used or
// superseded, so that the answer tells nothing about which.
var ErrResetLinkInvalid = errs.Invalid("", "This reset link is invalid or has expired")

// Account event actions.
const (
	EventResetRequested = "password-reset-requested"
	EventPasswordReset  = "password-reset"
)

// ResetToken is a stored reset link; only the SHA-256 of its token is kept.
type ResetToken struct {
	ID        int64
	UserID    int64
	TokenHash string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// ResetTokens stores password reset tokens.
type ResetTokens interface {
	// Supersede ends every unused token of the user.
	Supersede(ctx context.Context, userID int64, at time.Time) error
	// Create stores t and sets its ID.
	Create(ctx context.Context, t *ResetToken) error
	// Consume marks the token with this hash used when it is unused, not superseded and not expired
	// at now, and returns it; ErrNotFound otherwise. Two concurrent calls cannot both succeed.
	Consume(ctx context.Context, hash string, now time.Time) (*ResetToken, error)
}

// AccountEvents records what happened to an account (audit_events is about verifications).
type AccountEvents interface {
	Record(ctx context.Context, userID int64, action string, at time.Time) error
}

// PasswordResets holds the forgotten-password use cases.
type PasswordResets struct {
	tx       Transactor
	users    Users
	sessions Sessions
	tokens   ResetTokens
	events   AccountEvents
	hasher   PasswordHasher
	clock    Clock
	jobs     JobQueue
	emails   Emails
	mailer   Mailer
	notify   AccountNotifier
	common   CommonPasswords
	throttle Throttle
}

// PasswordResetDeps are what the reset use cases need.
type PasswordResetDeps struct {
	Tx       Transactor
	Users    Users
	Sessions Sessions
	Tokens   ResetTokens
	Events   AccountEvents
	Hasher   PasswordHasher
	Clock    Clock
	Jobs     JobQueue
	Emails   Emails
	// Mailer sends the reset link from the job's worker, never through a queued SendEmail job,
	// whose arguments would hold the link.
	Mailer Mailer
	// Notify tells the user that the password changed (e-mail and bell); the reset link itself
	// goes by e-mail only, never into the bell.
	Notify AccountNotifier
	// Common lists the passwords too common to be chosen.
	Common CommonPasswords
	// Throttle holds the account's sign-in counters, which a reset clears (Unthrottled when
	// AUTH_RATE_LIMIT=0).
	Throttle Throttle
}

// NewPasswordResets wires the reset use cases.
func NewPasswordResets(d PasswordResetDeps) *PasswordResets {
	return &PasswordResets{tx: d.Tx, users: d.Users, sessions: d.Sessions, tokens: d.Tokens, events: d.Events,
		hasher: d.Hasher, clock: d.Clock, jobs: d.Jobs, emails: d.Emails, mailer: d.Mailer, notify: d.Notify,
		common: d.Common, throttle: d.Throttle}
}

// RequestPasswordReset queues a one-time reset link to the account with this e-mail, if there is
// one. Known and unknown e-mails get the same answer after the same work, one job naming the
// address; the job's worker looks the account up (SendResetLink), so that neither the answer nor
// its timing tells who has an account.
func (p *PasswordResets) RequestPasswordReset(ctx context.Context, email string) error {
	if err := user.ValidateEmail(email); err != nil {
		return err
	}
	return p.jobs.Enqueue(ctx, PasswordResetRequested{Email: user.NormalizeEmail(email)})
}

// SendResetLink works a PasswordResetRequested job: for the account with this e-mail, if there is
// one, it ends the earlier links, stores the hash of a new one and e-mails the link. The token
// exists only here and in the message; the job's arguments hold the address alone.
//
// A retry makes a new link, which ends the one before: an attempt that failed before the message
// went out leaves no working link behind, and in the rare case that the message went out and the
// job's completion was lost, the second message's link is the one that works. Each message's
// idempotency key names its token, so the mailer never confuses two links.
func (p *PasswordResets) SendResetLink(ctx context.Context, email string) error {
	u, err := p.users.ByEmail(ctx, user.NormalizeEmail(email))
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("find user: %w", err)
	}
	token := randomToken(32) // 256 bits
	now := p.clock.Now()
	t := &ResetToken{UserID: u.ID, TokenHash: hashToken(token), CreatedAt: now, ExpiresAt: now.Add(PasswordResetTTL)}
	err = p.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := p.tokens.Supersede(ctx, u.ID, now); err != nil {
			return fmt.Errorf("supersede reset tokens: %w", err)
		}
		if err := p.tokens.Create(ctx, t); err != nil {
			return fmt.Errorf("create reset token: %w", err)
		}
		if err := p.events.Record(ctx, u.ID, EventResetRequested, now); err != nil {
			return fmt.Errorf("record reset request: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	msg, err := p.emails.Render(u.Email, "password-reset:"+strconv.FormatInt(t.ID, 10),
		PasswordReset{Token: token, ValidFor: PasswordResetTTL})
	if err != nil {
		return fmt.Errorf("render the reset e-mail: %w", err)
	}
	return p.mailer.Send(ctx, msg)
}

// ResetPassword sets a new password through a reset link, ends every session of the account and
// uses the link up.
func (p *PasswordResets) ResetPassword(ctx context.Context, token, next string) error {
	if err := user.ValidatePasswordReset(next, p.common.Common); err != nil {
		return err
	}
	if token == "" {
		return ErrResetLinkInvalid
	}
	hash, err := p.hasher.Hash(next)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	now := p.clock.Now()
	return p.tx.WithinTx(ctx, func(ctx context.Context) error {
		t, err := p.tokens.Consume(ctx, hashToken(token), now)
		if errors.Is(err, ErrNotFound) {
			return ErrResetLinkInvalid
		}
		if err != nil {
			return fmt.Errorf("consume reset token: %w", err)
		}
		u, err := p.users.ByID(ctx, t.UserID)
		if err != nil {
			return fmt.Errorf("load user %d: %w", t.UserID, err)
		}
		if err := p.users.UpdatePassword(ctx, u.ID, hash); err != nil {
			return fmt.Errorf("update password: %w", err)
		}
		if err := p.sessions.RevokeAllExcept(ctx, u.ID, ""); err != nil {
			return fmt.Errorf("end sessions: %w", err)
		}
		if err := p.tokens.Supersede(ctx, u.ID, now); err != nil {
			return fmt.Errorf("supersede reset tokens: %w", err)
		}
		if err := p.forgetAttempts(ctx, u); err != nil {
			return err
		}
		if err := p.events.Record(ctx, u.ID, EventPasswordReset, now); err != nil {
			return fmt.Errorf("record password reset: %w", err)
		}
		_, err = p.notify.Tell(ctx, u, "password-changed:reset:"+strconv.FormatInt(t.ID, 10), PasswordChanged{ChangedAt: now})
		return err
	})
}

// forgetAttempts clears the account's counters of sign-in and password-change attempts: whoever
// locked the account out by guessing, its owner has just proved who they are by e-mail.
func (p *PasswordResets) forgetAttempts(ctx context.Context, u *User) error {
	for _, key := range []string{signInKey(u.Email), PasswordChangeKey(u.ID)} {
		if err := p.throttle.Reset(ctx, key); err != nil {
			return fmt.Errorf("clear attempts of %d: %w", u.ID, err)
		}
	}
	return nil
}
