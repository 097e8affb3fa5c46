package mail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
)

// ErrBeingSent is returned while another worker sends a message with the same idempotency key;
// the job retries later and then finds it sent.
var ErrBeingSent = errors.New("another worker is sending this e-mail")

// Mailer delivers each message once per idempotency key. It implements application.Mailer.
//
// Before sending, a worker claims the key in sent_emails; after the transport accepted the
// message it marks the key sent. A retry of a job whose message was delivered finds the mark and
// sends nothing: that covers the job's completion not being recorded, a worker stopped, a job
// rescued as stuck, the same message queued twice. While a claim is fresh nobody else sends the
// message (ErrBeingSent), so two jobs for one key cannot both send it.
//
// What is left is a worker that dies between the server's "250 OK" and the mark: its claim goes
// stale after the lease and the next attempt sends again, with the same Message-ID (derived from
// the key), by which mail systems recognise a duplicate. Marking as sent before sending would close
// that gap by losing the message whenever the send then fails or the worker dies, and a receipt or
// a reset link that never arrives is worse than one that arrives twice.
type Mailer struct {
	transport transport
	from      string
	db        bun.IDB
	lease     time.Duration // a claim older than this was abandoned
	log       *slog.Logger
}

var _ application.Mailer = (*Mailer)(nil)

// New builds the mailer: SMTP when cfg.URL is set, else the outbox directory. db holds
// sent_emails.
func New(cfg Config, db bun.IDB) (*Mailer, error) {
	if cfg.From == "" {
		return nil, errors.New("mail: the sender (SMTP_FROM) is empty")
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 30 * time.Second
	}
	t, err := newTransport(cfg)
	if err != nil {
		return nil, err
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// A live attempt holds its claim for one delivery (a few SMTP round trips within Timeout each)
	// and never past its job's context.
	lease := 2*cfg.Timeout + time.Minute
	if cfg.AttemptTimeout > 0 {
		lease = min(lease, cfg.AttemptTimeout+clockSkew)
	}
	return &Mailer{transport: t, from: cfg.From, db: db, lease: lease, log: log}, nil
}

// clockSkew is how far the servers' clocks may disagree: claims carry the claiming server's time.
const clockSkew = 30 * time.Second

// String names the transport, for the start-up log.
func (m *Mailer) String() string { return m.transport.String() }

// Send delivers msg unless a message with its idempotency key was delivered before.
func (m *Mailer) Send(ctx context.Context, msg application.Message) error {
	if msg.IdempotencyKey == "" {
		return fmt.Errorf("e-mail %q has no idempotency key", msg.Subject)
	}
	composed, err := compose(m.from, msg)
	if err != nil {
		return err
	}
	claimedAt := time.Now().UTC().Truncate(time.Microsecond)
	claimed, err := m.claim(ctx, msg, strings.Trim(composed.GetMessageID(), "<>"), claimedAt)
	if err != nil || !claimed {
		return err
	}
	if err := m.transport.deliver(ctx, composed); err != nil {
		// Release the claim so that the job's next attempt need not wait for the lease.
		_, _ = m.db.NewRaw("DELETE FROM sent_emails WHERE idempotency_key = ? AND sent_at IS NULL AND claimed_at = ?",
			msg.IdempotencyKey, claimedAt).Exec(context.WithoutCancel(ctx))
		return err
	}
	// The message is out: record it even if the job's context ends now.
	_, err = m.db.NewRaw("UPDATE sent_emails SET sent_at = ? WHERE idempotency_key = ?",
		time.Now().UTC(), msg.IdempotencyKey).Exec(context.WithoutCancel(ctx))
	if err != nil {
		return fmt.Errorf("mark e-mail %s sent: %w", msg.IdempotencyKey, err)
	}
	return nil
}

// claim takes the key for this attempt: a new key, or one whose earlier claim was abandoned. It
// reports false with no error when the message was sent already, and ErrBeingSent while another
// worker holds a fresh claim.
func (m *Mailer) claim(ctx context.Context, msg application.Message, messageID string, now time.Time) (bool, error) {
	rows, err := m.db.QueryContext(ctx, `INSERT INTO sent_emails
		(idempotency_key, message_id, recipients, subject, claimed_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (idempotency_key) DO UPDATE SET claimed_at = excluded.claimed_at
		WHERE sent_emails.sent_at IS NULL AND sent_emails.claimed_at < ?
		RETURNING idempotency_key`,
		msg.IdempotencyKey, messageID, strings.Join(msg.To, ", "), msg.Subject, now, now.Add(-m.lease))
	if err != nil {
		return false, fmt.Errorf("claim e-mail %s: %w", msg.IdempotencyKey, err)
	}
	claimed := rows.Next()
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return false, fmt.Errorf("claim e-mail %s: %w", msg.IdempotencyKey, err)
	}
	if claimed {
		return true, nil
	}
	var sentAt sql.NullTime
	if err := m.db.QueryRowContext(ctx, "SELECT sent_at FROM sent_emails WHERE idempotency_key = ?",
		msg.IdempotencyKey).Scan(&sentAt); err != nil {
		return false, fmt.Errorf("check e-mail %s: %w", msg.IdempotencyKey, err)
	}
	if !sentAt.Valid {
		return false, fmt.Errorf("e-mail %s: %w", msg.IdempotencyKey, ErrBeingSent)
	}
	m.log.InfoContext(ctx, "e-mail already sent; not sending it again", "key", msg.IdempotencyKey, "sent_at", sentAt.Time)
	return false, nil
}
