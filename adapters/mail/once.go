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

// Mailer delivers each message once per idempotency key. It implements application.Mailer.
//
// The key is marked in sent_emails after the transport accepted the message. A retry of a job
// whose message was delivered finds the mark and sends nothing; that covers every failure after
// the mark: the job's completion not being recorded, a worker stopped, a job rescued as stuck.
// What is left is the moment between the server's "250 OK" and the mark being written (a crash
// or the database failing just then): the message is sent again, with the same Message-ID,
// which mail systems use to recognise a duplicate. Marking before sending would close that gap by
// losing the message instead whenever the send then fails or the worker dies, and a receipt or a
// reset link that never arrives is worse than one that arrives twice.
type Mailer struct {
	transport transport
	from      string
	db        bun.IDB
	log       *slog.Logger
}

var _ application.Mailer = (*Mailer)(nil)

// New builds the mailer: SMTP when cfg.URL is set, else the outbox directory. db holds
// sent_emails.
func New(cfg Config, db bun.IDB) (*Mailer, error) {
	if cfg.From == "" {
		return nil, errors.New("mail: the sender (SMTP_FROM) is empty")
	}
	t, err := newTransport(cfg)
	if err != nil {
		return nil, err
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Mailer{transport: t, from: cfg.From, db: db, log: log}, nil
}

// String names the transport, for the start-up log.
func (m *Mailer) String() string { return m.transport.String() }

// Send delivers msg unless a message with its idempotency key was delivered before.
func (m *Mailer) Send(ctx context.Context, msg application.Message) error {
	if msg.IdempotencyKey == "" {
		return fmt.Errorf("e-mail %q has no idempotency key", msg.Subject)
	}
	var sentAt time.Time
	err := m.db.NewRaw("SELECT sent_at FROM sent_emails WHERE idempotency_key = ?", msg.IdempotencyKey).Scan(ctx, &sentAt)
	switch {
	case err == nil:
		m.log.InfoContext(ctx, "e-mail already sent; not sending it again", "key", msg.IdempotencyKey, "sent_at", sentAt)
		return nil
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("check e-mail %s was sent: %w", msg.IdempotencyKey, err)
	}
	composed, err := compose(m.from, msg)
	if err != nil {
		return err
	}
	if err := m.transport.deliver(ctx, composed); err != nil {
		return err
	}
	// The message is out: record it even if the job's context ends now.
	ctx = context.WithoutCancel(ctx)
	_, err = m.db.NewRaw(`INSERT INTO sent_emails (idempotency_key, message_id, recipients, subject, sent_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
		msg.IdempotencyKey, strings.Trim(composed.GetMessageID(), "<>"), strings.Join(msg.To, ", "), msg.Subject,
		time.Now().UTC()).Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark e-mail %s sent: %w", msg.IdempotencyKey, err)
	}
	return nil
}
