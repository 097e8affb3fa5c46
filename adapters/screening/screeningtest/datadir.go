// Package screeningtest finds the sanctions list snapshot committed under testdata/sanctions for
// tests and benchmarks, and stands in for Wikidata's SPARQL service.
package screeningtest

import (
	"os"
	"path/filepath"
	"testing"
)

// DataDir returns testdata/sanctions at the root of the module, found by walking up from the
// test's working directory (its package folder) to go.mod. The files are part of the repository,
// so a missing file fails the test instead of skipping it.
func DataDir(tb testing.TB) string {
	tb.Helper()
	d := filepath.Join(moduleRoot(tb), "testdata", "sanctions")
	if _, err := os.Stat(filepath.Join(d, "ofac", "sdn.csv")); err != nil {
		tb.Fatalf("the sanctions snapshot is missing (see testdata/sanctions/README.md): %v", err)
	}
	return d
}

// moduleRoot is the folder of go.mod, found by walking up from the test's working directory (its
// package folder).
func moduleRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatalf("working directory: %v", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatalf("no go.mod above the working directory: the test data cannot be found")
		}
		dir = parent
	}
}
