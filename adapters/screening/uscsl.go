package screening

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tttverify/tttverify/domain/screening"
)

// USCSL reads the US Consolidated Screening List, trade.gov's CSV with a header row. Its column
// `source` names the sub-list (SDN, Entity List, Denied Persons List …); list fields are
// separated by ";".
var USCSL Parser = csvListParser{oneFile: oneFile{screening.USCSL, "consolidated.csv"},
	required: []string{"source", "entity_number", "type", "programs", "name", "alt_names", "dates_of_birth",
		"citizenships", "nationalities", "addresses", "ids", "remarks"},
	what: "the trade.gov consolidated screening list CSV", row: usCSLRow}

// csvListParser reads a one-file CSV list with a header row; row turns one record into an entry.
type csvListParser struct {
	oneFile
	required []string
	optional []string // with required, every column the format knows; nil accepts any other column
	what     string
	row      func(col func(string) string) (screening.Entry, error)
}

func (p csvListParser) Parse(files map[string]io.Reader) (screening.List, error) {
	list := screening.List{Source: p.source}
	data, err := readListFile(p.source, files, p.file)
	if err != nil {
		return list, err
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = 0 // every row as long as the header
	header, err := r.Read()
	if err != nil {
		return list, fmt.Errorf("%s: %s: read the header: %w", p.source, p.file, err)
	}
	index := map[string]int{}
	for i, h := range header {
		index[strings.ToLower(strings.TrimSpace(h))] = i
	}
	for _, c := range p.required {
		if _, ok := index[c]; !ok {
			return list, fmt.Errorf("%s: %s has no column %q; is it %s?", p.source, p.file, c, p.what)
		}
	}
	if p.optional != nil {
		for h := range index {
			if !contains(p.required, h) && !contains(p.optional, h) {
				return list, fmt.Errorf("%s: %s has an unknown column %q (the columns are %s)", p.source, p.file, h,
					strings.Join(append(append([]string{}, p.required...), p.optional...), ", "))
			}
		}
	}
	seen := map[string]bool{}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return screening.List{Source: p.source}, fmt.Errorf("%s: %s is not a complete CSV file (truncated or garbled?): %w", p.source, p.file, err)
		}
		line, _ := r.FieldPos(0)
		col := func(name string) string {
			if i, ok := index[name]; ok {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		e, err := p.row(col)
		if err != nil {
			return screening.List{Source: p.source}, fmt.Errorf("%s: %s line %d: %w", p.source, p.file, line, err)
		}
		e.Source = p.source
		if seen[e.SourceID] {
			return screening.List{Source: p.source}, fmt.Errorf("%s: %s line %d: the id %q appears twice", p.source, p.file, line, e.SourceID)
		}
		seen[e.SourceID] = true
		list.Entries = append(list.Entries, e)
	}
	if len(list.Entries) == 0 {
		return list, fmt.Errorf("%s: %s has a header but no entries", p.source, p.file)
	}
	return list, nil
}

func usCSLRow(col func(string) string) (screening.Entry, error) {
	e := screening.Entry{Name: strings.Join(strings.Fields(col("name")), " "), Topics: []screening.Topic{screening.Sanction}}
	if e.Name == "" {
		return e, errors.New("a row has no name")
	}
	// Sub-lists without entity numbers (Denied Persons, Entity List …) get an id from what
	// identifies the row, so that the same row keeps its id from one version to the next.
	e.SourceID = col("entity_number")
	if e.SourceID == "" {
		sum := sha256.Sum256([]byte(col("source") + "\x00" + e.Name + "\x00" + col("addresses") + "\x00" + col("start_date")))
		e.SourceID = "h" + hex.EncodeToString(sum[:8])
	} else if code := usCSLSubList(col("source")); code != "" && code != "SDN" {
		e.SourceID = code + "-" + e.SourceID // an OFAC number may sit in two sub-lists
	}
	e.Kind = map[string]screening.Kind{"individual": screening.Person, "entity": screening.Organisation,
		"vessel": screening.Vessel, "aircraft": screening.Aircraft}[strings.ToLower(col("type"))]
	if e.Kind == "" {
		e.Kind = screening.Unknown // the BIS and State Department sub-lists leave the type empty
	}
	for _, a := range splitList(col("alt_names"), ";") {
		e.Aliases = appendUnique(e.Aliases, a)
	}
	for _, s := range splitList(col("dates_of_birth"), ";") {
		if dob, ok := parseDOB(s); ok {
			e.DatesOfBirth = appendUnique(e.DatesOfBirth, dob)
		}
	}
	for _, c := range append(splitList(col("citizenships"), ";"), splitList(col("nationalities"), ";")...) {
		e.Countries = appendUnique(e.Countries, countryCodeOf(c))
	}
	for _, a := range splitList(col("addresses"), ";") {
		parts := splitList(a, ",")
		if last := parts[len(parts)-1]; len(last) == 2 && strings.ToUpper(last) == last {
			e.Countries = appendUnique(e.Countries, countryCodeOf(last))
		}
	}
	for _, id := range splitList(col("ids"), ";") {
		if ident, ok := usCSLIdentifier(id); ok {
			e.Identifiers = appendUnique(e.Identifiers, ident)
		}
	}
	e.Programs = splitList(col("programs"), ";")
	var remarks []string
	if s := col("source"); s != "" {
		remarks = append(remarks, "List: "+s)
	}
	if s := col("title"); s != "" {
		remarks = append(remarks, s)
	}
	if s := col("remarks"); s != "" {
		remarks = append(remarks, s)
	}
	e.Remarks = strings.Join(remarks, "; ")
	return e, nil
}

// usCSLSubList is the abbreviation in a sub-list's name: "… List (DPL) - Bureau …" gives DPL.
func usCSLSubList(name string) string {
	if i := strings.Index(name, "("); i >= 0 {
		if j := strings.Index(name[i:], ")"); j > 0 {
			return name[i+1 : i+j]
		}
	}
	return ""
}

// usCSLIdentifier reads one id of the ids column: "CC, value, label" or "value, label".
func usCSLIdentifier(s string) (screening.Identifier, bool) {
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	var country, value, label string
	switch {
	case len(parts) >= 3 && len(parts[0]) == 2 && strings.ToUpper(parts[0]) == parts[0]:
		country, value, label = parts[0], strings.Join(parts[1:len(parts)-1], ","), parts[len(parts)-1]
	case len(parts) >= 2:
		value, label = strings.Join(parts[:len(parts)-1], ","), parts[len(parts)-1]
	default:
		return screening.Identifier{}, false
	}
	t, ok := identifierType(label)
	if !ok || value == "" {
		return screening.Identifier{}, false
	}
	return screening.Identifier{Type: t, Value: cleanIdentifier(t, value), Country: countryCodeOf(country), Label: label}, true
}
