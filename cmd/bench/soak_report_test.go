package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSoakKeepsTheBadInputSection: rewriting docs/reliability.md keeps the table that
// tests/malformed_test.go wrote, and only that section.
func TestSoakKeepsTheBadInputSection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "reliability.md")
	section := "## Bad input\n\n- **pass** 2 malformed requests\n\n| route | what was sent | answer |\n|---|---|---|\n| a | b | 400 |\n"
	doc := "# Reliability\n\n## Injected faults\n\ntext\n\n" + section + "\n## How to run it\n\nmake soak\n"
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := badInputSection(path); got != section {
		t.Errorf("kept %q, want %q", got, section)
	}
	if got := badInputSection(filepath.Join(t.TempDir(), "missing.md")); got != "" {
		t.Errorf("kept %q from no report", got)
	}
}
