package main

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/cmd/server/app"
)

// stdinWith is a file holding text, as a pipe into the command would be.
func stdinWith(t *testing.T, text string) *os.File {
	t.Helper()
	p := filepath.Join(t.TempDir(), "stdin")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p) //nolint:gosec // G304: the test's own file
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f
}

// TestCreateAdminReadsPasswordFromStdin: the password never travels on the command line (other
// users see it in the process list) and is at least 12 characters.
func TestCreateAdminReadsPasswordFromStdin(t *testing.T) {
	cfg := &app.Config{DataDir: t.TempDir(), PublicBaseURL: "http://localhost:8080"}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	run := func(stdin string, args ...string) error {
		return createAdmin(context.Background(), cfg, quiet, args, stdinWith(t, stdin))
	}
	if err := run("a-long-password\n", "--email", "boss@ttt.example", "--password", "a-long-password"); err == nil {
		t.Fatal("--password on the command line was accepted")
	}
	if err := run("eleven-char\n", "--email", "boss@ttt.example"); err == nil || !strings.Contains(err.Error(), "12 characters") {
		t.Fatalf("an 11-character password: %v", err)
	}
	if err := run("a-long-password\n", "--email", "boss@ttt.example"); err != nil {
		t.Fatal(err)
	}
	a, err := app.Wire(context.Background(), cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, _, err := a.Auth.Login(context.Background(), "boss@ttt.example", "a-long-password", ""); err != nil {
		t.Fatalf("log in with the password read from stdin: %v", err)
	}
}
