package screening

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tttverify/tttverify/domain/screening"
)

// oneFile names a list read from a single file.
type oneFile struct {
	source screening.Source
	file   string
}

func (o oneFile) Source() screening.Source { return o.source }
func (o oneFile) Files() []string          { return []string{o.file} }

// readListFile reads the named file of a list and refuses a missing, empty or non-UTF-8 one.
func readListFile(src screening.Source, files map[string]io.Reader, name string) ([]byte, error) {
	r, ok := files[name]
	if !ok || r == nil {
		return nil, fmt.Errorf("%s: the file %s is missing", src, name)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: read %s: %w", src, name, err)
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) // a UTF-8 byte order mark, as spreadsheet exports write
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, fmt.Errorf("%s: %s is empty", src, name)
	}
	if !utf8.Valid(b) {
		return nil, fmt.Errorf("%s: %s is not UTF-8 text; is it the right file?", src, name)
	}
	return b, nil
}

// xmlEntries streams the elements named item out of an XML document whose root must be root,
// calling each for every one. Attributes of the root go to rootAttrs. A truncated or garbled
// document fails with the line where reading stopped.
func xmlEntries(src screening.Source, name string, data []byte, root, item string,
	rootAttrs func([]xml.Attr), each func(d *xml.Decoder, start xml.StartElement) error) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	depth := 0
	sawRoot := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			if !sawRoot {
				return fmt.Errorf("%s: %s has no <%s> element; is it the right file?", src, name, root)
			}
			if depth > 0 {
				return fmt.Errorf("%s: %s ends before </%s>: the file is truncated", src, name, root)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %s is not well-formed XML (the file may be truncated or garbled): %w", src, name, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if t.Name.Local != root {
					return fmt.Errorf("%s: %s starts with <%s>, want <%s>; is it the right file?", src, name, t.Name.Local, root)
				}
				sawRoot = true
				if rootAttrs != nil {
					rootAttrs(t.Attr)
				}
				depth++
				continue
			}
			if depth == 1 && t.Name.Local == item {
				if err := each(d, t); err != nil {
					var syntax *xml.SyntaxError
					if errors.As(err, &syntax) {
						return fmt.Errorf("%s: %s is not well-formed XML (the file may be truncated or garbled): %w", src, name, err)
					}
					return fmt.Errorf("%s: %s: %w", src, name, err)
				}
				continue
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
}

// xmlRecord is an item element of an XML list, decoded into a struct that makes an entry.
type xmlRecord[T any] interface {
	*T
	entry() (screening.Entry, error)
}

// parseXMLList reads a one-file XML list: each item element under root is decoded into a T and
// made an entry. It returns the file too, for the parser to read the publication date from.
func parseXMLList[T any, R xmlRecord[T]](src screening.Source, files map[string]io.Reader, file, root, item string,
	rootAttrs func([]xml.Attr)) (screening.List, []byte, error) {
	list := screening.List{Source: src}
	data, err := readListFile(src, files, file)
	if err != nil {
		return list, nil, err
	}
	err = xmlEntries(src, file, data, root, item, rootAttrs, func(d *xml.Decoder, start xml.StartElement) error {
		raw := R(new(T))
		if err := d.DecodeElement(raw, &start); err != nil {
			return err
		}
		e, err := raw.entry()
		if err != nil {
			return err
		}
		list.Entries = append(list.Entries, e)
		return nil
	})
	if err != nil {
		return screening.List{Source: src}, nil, err
	}
	if len(list.Entries) == 0 {
		return list, nil, fmt.Errorf("%s: %s lists no %s: the file is incomplete", src, file, item)
	}
	return list, data, nil
}

// splitList splits a publisher's delimited field, trimming the parts and dropping empty ones.
func splitList(s, sep string) []string {
	var out []string
	for _, p := range strings.Split(s, sep) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// appendUnique appends the non-empty values not yet in list.
func appendUnique[T comparable](list []T, values ...T) []T {
	var zero T
	for _, v := range values {
		if v != zero && !contains(list, v) {
			list = append(list, v)
		}
	}
	return list
}

func contains[T comparable](list []T, v T) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// parseDOB reads a date of birth written as YYYY, YYYY-MM, YYYY-MM-DD, or a range of years
// "YYYY to YYYY" / "YYYY-YYYY".
func parseDOB(s string) (screening.DateOfBirth, bool) {
	s = strings.TrimSpace(s)
	for _, sep := range []string{" to ", " - ", "-"} {
		if from, to, ok := strings.Cut(s, sep); ok && len(strings.TrimSpace(to)) == 4 && len(strings.TrimSpace(from)) == 4 {
			a, err1 := strconv.Atoi(strings.TrimSpace(from))
			b, err2 := strconv.Atoi(strings.TrimSpace(to))
			if err1 == nil && err2 == nil && validYear(a) && validYear(b) && a <= b {
				return screening.DateOfBirth{From: screening.Date{Year: a}, To: screening.Date{Year: b}}, true
			}
		}
	}
	d, ok := parseISODate(s)
	return screening.DateOfBirth{From: d, To: d}, ok
}

// parseISODate reads YYYY, YYYY-MM or YYYY-MM-DD.
func parseISODate(s string) (screening.Date, bool) {
	parts := strings.Split(strings.TrimSpace(s), "-")
	if len(parts) > 3 || len(parts[0]) != 4 {
		return screening.Date{}, false
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil {
			return screening.Date{}, false
		}
		n[i] = v
	}
	return validDate(n[0], n[1], n[2])
}

// validDate checks a possibly partial date (month and day 0 when unknown).
func validDate(y, m, d int) (screening.Date, bool) {
	if !validYear(y) || m < 0 || m > 12 || d < 0 || d > 31 || (m == 0 && d != 0) {
		return screening.Date{}, false
	}
	return screening.Date{Year: y, Month: m, Day: d}, true
}

func validYear(y int) bool { return y >= 1850 && y <= 2100 }

// identifierType maps a publisher's label for a document or registry number onto the common
// vocabulary; ok is false for labels that are no identifier (web sites, e-mail, sanction notes).
func identifierType(label string) (t screening.IdentifierType, ok bool) {
	l := strings.ToLower(label)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(l, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("website", "email", "e-mail", "phone", "directive", "sanctions information", "secondary sanctions",
		"gender", "flag", "vessel type", "tonnage", "call sign", "mmsi", "aircraft", "organization established",
		"organization type", "target type", "listing"):
		return "", false
	case has("passport"):
		return screening.Passport, true
	case has("swift", "bic"):
		return screening.SWIFTBIC, true
	case has("imo", "vessel registration"):
		return screening.IMO, true
	case has("tax", "nit", "inn", "tin", "rfc", "vat", "fiscal", "kpp"):
		return screening.TaxID, true
	case has("regist", "company number", "commercial", "matricula", "ogrn", "business number", "chamber of commerce", "legal entity"):
		return screening.Registration, true
	case has("national id", "identity", "identification", "cedula", "dni", "curp", "personal", "id card", "id no", "ssn", "social security"):
		return screening.NationalID, true
	}
	return screening.OtherID, true
}

// cleanIdentifier trims a number and drops an "IMO" prefix the publishers sometimes keep.
func cleanIdentifier(t screening.IdentifierType, v string) string {
	v = strings.TrimSpace(v)
	if t == screening.IMO {
		v = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(v, "IMO"), ":"))
	}
	return v
}
