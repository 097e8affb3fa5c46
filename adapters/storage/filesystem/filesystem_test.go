package filesystem_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/storage/blobtest"
	"github.com/tttverify/tttverify/adapters/storage/filesystem"
	"github.com/tttverify/tttverify/application"
)

func newStore(t *testing.T, dir string) *filesystem.Store {
	t.Helper()
	s, err := filesystem.New(dir)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestContract(t *testing.T) {
	blobtest.Run(t, func(t *testing.T) application.BlobStore {
		dir := t.TempDir()
		t.Cleanup(func() { assertNoTempFiles(t, dir) })
		return newStore(t, dir)
	})
}

func TestInvalidKeys(t *testing.T) {
	dir := t.TempDir()
	s := newStore(t, dir)
	// A file outside the store that a traversal would reach.
	outside := filepath.Join(filepath.Dir(dir), "outside.txt")
	if err := os.WriteFile(outside, []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(outside) })
	for _, key := range []string{
		"", "/etc/passwd", "../outside.txt", "a/../../outside.txt", "a/./b", "a//b", "a/b/",
		`a\b`, `..\outside.txt`, "a/\x00b", ".tmp/x", "a/.b.meta", ".", "..",
		strings.Repeat("k", 2000),
	} {
		if _, err := s.Put(t.Context(), key, bytes.NewReader([]byte("x")), 10, "text/plain"); err == nil {
			t.Errorf("Put %q succeeded", key)
		}
		if _, _, err := s.Get(t.Context(), key); !errors.Is(err, application.ErrNotFound) {
			t.Errorf("Get %q: %v, want ErrNotFound", key, err)
		}
		if _, err := s.Stat(t.Context(), key); !errors.Is(err, application.ErrNotFound) {
			t.Errorf("Stat %q: %v, want ErrNotFound", key, err)
		}
		if err := s.Delete(t.Context(), key); !errors.Is(err, application.ErrNotFound) {
			t.Errorf("Delete %q: %v, want ErrNotFound", key, err)
		}
	}
	if b, err := os.ReadFile(outside); err != nil || string(b) != "secret" {
		t.Errorf("file outside the store changed: %q, %v", b, err)
	}
	assertNoTempFiles(t, dir)
}

func TestLayoutIsPlainFiles(t *testing.T) {
	dir := t.TempDir()
	s := newStore(t, dir)
	if _, err := s.Put(t.Context(), "verifications/12/ab-doc.pdf", bytes.NewReader([]byte("%PDF-1.7")), 100, "application/pdf"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "verifications", "12", "ab-doc.pdf"))
	if err != nil || string(b) != "%PDF-1.7" {
		t.Errorf("object file = %q, %v", b, err)
	}
	if err := s.Delete(t.Context(), "verifications/12/ab-doc.pdf"); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "verifications", "12"))
	if err != nil || len(entries) != 0 {
		t.Errorf("after Delete the directory holds %v, %v; want nothing (no sidecar left)", entries, err)
	}
}

func TestDirectoryIsNotAnObject(t *testing.T) {
	s := newStore(t, t.TempDir())
	if _, err := s.Put(t.Context(), "verifications/12/doc.pdf", bytes.NewReader([]byte("x")), 10, ""); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"verifications/12", "verifications/12/doc.pdf/child"} {
		if _, _, err := s.Get(t.Context(), key); !errors.Is(err, application.ErrNotFound) {
			t.Errorf("Get %q: %v, want ErrNotFound", key, err)
		}
	}
}

func TestNewRemovesStaleTempFiles(t *testing.T) {
	dir := t.TempDir()
	newStore(t, dir)
	stale := filepath.Join(dir, ".tmp", "STALE")
	fresh := filepath.Join(dir, ".tmp", "FRESH")
	for _, name := range []string{stale, fresh} {
		if err := os.WriteFile(name, []byte("partial upload"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	newStore(t, dir)
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("stale temp file: %v, want removed", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("recent temp file (maybe another server's upload): %v, want kept", err)
	}
}

func TestPingFailsWhenDirectoryIsGone(t *testing.T) {
	dir := t.TempDir()
	s := newStore(t, dir)
	if err := s.Ping(t.Context()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(t.Context()); !errors.Is(err, application.ErrStoreUnavailable) {
		t.Errorf("Ping after the directory was removed: %v, want ErrStoreUnavailable", err)
	}
}

// assertNoTempFiles fails when an upload left a file behind in the temporary directory.
func assertNoTempFiles(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, ".tmp"))
	if err != nil {
		t.Fatalf("read temp dir: %v", err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) > 0 {
		slices.Sort(names)
		t.Errorf("temporary files left behind: %v", names)
	}
}
