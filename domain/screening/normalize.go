package screening

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Transliterate turns text in any script into Latin letters: compatibility decomposition (full-width
// forms, ligatures), diacritics removed, Cyrillic, Greek, Arabic, Chinese and the rest written in
// ASCII. The domain has no such tables (the standard library has no Unicode decomposition), so the
// caller injects one backed by a maintained library; without it only Latin diacritics are folded,
// by the small table below, and other scripts stay as they are.
type Transliterate func(string) string

// normalizer turns a name into the tokens that are compared.
type normalizer struct {
	transliterate Transliterate
}

// latinFold covers the Latin letters with diacritics and the ligatures that names use, for when no
// Transliterate is injected (and for text a transliterator returns unchanged).
var latinFold = map[rune]string{
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'đ': "d", 'ð': "d", 'þ': "th", 'ł': "l", 'ı': "i",
	'ħ': "h", 'ŀ': "l", 'ŋ': "n", 'ſ': "s", 'ĳ': "ij", 'ﬁ': "fi", 'ﬂ': "fl",
}

// foldRune removes a diacritic from a lower-case Latin letter by its place in the Latin-1 Supplement
// and Latin Extended-A blocks; other runes come back unchanged.
func foldRune(r rune) string {
	if s, ok := latinFold[r]; ok {
		return s
	}
	switch {
	case r >= 'à' && r <= 'å':
		return "a"
	case r == 'ç':
		return "c"
	case r >= 'è' && r <= 'ë':
		return "e"
	case r >= 'ì' && r <= 'ï':
		return "i"
	case r == 'ñ':
		return "n"
	case (r >= 'ò' && r <= 'ö') || r == 'ő':
		return "o"
	case (r >= 'ù' && r <= 'ü') || r == 'ű' || r == 'ů':
		return "u"
	case r == 'ý' || r == 'ÿ':
		return "y"
	case r >= 0x100 && r <= 0x17F: // Latin Extended-A: base letters in alphabetical runs
		return foldExtendedA(r)
	}
	return string(r)
}

// extendedA lists the base letter of each rune from U+0100 to U+017F.
const extendedA = "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs"

func foldExtendedA(r rune) string {
	i := int(r - 0x100)
	if i < len(extendedA) {
		return extendedA[i : i+1]
	}
	return string(r)
}

func isApostrophe(r rune) bool {
	return r == '\'' || r == '’' || r == '‘' || r == 'ʼ' || r == 'ʻ' || r == '`' || r == '´'
}

// tokens normalises a name: transliteration, case folding, diacritics removed, apostrophes dropped
// ("O'Brien" is "obrien"), other punctuation and spacing unified to one separator. Single letters
// written with dots and no space between them are joined ("S.A." is "sa", "U.S.A." is "usa"), while
// spaced initials ("J. R. Smith") stay separate.
func (n normalizer) tokens(name string) []string {
	if n.transliterate != nil && !isASCII(name) {
		name = n.transliterate(name)
	}
	var out []string
	var cur strings.Builder
	dotted := false // the previous token was a single letter followed directly by a dot
	flush := func(sep rune) {
		if cur.Len() == 0 {
			dotted = false
			return
		}
		tok := cur.String()
		cur.Reset()
		single := utf8.RuneCountInString(tok) == 1
		if dotted && single && len(out) > 0 {
			out[len(out)-1] += tok
		} else {
			out = append(out, tok)
		}
		dotted = sep == '.' && (single || dotted)
	}
	for _, r := range name {
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z' || '0' <= r && r <= '9'):
			cur.WriteRune(r)
		case r < utf8.RuneSelf && 'A' <= r && r <= 'Z':
			cur.WriteRune(r + 'a' - 'A')
		case isApostrophe(r):
		case unicode.Is(unicode.Mn, r): // a combining diacritic left by decomposition
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur.WriteString(foldRune(unicode.ToLower(r)))
		case r == '.':
			flush('.')
		default:
			flush(' ')
			dotted = false
		}
	}
	flush(' ')
	return out
}

// Normalize returns a name as the matcher compares it: normalised tokens separated by one space.
func (n normalizer) Normalize(name string) string {
	return strings.Join(n.tokens(name), " ")
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// particles are the name particles kept as tokens but weighted lightly: they carry little identity
// and are often added or dropped ("Abu Bakr al-Baghdadi", "Ludwig van Beethoven").
var particles = map[string]bool{
	"al": true, "el": true, "bin": true, "ibn": true, "bint": true, "ben": true, "abu": true, "abd": true,
	"van": true, "von": true, "der": true, "den": true, "de": true, "del": true, "della": true,
	"da": true, "di": true, "du": true, "dos": true, "das": true, "la": true, "le": true, "y": true,
	"ul": true, "ur": true, "ud": true,
}
