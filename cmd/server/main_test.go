package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/cmd/server/app"
	"github.com/tttverify/tttverify/domain/user"
)

// runMainArgs, when set, makes this test binary the server: TestMain runs main with these
// arguments, so that a test sees the command's real output and exit status.
const runMainArgs = "TTT_TEST_MAIN_ARGS"

func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(runMainArgs); ok {
		os.Args = append([]string{"server"}, strings.Fields(args)...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runMain runs `server ARGS…` in a process of its own whose environment is only environ and a fresh
// DATA_DIR, and returns its exit status and output.
func runMain(t *testing.T, environ []string, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0]) //nolint:gosec // G204: this test binary
	cmd.Env = append([]string{runMainArgs + "=" + strings.Join(args, " "), "DATA_DIR=" + t.TempDir()}, environ...)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatalf("server %s: %v", strings.Join(args, " "), err)
	}
	return status, out.String(), errs.String()
}

// testConfig is the configuration read from environ with a fresh data directory.
func testConfig(t *testing.T, environ ...string) *app.Config {
	t.Helper()
	cfg, err := app.ConfigFrom(append([]string{"DATA_DIR=" + t.TempDir()}, environ...))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// serve --help and -h print every variable with its default and meaning and exit 0, even when the
// environment holds a bad value (the operator may be looking up how to fix it).
func TestServeHelp(t *testing.T) {
	var want bytes.Buffer
	if err := app.WriteHelp(&want); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"--help", "-h"} {
		status, stdout, stderr := runMain(t, []string{"AUTH_RATE_LIMIT=ten"}, "serve", arg)
		if status != 0 || stderr != "" {
			t.Errorf("serve %s: exit status %d, stderr %q; want 0 and nothing", arg, status, stderr)
		}
		if stdout != "usage: server serve\n\nRuns the web server.\n\n"+want.String() {
			t.Errorf("serve %s printed\n%s", arg, stdout)
		}
		if !strings.Contains(stdout, "  AUTH_RATE_LIMIT (default: 10)\n") {
			t.Errorf("serve %s does not show AUTH_RATE_LIMIT's default", arg)
		}
	}
	if _, stdout, _ := runMain(t, nil, "--help"); !strings.Contains(stdout, "serve --help") {
		t.Errorf("the usage does not point to serve --help:\n%s", stdout)
	}
}

// A bad value stops the server before it opens anything, with exit status 1 and a message that
// names the variable.
func TestServeRefusesBadConfiguration(t *testing.T) {
	for _, tc := range []struct{ env, want string }{
		{"AUTH_RATE_LIMIT=ten", "AUTH_RATE_LIMIT must be a whole number >= 0"},
		{"SHARE_LINK_TTL=forever", "SHARE_LINK_TTL must be a positive duration"},
		{"PUBLIC_BASE_URL=verify.example.com", "PUBLIC_BASE_URL must be an http(s) origin"},
		{"SESSION_SECRET=short", "SESSION_SECRET must be at least 32 characters"},
	} {
		status, stdout, stderr := runMain(t, []string{tc.env, "ADDR=127.0.0.1:0"}, "serve")
		if status != 1 || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "database ready") {
			t.Errorf("serve with %s: exit status %d, stderr %q; want 1 and %q before the database opens", tc.env, status, stderr, tc.want)
		}
		if stdout != "" {
			t.Errorf("serve with %s printed %q", tc.env, stdout)
		}
	}
	if status, _, stderr := runMain(t, nil, "serve", "--port", "80"); status != 1 || !strings.Contains(stderr, "serve takes no arguments") {
		t.Errorf("serve --port 80: exit status %d, stderr %q", status, stderr)
	}
}

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
	cfg := testConfig(t)
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

// TestCreateAdminRoles: --role reviewer makes a reviewer, the default stays an administrator,
// and changing an existing account's role needs --promote.
func TestCreateAdminRoles(t *testing.T) {
	cfg := testConfig(t)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	run := func(args ...string) error {
		return createAdmin(context.Background(), cfg, quiet, args, stdinWith(t, "a-long-password\n"))
	}
	if err := run("--email", "checker@ttt.example", "--role", "auditor"); err == nil || !strings.Contains(err.Error(), "reviewer or admin") {
		t.Fatalf("--role auditor: %v", err)
	}
	if err := run("--email", "checker@ttt.example", "--role", "reviewer"); err != nil {
		t.Fatal(err)
	}
	if err := run("--email", "boss@ttt.example"); err != nil {
		t.Fatal(err)
	}
	if err := run("--email", "checker@ttt.example"); err == nil || !strings.Contains(err.Error(), "--promote") {
		t.Fatalf("making a reviewer an administrator without --promote: %v", err)
	}
	role := func(email string) user.Role {
		t.Helper()
		a, err := app.Wire(context.Background(), cfg, quiet)
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		u, _, err := a.Auth.Login(context.Background(), email, "a-long-password", "")
		if err != nil {
			t.Fatalf("log in as %s: %v", email, err)
		}
		return u.Role
	}
	if r := role("checker@ttt.example"); r != user.Reviewer {
		t.Fatalf("checker's role %q, want reviewer", r)
	}
	if r := role("boss@ttt.example"); r != user.Admin {
		t.Fatalf("boss's role %q, want admin (the default)", r)
	}
	if err := run("--email", "checker@ttt.example", "--role", "admin", "--promote"); err != nil {
		t.Fatal(err)
	}
	if r := role("checker@ttt.example"); r != user.Admin {
		t.Fatalf("checker's role after --promote %q, want admin", r)
	}
	if err := run("--email", "checker@ttt.example", "--role", "reviewer", "--promote"); err != nil {
		t.Fatal(err)
	}
	if r := role("checker@ttt.example"); r != user.Reviewer {
		t.Fatalf("checker's role after --role reviewer --promote %q, want reviewer", r)
	}
}
