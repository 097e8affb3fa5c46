package jobs_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/jobs"
	"github.com/tttverify/tttverify/adapters/mail"
	"github.com/tttverify/tttverify/adapters/mail/smtptest"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// An SMTP server that refuses mail never fails the request that queued the message; the job
// retries, and the message arrives once when the server takes mail again.
func TestEmailJobRetriesUntilTheServerTakesItOnce(t *testing.T) {
	srv := smtptest.Start(t)
	forEachEngine(t, func(t *testing.T, db *persistence.DB, url string) {
		gate := srv.NewGate(t)
		mailer, err := mail.New(mail.Config{URL: gate.URL, From: "TTT Verify <no-reply@verify.test>"}, db.DB)
		if err != nil {
			t.Fatal(err)
		}
		q := newQueue(t, db, url, jobs.Config{Workers: 2, Kinds: []jobs.Kind{jobs.Email(mailer.Send)}})
		b := make([]byte, 6)
		_, _ = rand.Read(b)
		to := "retry-" + hex.EncodeToString(b) + "@acme.test"
		msg := application.Message{To: []string{to}, Subject: "Your receipt", Text: "Amount paid: $499.00",
			HTML: "<p>Amount paid: $499.00</p>", IdempotencyKey: "receipt:" + to}

		ctx := context.Background()
		if err := persistence.NewTransactor(db).WithinTx(ctx, func(ctx context.Context) error {
			return q.Enqueue(ctx, application.SendEmail{Message: msg})
		}); err != nil {
			t.Fatalf("the request failed while SMTP refuses mail: %v", err)
		}
		deadline := time.Now().Add(20 * time.Second)
		for gate.Refusals() < 2 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if gate.Refusals() < 2 {
			t.Fatalf("%d attempts while the server refused, want at least 2", gate.Refusals())
		}
		if got := srv.Messages(t, to); len(got) != 0 {
			t.Fatalf("%d messages arrived through a refusing server", len(got))
		}
		gate.Open()
		got := srv.WaitFor(t, to, 1)
		if got[0].Subject != "Your receipt" || got[0].Text != "Amount paid: $499.00" {
			t.Errorf("delivered %q %q", got[0].Subject, got[0].Text)
		}

		// The same message queued again (a retried use case, a job run twice) is not sent again.
		if err := q.Enqueue(ctx, application.SendEmail{Message: msg}); err != nil {
			t.Fatal(err)
		}
		deadline = time.Now().Add(20 * time.Second)
		for countCompleted(t, db) < 2 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if n := countCompleted(t, db); n != 2 {
			t.Fatalf("%d e-mail jobs completed, want 2", n)
		}
		if got := srv.Messages(t, to); len(got) != 1 {
			t.Fatalf("%d messages arrived, want exactly 1", len(got))
		}
	})
}

func countCompleted(t *testing.T, db *persistence.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(),
		"SELECT count(*) FROM river_job WHERE kind = 'send_email' AND state = 'completed'").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
