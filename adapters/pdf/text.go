package pdf

import (
	"encoding/json"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// asciiFold maps characters that have no ASCII decomposition to their usual transliteration.
// Characters with a canonical or compatibility decomposition (é, ü, ﬁ, full-width letters, …)
// are handled by NFKD and never reach this table.
var asciiFold = map[rune]string{
	'ß': "ss", 'ẞ': "SS", 'ø': "o", 'Ø': "O", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE",
	'đ': "d", 'Đ': "D", 'ð': "d", 'Ð': "D", 'þ': "th", 'Þ': "Th", 'ł': "l", 'Ł': "L",
	'ı': "i", 'ħ': "h", 'Ħ': "H", 'ŋ': "ng", 'Ŋ': "NG", 'ſ': "s", 'ĸ': "k",
	'‘': "'", '’': "'", '‚': ",", '‛': "'", '′': "'", '“': `"`, '”': `"`, '„': `"`, '″': `"`,
	'‹': "<", '›': ">", '«': "<<", '»': ">>",
	'‐': "-", '‑': "-", '‒': "-", '–': "-", '—': "-", '―': "-", '−': "-",
	'•': "*", '€': "EUR", '£': "GBP", '¥': "JPY", '©': "(c)", '®': "(R)",
	'×': "x", '÷': "/", '±': "+/-", '¡': "!", '¿': "?", '§': "S.", '¶': "P.",
	'\u2028': "\n", '\u2029': "\n",
}

// ascii is the one gate every string passes through on its way into a PDF. fpdf's core fonts
// only cover a single-byte encoding, so text is transliterated to printable ASCII: accents are
// dropped (é -> e), a small table covers letters without a decomposition (ß -> ss, ø -> o),
// and anything else that is not printable is removed. Newlines are kept; tabs and other
// spaces become a plain space.
func ascii(s string) string {
	if isPlainASCII(s) {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if rep, ok := asciiFold[r]; ok {
			b.WriteString(rep)
			continue
		}
		if r < 0x80 {
			writeASCII(&b, r)
			continue
		}
		for _, d := range norm.NFKD.String(string(r)) {
			if rep, ok := asciiFold[d]; ok {
				b.WriteString(rep)
				continue
			}
			switch {
			case d < 0x80:
				writeASCII(&b, d)
			case unicode.IsSpace(d):
				b.WriteByte(' ')
			}
			// Combining marks and everything else outside ASCII are dropped.
		}
	}
	return b.String()
}

func writeASCII(b *strings.Builder, r rune) {
	switch {
	case r == '\n':
		b.WriteByte('\n')
	case r == '\r':
		b.WriteByte('\n')
	case r == '\t', r == '\v', r == '\f':
		b.WriteByte(' ')
	case r >= 0x20 && r < 0x7f:
		b.WriteRune(r)
	}
}

func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\n') || c >= 0x7f {
			return false
		}
	}
	return true
}

// oneLine is ascii with every run of white space, newlines included, folded into one space.
func oneLine(s string) string {
	return strings.Join(strings.Fields(ascii(s)), " ")
}

// orDash stands in for an empty optional field.
func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

// products renders productsTraded, stored as plain text, a JSON array string or a comma list,
// as a comma-separated list.
func products(s string) string {
	s = strings.TrimSpace(s)
	var items []string
	if strings.HasPrefix(s, "[") {
		var arr []any
		if err := json.Unmarshal([]byte(s), &arr); err == nil {
			for _, v := range arr {
				if str, ok := v.(string); ok {
					items = append(items, str)
				} else if v != nil {
					b, _ := json.Marshal(v)
					items = append(items, string(b))
				}
			}
			return joinItems(items)
		}
	}
	return joinItems(strings.Split(s, ","))
}

func joinItems(items []string) string {
	out := items[:0:0]
	for _, it := range items {
		if it = strings.TrimSpace(it); it != "" {
			out = append(out, it)
		}
	}
	return strings.Join(out, ", ")
}

const dateLayout = "January 2, 2006"

// longDate formats t as "January 2, 2006", or "-" for the zero time.
func longDate(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Format(dateLayout)
}

// storedDate formats a section's YYYY-MM-DD string the same way and leaves anything else as
// it was stored.
func storedDate(s string) string {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01-02", time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format(dateLayout)
		}
	}
	return orDash(s)
}
