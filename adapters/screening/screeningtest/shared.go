// Package screeningtest finds the shared sanctions list files for tests and benchmarks.
package screeningtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// SharedDir returns the folder of real list files, ../shared/data/sanctions beside the repository
// (a worktree or a clone), or SANCTIONS_DATA_DIR when set. It skips the test when the folder is
// missing, except under CI=true, where a missing folder fails the test.
func SharedDir(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv("SANCTIONS_DATA_DIR"); d != "" {
		return d
	}
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err == nil {
		d := filepath.Join(strings.TrimSpace(string(out)), "..", "shared", "data", "sanctions")
		if _, err := os.Stat(filepath.Join(d, "ofac", "sdn.csv")); err == nil {
			return d
		}
	}
	if os.Getenv("CI") == "true" {
		tb.Fatalf("the shared sanctions files (../shared/data/sanctions beside the repository) are missing")
	}
	tb.Skip("the shared sanctions files are not beside this repository")
	return ""
}
