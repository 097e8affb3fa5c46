package pdf

import (
	"slices"

	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// fpdf writes characters left to right, one glyph per character, with no OpenType shaping. So
// that right-to-left text reads correctly, a line is shaped and reordered here before it reaches
// fpdf: Arabic letters become their contextual presentation forms (initial, medial, final,
// isolated, and the lam-alef ligatures), and the line is put in visual order by a reduced form
// of the Unicode bidirectional algorithm (weak, neutral and implicit rules; explicit embeddings,
// isolates and bracket pairs are not modelled). Marks are drawn after their letter without
// GPOS positioning, so vowel signs sit approximately.

// arabicForms maps a letter to its presentation forms: isolated, final, and for letters that join
// on both sides initial and medial. It is derived from the compatibility decompositions of the
// Arabic Presentation Forms blocks, which list each letter's forms in that order.
var arabicForms, lamAlef = buildArabicForms()

func buildArabicForms() (map[rune][]rune, map[rune][2]rune) {
	forms := map[rune][]rune{}
	for _, block := range [][2]rune{{0xFE70, 0xFEFC}, {0xFB50, 0xFBFF}} {
		group := map[rune][]rune{}
		for r := block[0]; r <= block[1]; r++ {
			if d := []rune(norm.NFKD.String(string(r))); len(d) == 1 && d[0] >= 0x600 && d[0] <= 0x6FF {
				group[d[0]] = append(group[d[0]], r)
			}
		}
		for base, fs := range group {
			if _, done := forms[base]; !done && (len(fs) == 2 || len(fs) == 4) {
				forms[base] = fs
			}
		}
	}
	// Lam followed by an alef is one ligature, isolated or final, keyed by the alef.
	ligatures := map[rune][2]rune{}
	for r := rune(0xFEF5); r <= 0xFEFC; r += 2 {
		d := []rune(norm.NFKD.String(string(r)))
		ligatures[d[1]] = [2]rune{r, r + 1}
	}
	return forms, ligatures
}

const (
	tatweel = 0x640
	zwj     = 0x200D
	zwnj    = 0x200C
	lam     = 0x644
)

// joining is a character's Arabic joining type: 'D' joins on both sides, 'R' only to the
// letter before it, 'T' is transparent (a mark), 'U' does not join.
func joining(r rune) byte {
	if fs, ok := arabicForms[r]; ok {
		if len(fs) == 4 {
			return 'D'
		}
		return 'R'
	}
	if r == tatweel || r == zwj {
		return 'D'
	}
	if p, _ := bidi.LookupRune(r); p.Class() == bidi.NSM {
		return 'T'
	}
	return 'U'
}

// shapeArabic replaces the Arabic letters of a logical-order line by their contextual forms.
func shapeArabic(rs []rune) []rune {
	neighbour := func(i, step int) rune {
		for j := i + step; j >= 0 && j < len(rs); j += step {
			if joining(rs[j]) != 'T' {
				return rs[j]
			}
		}
		return 0
	}
	out := make([]rune, 0, len(rs))
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		fs, ok := arabicForms[r]
		if !ok {
			out = append(out, r)
			continue
		}
		joinsBefore := joining(neighbour(i, -1)) == 'D'
		if r == lam {
			if j := i + 1; j < len(rs) {
				if l, ok := lamAlef[rs[j]]; ok {
					out = append(out, l[boolIndex(joinsBefore)])
					i++
					continue
				}
			}
		}
		next := joining(neighbour(i, 1))
		joinsAfter := len(fs) == 4 && (next == 'D' || next == 'R')
		switch {
		case joinsBefore && joinsAfter:
			out = append(out, fs[3])
		case joinsBefore:
			out = append(out, fs[1])
		case joinsAfter:
			out = append(out, fs[2])
		default:
			out = append(out, fs[0])
		}
	}
	return out
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

func isRTL(r rune) bool {
	p, _ := bidi.LookupRune(r)
	c := p.Class()
	return c == bidi.R || c == bidi.AL || c == bidi.AN
}

// visual returns a one-line string in the order its characters are drawn from left to right,
// with Arabic shaped. Text without right-to-left characters is returned as it is.
func visual(s string) string {
	rs := []rune(s)
	if !slices.ContainsFunc(rs, isRTL) {
		return s
	}
	rs = shapeArabic(rs)
	levels := bidiLevels(rs)
	// L2: from the highest level down to the lowest odd one, reverse every run at that level or above.
	top := slices.Max(levels)
	for lvl := top; lvl >= 1; lvl-- {
		for i := 0; i < len(rs); {
			if levels[i] < lvl {
				i++
				continue
			}
			j := i
			for j < len(rs) && levels[j] >= lvl {
				j++
			}
			slices.Reverse(rs[i:j])
			slices.Reverse(levels[i:j])
			i = j
		}
	}
	for i, r := range rs {
		if levels[i]%2 == 1 { // L4: brackets face the other way in right-to-left text
			rs[i] = mirror(r)
		}
	}
	return string(rs)
}

// bidiLevels resolves the embedding level of each character of one paragraph line.
func bidiLevels(rs []rune) []int {
	cls := make([]bidi.Class, len(rs))
	base := -1
	for i, r := range rs {
		p, _ := bidi.LookupRune(r)
		cls[i] = p.Class()
		switch cls[i] {
		case bidi.LRO, bidi.RLO, bidi.LRE, bidi.RLE, bidi.PDF, bidi.LRI, bidi.RLI, bidi.FSI, bidi.PDI:
			cls[i] = bidi.BN // explicit formatting is not modelled
		}
		if base < 0 {
			switch cls[i] {
			case bidi.L:
				base = 0
			case bidi.R, bidi.AL:
				base = 1
			}
		}
	}
	base = max(base, 0) // P2, P3: the first strong character decides, left to right by default
	sos := bidi.L
	if base == 1 {
		sos = bidi.R
	}
	// W1: marks take the class of the character before them.
	for i := range cls {
		if cls[i] == bidi.NSM {
			if i == 0 {
				cls[i] = sos
			} else {
				cls[i] = cls[i-1]
			}
		}
	}
	// W2, W3: European digits after Arabic letters are Arabic numbers; AL is R.
	strong := sos
	for i, c := range cls {
		switch c {
		case bidi.L, bidi.R, bidi.AL:
			strong = c
		case bidi.EN:
			if strong == bidi.AL {
				cls[i] = bidi.AN
			}
		}
		if cls[i] == bidi.AL {
			cls[i] = bidi.R
		}
	}
	// W4: one separator between two numbers of the same kind joins them.
	for i := 1; i+1 < len(cls); i++ {
		a, b := cls[i-1], cls[i+1]
		if cls[i] == bidi.ES && a == bidi.EN && b == bidi.EN {
			cls[i] = bidi.EN
		} else if cls[i] == bidi.CS && a == b && (a == bidi.EN || a == bidi.AN) {
			cls[i] = a
		}
	}
	// W5: terminators (currency, percent) next to European digits are digits.
	for i := 0; i < len(cls); {
		if cls[i] != bidi.ET {
			i++
			continue
		}
		j := i
		for j < len(cls) && cls[j] == bidi.ET {
			j++
		}
		if (i > 0 && cls[i-1] == bidi.EN) || (j < len(cls) && cls[j] == bidi.EN) {
			for k := i; k < j; k++ {
				cls[k] = bidi.EN
			}
		}
		i = j
	}
	// W6, W7: other separators are neutral; European digits after L are L.
	strong = sos
	for i, c := range cls {
		switch c {
		case bidi.ES, bidi.ET, bidi.CS:
			cls[i] = bidi.ON
		case bidi.L, bidi.R:
			strong = c
		case bidi.EN:
			if strong == bidi.L {
				cls[i] = bidi.L
			}
		}
	}
	// N1, N2: neutrals between characters of one direction take it; otherwise the base direction.
	dir := func(c bidi.Class) bidi.Class {
		if c == bidi.EN || c == bidi.AN {
			return bidi.R
		}
		return c
	}
	for i := 0; i < len(cls); {
		if dir(cls[i]) == bidi.L || dir(cls[i]) == bidi.R {
			i++
			continue
		}
		j := i
		for j < len(cls) && dir(cls[j]) != bidi.L && dir(cls[j]) != bidi.R {
			j++
		}
		before, after := sos, sos
		if i > 0 {
			before = dir(cls[i-1])
		}
		if j < len(cls) {
			after = dir(cls[j])
		}
		fill := sos
		if before == after {
			fill = before
		}
		for k := i; k < j; k++ {
			cls[k] = fill
		}
		i = j
	}
	// I1, I2: implicit levels.
	levels := make([]int, len(cls))
	for i, c := range cls {
		switch {
		case base == 0 && c == bidi.R:
			levels[i] = 1
		case base == 0 && (c == bidi.EN || c == bidi.AN):
			levels[i] = 2
		case base == 1 && (c == bidi.L || c == bidi.EN || c == bidi.AN):
			levels[i] = 2
		default:
			levels[i] = base
		}
	}
	return levels
}

// mirror returns the bracket facing the other way, or r itself.
func mirror(r rune) rune {
	if p, _ := bidi.LookupRune(r); p.IsBracket() {
		return []rune(bidi.ReverseString(string(r)))[0]
	}
	return r
}
