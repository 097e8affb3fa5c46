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
	formLetters   map[string]bool // legal forms written as a few letters ("sa", "sac", "ltd"), see companyTokens
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

// tokens normalises a name as a person's: transliteration, case folding, diacritics removed,
// apostrophes dropped ("O'Brien" is "obrien"), other punctuation and spacing unified to one
// separator. Single letters written with dots and no space between them are joined ("S.A." is
// "sa", "U.S.A." is "usa"), while spaced initials ("J. R. Smith") stay separate.
func (n normalizer) tokens(name string) []string {
	toks, glued := n.split(name)
	out := toks[:0]
	for i, t := range toks {
		if glued[i] && len(out) > 0 {
			out[len(out)-1] += t
		} else {
			out = append(out, t)
		}
	}
	return out
}

// companyTokens normalises a name as a company's: as tokens, but single letters written apart
// ("S A C", "S. A. C.") are joined like dotted ones ("S.A.C.") into one token, "sac", which "SAC"
// also is: in a company's name such letters spell an abbreviation, not initials. A legal form's
// letters at the end of a longer run stay apart, so "U M V S A" reads as "U.M.V. S.A." does: "umv
// sa"; two dotted abbreviations stay two ("S.A. C.I." is "sa ci").
func (n normalizer) companyTokens(name string) []string {
	toks, glued := n.split(name)
	out := make([]string, 0, len(toks))
	var run strings.Builder // single letters written apart, waiting to be joined
	flushRun := func() {
		letters := run.String()
		run.Reset()
		cut := len(letters)
		if !n.formLetters[letters] {
			for k := 1; k < len(letters)-1; k++ {
				if n.formLetters[letters[k:]] {
					cut = k
					break
				}
			}
		}
		if cut > 0 {
			out = append(out, letters[:cut])
		}
		if cut < len(letters) {
			out = append(out, letters[cut:])
		}
	}
	for i := 0; i < len(toks); {
		j := i + 1
		for j < len(toks) && glued[j] {
			j++
		}
		if j == i+1 && isLetterToken(toks[i]) {
			run.WriteString(toks[i])
		} else {
			flushRun()
			out = append(out, strings.Join(toks[i:j], ""))
		}
		i = j
	}
	flushRun()
	return out
}

// latin writes a name in Latin letters when a transliterator is injected; a name already in ASCII
// comes back as it is, so a caller may transliterate once and split twice.
func (n normalizer) latin(name string) string {
	if n.transliterate != nil && !isASCII(name) {
		return n.transliterate(name)
	}
	return name
}

func isLetterToken(t string) bool { return len(t) == 1 && t[0] >= 'a' && t[0] <= 'z' }

// split cuts a normalised name into tokens without joining any, and says of each whether it is a
// single letter written right after another single letter and a dot (the "a" of "S.A.").
func (n normalizer) split(name string) (toks []string, glued []bool) {
	name = n.latin(name)
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
		toks = append(toks, tok)
		glued = append(glued, dotted && single && len(toks) > 1)
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
	return toks, glued
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
