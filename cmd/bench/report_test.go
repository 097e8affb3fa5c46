package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReplaceRowsSwapsTheGroupAndBringsTheNotesUpToDate(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.MkdirAll("docs", 0o755); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join("docs", "performance.md")
	old := "# Performance\n\n- Machine: test\n- Baseline: a bare handler\n\n" +
		"| scenario | rows |\n|---|---|\n" +
		"| slow phone: `/`, old | - |\n| public: kept | - |\n| SPA first load (gzipped JS) | - |\n\n" +
		"## Old findings\n\nstale\n"
	if err := os.WriteFile(report, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(notesPath, []byte("## New findings\n\nfresh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := phoneRow("/", 4, 5, phoneMedians{Performance: 98, Scores: []float64{98}})
	if err := replaceRows(report, []result{fresh}, []string{phoneRowPrefix}, "Slow-phone rows", "scripts/bench.sh -only phone"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{"- Slow-phone rows: measured by `scripts/bench.sh -only phone`", row(fresh) + "| SPA first load", "| public: kept | - |", "\n\n## New findings\n\nfresh\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	for _, gone := range []string{"old | - |", "Old findings"} {
		if strings.Contains(got, gone) {
			t.Errorf("report still has %q:\n%s", gone, got)
		}
	}
}
