package app

import (
	"fmt"
	"os"
	"path/filepath"
)

// secureDataDir makes DATA_DIR private to the server's user: the directory 0700, and what lies
// directly in it 0600 (the SQLite database and its journal, the session secret) or 0700 (objects,
// outbox). It holds every applicant's data and the key that signs sessions, and a directory that
// existed before the first start keeps whatever mode it was made with unless tightened here.
func secureDataDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create data directory: %w", err)
	}
	if err := os.Chmod(dir, 0o700); err != nil { //nolint:gosec // G302: a directory needs its x bit; 0700 is private
		return fmt.Errorf("restrict data directory %s: %w", dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("read data directory: %w", err)
	}
	for _, e := range entries {
		mode := os.FileMode(0o600)
		switch {
		case e.IsDir():
			mode = 0o700
		case !e.Type().IsRegular():
			continue
		}
		if err := os.Chmod(filepath.Join(dir, e.Name()), mode); err != nil { //nolint:gosec // G302: 0700 only for directories
			return fmt.Errorf("restrict %s: %w", e.Name(), err)
		}
	}
	return nil
}
