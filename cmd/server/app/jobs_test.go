package app

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// Without SMTP_URL a queued e-mail ends up as an .eml file in DATA_DIR/outbox.
func TestQueuedEmailReachesTheOutbox(t *testing.T) {
	dir := t.TempDir()
	cfg := configFrom(t, "DATA_DIR="+dir, "PUBLIC_BASE_URL=http://verify.test", "SESSION_SECRET="+strings.Repeat("s", 32),
		"WORKERS=1")
	a, err := Wire(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.StartWorkers(context.Background()); err != nil {
		t.Fatal(err)
	}
	msg, err := a.Messaging.Emails.Render("ana@acme.test", "welcome:1", application.AccountCreated{Email: "ana@acme.test"})
	if err != nil {
		t.Fatal(err)
	}
	if err := persistence.NewTransactor(a.DB).WithinTx(context.Background(), func(ctx context.Context) error {
		return a.Messaging.Jobs.Enqueue(ctx, application.SendEmail{Message: msg})
	}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		files, _ := filepath.Glob(filepath.Join(dir, "outbox", "*.eml"))
		if len(files) == 1 {
			b, _ := os.ReadFile(files[0])
			if !strings.Contains(string(b), "Subject: Welcome to TTT Verify") ||
				!strings.Contains(string(b), "From: \"TTT Verify\" <no-reply@verify.test>") {
				t.Fatalf("outbox file:\n%s", b)
			}
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("no .eml file in the outbox")
}

func TestMailConfig(t *testing.T) {
	t.Setenv("PUBLIC_BASE_URL", "https://verify.example.com")
	t.Setenv("PAYMENTS", "simulated") // an https:// server names its payment provider
	for env, ok := range map[string]bool{"WORKERS=-1": false, "WORKERS=x": false, "WORKERS=0": true,
		"SMTP_URL=http://x": false, "SMTP_URL=smtps://u:p@mail.example.com": true, "SMTP_FROM=nobody": false} {
		k, v, _ := strings.Cut(env, "=")
		t.Run(env, func(t *testing.T) {
			t.Setenv(k, v)
			c, err := LoadConfig()
			if (err == nil) != ok {
				t.Fatalf("LoadConfig with %s: %v", env, err)
			}
			if ok && c.SMTPFrom != "TTT Verify <no-reply@verify.example.com>" {
				t.Errorf("default sender %q", c.SMTPFrom)
			}
		})
	}
}
