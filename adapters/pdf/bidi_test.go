package pdf

import "testing"

func TestVisualShapesAndReorders(t *testing.T) {
	t.Parallel()
	// شركة: sheen joins forward (initial), reh joins back only (final), so kaf starts again
	// (initial) and teh marbuta ends the word (final). Drawn left to right, the word is reversed.
	const sharika = "\uFE94\uFEDB\uFEAE\uFEB7"
	tests := []struct{ name, in, want string }{
		{"latin unchanged", "Société Générale 42", "Société Générale 42"},
		{"cjk unchanged", "上海海洋贸易有限公司", "上海海洋贸易有限公司"},
		{"arabic word", "شركة", sharika},
		{"lam-alef ligature, final after a joining letter", "سلام", "\uFEE1\uFEFC\uFEB3"},
		{"lam-alef ligature, isolated", "لا", "\uFEFB"},
		{"arabic words keep their order right to left", "شركة دبي", "\uFEF2\uFE91\uFEA9 " + sharika},
		{"digits after arabic stay left to right", "شركة 2024", "2024 " + sharika},
		{"latin line with an arabic name", "Invoice 12 شركة", "Invoice 12 " + sharika},
		{"arabic line with a latin name", "شركة ABC", "ABC " + sharika},
		{"brackets face the text", "(شركة)", "(" + sharika + ")"},
		{"arabic comma between words", "دبي، ديرة", "\uFE93\uFEAE\uFEF3\uFEA9 \u060C\uFEF2\uFE91\uFEA9"},
	}
	for _, tt := range tests {
		if got := visual(tt.in); got != tt.want {
			t.Errorf("%s: visual(%q) = %q, want %q", tt.name, tt.in, []rune(got), []rune(tt.want))
		}
	}
}

func TestArabicFormsCoverTheAlphabet(t *testing.T) {
	t.Parallel()
	for r := rune(0x628); r <= 0x64A; r++ {
		if r >= 0x63B && r <= 0x640 {
			continue // not letters, or tatweel
		}
		if _, ok := arabicForms[r]; !ok {
			t.Errorf("no presentation forms for %U %q", r, r)
		}
	}
	for _, r := range "پچژگکی" { // Persian letters come from Presentation Forms-A
		if len(arabicForms[r]) == 0 {
			t.Errorf("no presentation forms for %U %q", r, r)
		}
	}
	if len(arabicForms['ا']) != 2 || len(arabicForms['ب']) != 4 {
		t.Errorf("alef has %d forms (want 2), beh %d (want 4)", len(arabicForms['ا']), len(arabicForms['ب']))
	}
}
