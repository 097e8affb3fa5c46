package mail_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/mail"
	"github.com/tttverify/tttverify/adapters/mail/smtptest"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/application"
)

const from = "TTT Verify <no-reply@verify.example.com>"

func rcpt() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "user-" + hex.EncodeToString(b) + "@acme.test"
}

func receipt(t *testing.T, to, key string) application.Message {
	t.Helper()
	tmpl, err := mail.NewTemplates(base)
	if err != nil {
		t.Fatal(err)
	}
	m, err := tmpl.Render(to, key, application.PaymentReceipt{VerificationID: 12, ReceiptNumber: "R-12",
		PaidAt: when, CompanyName: "Acme Ltd", Tier: "basic", Currency: "usd", PriceCents: 49900, AmountCents: 49900,
		CardBrand: "visa", CardLast4: "4242"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func sqlite(t *testing.T) *persistence.DB {
	db, _ := dbtest.Open(t, "sqlite")
	return db
}

// newMailer is a mailer with its own sent_emails table.
func newMailer(t *testing.T, cfg mail.Config) *mail.Mailer {
	t.Helper()
	cfg.From = from
	m, err := mail.New(cfg, sqlite(t).DB)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// smtpReceipt is a mailer on the test SMTP server and a receipt to a recipient of its own.
func smtpReceipt(t *testing.T) (*smtptest.Server, *mail.Mailer, string, application.Message) {
	t.Helper()
	srv := smtptest.Start(t)
	to := rcpt()
	return srv, newMailer(t, mail.Config{URL: srv.URL}), to, receipt(t, to, "receipt:"+to)
}

func TestSMTPDeliversTheMessage(t *testing.T) {
	t.Parallel()
	srv, m, to, msg := smtpReceipt(t)
	if err := m.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	got := srv.WaitFor(t, to, 1)[0]
	if got.Subject != msg.Subject || got.From[0].Address != "no-reply@verify.example.com" || got.From[0].Name != "TTT Verify" {
		t.Errorf("subject %q from %+v", got.Subject, got.From)
	}
	for _, want := range []string{"R-12", "$499.00", "Visa ending in 4242", base + "/verification/12"} {
		if !strings.Contains(got.Text, want) || !strings.Contains(got.HTML, want) {
			t.Errorf("delivered message lacks %q:\ntext: %s\nhtml: %s", want, got.Text, got.HTML)
		}
	}
	if id := got.MessageID(); !strings.HasSuffix(id, "@verify.example.com>") {
		t.Errorf("Message-ID %q is not derived for our domain", id)
	}
}

func TestSendingAKeyTwiceDeliversOnce(t *testing.T) {
	t.Parallel()
	srv, m, to, msg := smtpReceipt(t)
	for range 3 {
		if err := m.Send(context.Background(), msg); err != nil {
			t.Fatal(err)
		}
	}
	other := msg
	other.IdempotencyKey += ":other"
	if err := m.Send(context.Background(), other); err != nil {
		t.Fatal(err)
	}
	got := srv.WaitFor(t, to, 2)
	if len(got) != 2 || got[0].MessageID() == got[1].MessageID() {
		t.Fatalf("%d messages (Message-IDs %v), want one per key", len(got), got)
	}
}

func TestRefusingServerFailsTheSend(t *testing.T) {
	t.Parallel()
	srv := smtptest.Start(t)
	gate := srv.NewGate(t)
	m := newMailer(t, mail.Config{URL: gate.URL})
	to := rcpt()
	msg := receipt(t, to, "refused:"+to)
	if err := m.Send(context.Background(), msg); err == nil {
		t.Fatal("a refused message reported success")
	}
	gate.Open()
	if err := m.Send(context.Background(), msg); err != nil {
		t.Fatalf("send after the server came back: %v", err)
	}
	if got := srv.WaitFor(t, to, 1); len(got) != 1 {
		t.Fatalf("%d messages, want 1", len(got))
	}
}

func TestWrongCredentialsFail(t *testing.T) {
	t.Parallel()
	srv := smtptest.Start(t)
	bad := strings.Replace(srv.URL, "@", "x@", 1) // a wrong password
	m := newMailer(t, mail.Config{URL: bad})
	if err := m.Send(context.Background(), receipt(t, rcpt(), "auth:1")); err == nil {
		t.Fatal("a send with a wrong password succeeded")
	}
}

func TestOutboxWritesOneFilePerMessage(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "outbox")
	m := newMailer(t, mail.Config{OutboxDir: dir})
	to := rcpt()
	msg := receipt(t, to, "receipt:outbox")
	for range 2 {
		if err := m.Send(context.Background(), msg); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("outbox holds %v, want one .eml file", files)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	parsed, err := netmail.ReadMessage(f)
	if err != nil {
		t.Fatalf("the .eml file is not a message: %v", err)
	}
	if parsed.Header.Get("Subject") != msg.Subject || !strings.Contains(parsed.Header.Get("To"), to) ||
		!strings.HasPrefix(parsed.Header.Get("Content-Type"), "multipart/alternative") {
		t.Errorf("headers %v", parsed.Header)
	}
}

func TestConfigErrors(t *testing.T) {
	db := sqlite(t).DB
	for _, cfg := range []mail.Config{
		{URL: "http://mail.example.com", From: from},
		{URL: "smtp://mail.example.com:port", From: from},
		{URL: "smtp://mail.example.com"},
		{From: from},
	} {
		if _, err := mail.New(cfg, db); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
}

// The sent_emails claims on each engine: concurrent sends of one key deliver it once, and a claim
// whose worker died is taken over.
func TestSentEmailClaims(t *testing.T) {
	srv := smtptest.Start(t)
	for _, engine := range dbtest.Engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			db, _ := dbtest.Open(t, engine)
			m, err := mail.New(mail.Config{URL: srv.URL, From: from}, db.DB)
			if err != nil {
				t.Fatal(err)
			}
			t.Run("concurrent sends of one key deliver once", func(t *testing.T) {
				to := rcpt()
				msg := receipt(t, to, "concurrent:"+to)
				errs := make(chan error, 8)
				for range cap(errs) {
					go func() { errs <- m.Send(context.Background(), msg) }()
				}
				for range cap(errs) {
					if err := <-errs; err != nil && !errors.Is(err, mail.ErrBeingSent) {
						t.Errorf("Send: %v", err)
					}
				}
				if err := m.Send(context.Background(), msg); err != nil { // sent by now: nothing to do
					t.Fatal(err)
				}
				time.Sleep(300 * time.Millisecond)
				if got := srv.Messages(t, to); len(got) != 1 {
					t.Fatalf("%d messages arrived, want 1", len(got))
				}
			})
			t.Run("an abandoned claim is taken over", func(t *testing.T) {
				to := rcpt()
				msg := receipt(t, to, "abandoned:"+to)
				// A worker claimed the key an hour ago and died before it sent or marked the message.
				if _, err := db.NewRaw(`INSERT INTO sent_emails (idempotency_key, message_id, recipients, subject, claimed_at)
					VALUES (?, 'x', ?, ?, ?)`, msg.IdempotencyKey, to, msg.Subject, time.Now().UTC().Add(-time.Hour)).
					Exec(context.Background()); err != nil {
					t.Fatal(err)
				}
				if err := m.Send(context.Background(), msg); err != nil {
					t.Fatal(err)
				}
				srv.WaitFor(t, to, 1)
			})
			t.Run("a claim outlives no job attempt", func(t *testing.T) {
				// JOB_TIMEOUT 5 s: a rescued job finds its dead predecessor's claim abandoned after
				// 5 s and the clocks' margin, not after the SMTP lease of two minutes.
				short, err := mail.New(mail.Config{URL: srv.URL, From: from, AttemptTimeout: 5 * time.Second}, db.DB)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range []struct {
					age  time.Duration
					want error
				}{{20 * time.Second, mail.ErrBeingSent}, {40 * time.Second, nil}} {
					to := rcpt()
					msg := receipt(t, to, "rescued:"+to)
					if _, err := db.NewRaw(`INSERT INTO sent_emails (idempotency_key, message_id, recipients, subject, claimed_at)
						VALUES (?, 'x', ?, ?, ?)`, msg.IdempotencyKey, to, msg.Subject, time.Now().UTC().Add(-c.age)).
						Exec(context.Background()); err != nil {
						t.Fatal(err)
					}
					if err := short.Send(context.Background(), msg); !errors.Is(err, c.want) {
						t.Errorf("a claim %v old: Send = %v, want %v", c.age, err, c.want)
					}
				}
			})
		})
	}
}
