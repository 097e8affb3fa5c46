package app

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A data directory that existed with open modes, and a database file others could read, are made
// private at start.
func TestStartMakesTheDataDirectoryPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o755); err != nil { //nolint:gosec // G301: the open mode is what the test tightens
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "session.secret"), []byte(strings.Repeat("s", 64)), 0o644); err != nil { //nolint:gosec // G306: as above
		t.Fatal(err)
	}
	cfg := configFrom(t, "DATA_DIR="+dir, "SESSION_SECRET="+strings.Repeat("s", 32))
	start := func() {
		t.Helper()
		a, err := Wire(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		a.Close()
	}
	start()
	if err := os.Chmod(filepath.Join(dir, "ttt-verify.db"), 0o644); err != nil { //nolint:gosec // G302: as above
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil { //nolint:gosec // G302: as above
		t.Fatal(err)
	}
	start()
	for name, want := range map[string]os.FileMode{"": 0o700, "ttt-verify.db": 0o600, "session.secret": 0o600, "objects": 0o700} {
		info, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if got := info.Mode().Perm(); got != want {
			t.Errorf("%s: mode %o, want %o", filepath.Join("DATA_DIR", name), got, want)
		}
	}
}
