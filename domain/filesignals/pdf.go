package filesignals

import (
	"bytes"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"time"
)

// pdfScanner finds, in one pass over a PDF, its end-of-file markers and cross-reference
// sections (each incremental update appends one), a /Prev key in a trailer (a trailer that
// points back at an earlier one), the Info dictionary's /CreationDate and /ModDate and the
// XMP packet's xmp:CreateDate and xmp:ModifyDate. It looks at a window of the stream: what
// it has not looked at yet plus lookahead bytes, enough for a key and its value.
type pdfScanner struct {
	win      []byte
	winStart int64 // offset of win[0] in the file
	done     int64 // matches starting before this offset have been handled

	linearized      bool
	eofs, startxref int
	prevs           int
	inTrailer       bool
	info, xmp       datePair
	found           []match // reused by scan: a hostile file may hold a token every few bytes
}

// datePair is the last creation and modification dates one kind of metadata states.
type datePair struct{ created, modified time.Time }

func (p datePair) complete() bool { return !p.created.IsZero() && !p.modified.IsZero() }

// lookahead is how far past a key its value may reach and still be read.
const lookahead = 160

// linearizedWithin is where a linearized file's parameter dictionary must start (ISO 32000-1, F.2).
const linearizedWithin = 1024

func newPDFScanner() *pdfScanner { return &pdfScanner{} }

// pdfTokens are the byte strings the scanner acts on, grouped by a prefix that one search finds
// (a search a token would cost as much as a search a prefix).
var pdfTokens = []struct {
	prefix []byte
	tokens [][]byte
}{
	{[]byte("%%EOF"), [][]byte{[]byte("%%EOF")}},
	{[]byte("startxref"), [][]byte{[]byte("startxref")}},
	{[]byte("trailer"), [][]byte{[]byte("trailer")}},
	{[]byte("/"), [][]byte{[]byte("/Prev"), []byte("/Linearized"), []byte("/CreationDate"), []byte("/ModDate")}},
	{[]byte("xmp:"), [][]byte{[]byte("xmp:CreateDate"), []byte("xmp:ModifyDate")}},
}

func (s *pdfScanner) write(p []byte) {
	s.win = append(s.win, p...)
	s.scan(false)
	if keep := lookahead; len(s.win) > keep {
		drop := len(s.win) - keep
		s.win = s.win[:copy(s.win, s.win[drop:])]
		s.winStart += int64(drop)
	}
}

// match is one token found at an offset of the window.
type match struct {
	at  int
	tok []byte
}

// scan handles, in file order, the tokens that start where it stopped last time and at least
// lookahead bytes before the window's end (anywhere, once the file has ended).
func (s *pdfScanner) scan(final bool) {
	from := int(s.done - s.winStart)
	limit := len(s.win)
	if !final {
		limit -= lookahead
	}
	if limit <= from {
		return
	}
	found := s.found[:0]
	for _, group := range pdfTokens {
		for i := from; i < limit; {
			j := bytes.Index(s.win[i:], group.prefix)
			if j < 0 || i+j >= limit {
				break
			}
			i += j
			for _, tok := range group.tokens {
				if bytes.HasPrefix(s.win[i:], tok) {
					found = append(found, match{i, tok})
					break
				}
			}
			i += len(group.prefix)
		}
	}
	slices.SortFunc(found, func(a, b match) int { return a.at - b.at })
	for _, m := range found {
		s.handle(m.tok, s.win[m.at+len(m.tok):], s.winStart+int64(m.at))
	}
	s.found = found
	s.done = s.winStart + int64(limit)
}

// handle acts on one token; rest is what follows it in the window.
func (s *pdfScanner) handle(tok, rest []byte, at int64) {
	switch string(tok) {
	case "%%EOF":
		s.eofs++
	case "startxref":
		s.startxref++
		s.inTrailer = false
	case "trailer":
		s.inTrailer = true
	case "/Prev":
		if s.inTrailer && delimited(rest) {
			s.prevs++
		}
	case "/Linearized":
		s.linearized = s.linearized || at < linearizedWithin
	case "/CreationDate":
		setDate(&s.info.created, pdfDate(pdfString(rest)))
	case "/ModDate":
		setDate(&s.info.modified, pdfDate(pdfString(rest)))
	case "xmp:CreateDate":
		setDate(&s.xmp.created, xmpDate(xmpAfter(rest)))
	case "xmp:ModifyDate":
		setDate(&s.xmp.modified, xmpDate(xmpAfter(rest)))
	}
}

// delimited says whether a name ends where rest begins (so /Prev is not /Preview).
func delimited(rest []byte) bool {
	return len(rest) == 0 || strings.IndexByte(" \t\r\n\f\x00/<>[]()%", rest[0]) >= 0
}

