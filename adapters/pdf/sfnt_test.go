package pdf

import "testing"

func TestSubsetKeepsOnlyTheRunesAskedFor(t *testing.T) {
	t.Parallel()
	full, err := notoSans.load()
	if err != nil {
		t.Fatal(err)
	}
	// é is a composite glyph in Noto Sans (e and an acute): its parts must come along.
	want := []rune("Aé ")
	sub, err := parseSFNT(full.subset(append(want, '上'))) // a rune the font lacks is ignored
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range want {
		if !sub.has(r) {
			t.Errorf("subset lacks %q", r)
		}
		if sub.advance(r) != full.advance(r) {
			t.Errorf("%q advances %v in the subset, %v in the font", r, sub.advance(r), full.advance(r))
		}
	}
	for _, r := range "B上" {
		if sub.has(r) {
			t.Errorf("subset has %q", r)
		}
	}
	parts := 0
	components(sub.glyph(sub.cmap['é']), func(at int) {
		parts++
		part := be.Uint16(sub.glyph(sub.cmap['é'])[at:])
		if int(part) >= sub.glyphs || len(sub.glyph(part)) == 0 {
			t.Errorf("component %d of é is missing from the subset", part)
		}
	})
	if parts != 2 {
		t.Errorf("é has %d components, want 2", parts)
	}
	if sub.glyphs != 6 { // .notdef, A, é, space, e, acute
		t.Errorf("subset has %d glyphs, want 6", sub.glyphs)
	}
}
