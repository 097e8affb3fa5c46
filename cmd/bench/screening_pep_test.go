package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unicode"

	adapter "github.com/tttverify/tttverify/adapters/screening"
)

// TestSyntheticPEPIsDeterministicAndImportable: the same size and seed give the same file, which
// the product's PEP CSV parser reads entry for entry, with names in each of the five scripts.
func TestSyntheticPEPIsDeterministicAndImportable(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "pep.csv"), filepath.Join(t.TempDir(), "pep.csv")
	for _, p := range []string{a, b} {
		if err := writeSyntheticPEP(p, 2000, pepSeed); err != nil {
			t.Fatal(err)
		}
	}
	x, _ := os.ReadFile(a)
	y, _ := os.ReadFile(b)
	if !bytes.Equal(x, y) {
		t.Fatal("two files of the same size and seed differ")
	}
	list, err := adapter.ParseDir(adapter.PEPCSV, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Entries) != 2000 {
		t.Fatalf("parsed %d entries, want 2000", len(list.Entries))
	}
	scripts := map[string]*unicode.RangeTable{"Latin": unicode.Latin, "Cyrillic": unicode.Cyrillic, "Greek": unicode.Greek,
		"Arabic": unicode.Arabic, "Han": unicode.Han}
	seen := map[string]bool{}
	diacritics := false
	for _, e := range list.Entries {
		for name, table := range scripts {
			for _, r := range e.Name {
				if unicode.Is(table, r) {
					seen[name] = true
					diacritics = diacritics || (name == "Latin" && r > unicode.MaxASCII)
				}
			}
		}
	}
	if len(seen) != len(scripts) || !diacritics {
		t.Errorf("scripts seen %v, Latin diacritics %v: want all five and diacritics", seen, diacritics)
	}
}