func setDate(t *time.Time, d time.Time) {
	if !d.IsZero() {
		*t = d
	}
}

func (s *pdfScanner) finish(f *Facts) {
	s.scan(true)
	// A linearized file has a first-page section of its own, with its own %%EOF and a /Prev.
	base, prevBase := 1, 0
	if s.linearized {
		base, prevBase = 2, 1
	}
	f.Updates = max(0, max(s.eofs, s.startxref)-base, s.prevs-prevBase)
	pair := s.info
	if !pair.complete() && s.xmp.complete() {
		pair = s.xmp
	}
	f.Created, f.Modified = pair.created, pair.modified
}

// pdfString is the text of the literal or hexadecimal string at the start of b (after
// whitespace), or nil. UTF-16 text keeps its low bytes, which is all a date needs.
func pdfString(b []byte) []byte {
	b = bytes.TrimLeft(b, " \t\r\n\f\x00")
	if len(b) == 0 {
		return nil
	}
	var raw []byte
	switch b[0] {
	case '(':
		end := bytes.IndexByte(b, ')')
		if end < 0 {
			return nil
		}
		raw = b[1:end]
	case '<':
		end := bytes.IndexByte(b, '>')
		if end < 0 {
			return nil
		}
		digits := bytes.Map(func(r rune) rune {
			if bytes.ContainsRune([]byte(" \t\r\n\f"), r) {
				return -1
			}
			return r
		}, b[1:end])
		if len(digits)%2 == 1 {
			digits = append(digits, '0')
		}
		var err error
		if raw, err = hex.DecodeString(string(digits)); err != nil {
			return nil
		}
	default:
		return nil
	}
	if bytes.HasPrefix(raw, []byte{0xFE, 0xFF}) {
		var low []byte
		for i := 3; i < len(raw); i += 2 {
			low = append(low, raw[i])
		}
		raw = low
	}
	return raw
}

// pdfDate reads a PDF date (ISO 32000-1, 7.9.4): D:YYYYMMDDHHmmSSOHH'mm', everything after
// the year optional; a date without an offset is taken as UTC. The zero time when it is not one.
func pdfDate(b []byte) time.Time {
	b = bytes.TrimPrefix(bytes.TrimSpace(b), []byte("D:"))
	n := 0
	for n < len(b) && n < 14 && isDigit(b[n]) {
		n++
	}
	if n < 4 || n%2 == 1 {
		return time.Time{}
	}
	field := func(i, def int) int {
		if i+2 > n {
			return def
		}
		v, _ := strconv.Atoi(string(b[i : i+2]))
		return v
	}
	year, _ := strconv.Atoi(string(b[:4]))
	month, day, hour, minute, sec := field(4, 1), field(6, 1), field(8, 0), field(10, 0), field(12, 0)
	if year < 1970 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}
	}
	loc := time.UTC
	if n < len(b) && (b[n] == '+' || b[n] == '-') {
		oh, okh := twoDigits(b, n+1)
		om, _ := twoDigits(b, n+4) // after the apostrophe
		if okh && oh <= 23 && om <= 59 {
			off := oh*3600 + om*60
			if b[n] == '-' {
				off = -off
			}
			loc = time.FixedZone("", off)
		}
	}
	return time.Date(year, time.Month(month), day, hour, minute, sec, 0, loc).UTC()
}

func twoDigits(b []byte, i int) (int, bool) {
	if len(b) < i+2 || !isDigit(b[i]) || !isDigit(b[i+1]) {
		return 0, false
	}
	v, _ := strconv.Atoi(string(b[i : i+2]))
	return v, true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// xmpAfter is the value of an XMP property whose name rest follows: an element's text
// (>2024-01-05T10:00:00Z<) or an attribute's ("2024-01-05T10:00:00Z").
func xmpAfter(rest []byte) string {
	switch {
	case len(rest) > 0 && rest[0] == '>':
		if j := bytes.IndexByte(rest[1:], '<'); j >= 0 {
			return xmlText(rest[1 : j+1])
		}
	case len(rest) > 2 && rest[0] == '=' && (rest[1] == '"' || rest[1] == '\''):
		if j := bytes.IndexByte(rest[2:], rest[1]); j >= 0 {
			return xmlText(rest[2 : j+2])
		}
	}
	return ""
}

// xmpDate reads an XMP date (ISO 8601 as XMP allows it); a date without an offset is taken as UTC.
func xmpDate(s string) time.Time {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04Z07:00", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil && t.Year() >= 1970 {
			return t.UTC()
		}
	}
	return time.Time{}
}
