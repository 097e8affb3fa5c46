package pdf

import (
	"encoding/json"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// clean is the one gate every string passes through on its way into a PDF. It composes
// characters (NFC, so an accent printed without positioning tables sits on its letter), turns
// line and paragraph separators into newlines and other white space into a plain space, drops
// control and invisible formatting characters (except the joiners Arabic shaping reads), and
// replaces characters beyond the Basic Multilingual Plane, which fpdf cannot address, with U+FFFD.
func clean(s string) string {
	s = norm.NFC.String(strings.ReplaceAll(s, "\r\n", "\n"))
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
			b.WriteByte('\n')
		case r == zwj || r == zwnj:
			b.WriteRune(r)
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
		case r > 0xFFFF:
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// oneLine is clean with every run of white space, newlines included, folded into one space.
func oneLine(s string) string {
	return strings.Join(strings.Fields(clean(s)), " ")
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

// longDate formats t's date in UTC as "January 2, 2006", or "-" for the zero time. The documents
// say so where they print one (utcNote): their readers are in every time zone.
func longDate(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(dateLayout)
}

// utcNote names the zone of an instant's date on a certificate or a CIS.
const utcNote = " (UTC)"

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
