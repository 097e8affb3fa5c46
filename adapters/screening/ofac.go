package screening

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/tttverify/tttverify/domain/screening"
)

// OFACSDN reads OFAC's Specially Designated Nationals list in its legacy CSV files.
var OFACSDN Parser = ofacParser{source: screening.OFACSDN, prefix: ""}

// OFACConsolidated reads OFAC's consolidated non-SDN lists, published in the same CSV layout under
// cons_-prefixed names (cons_prim.csv, cons_add.csv, cons_alt.csv, cons_comments.csv). The SDN
// names are accepted too, so a folder of renamed files imports as well.
var OFACConsolidated Parser = ofacParser{source: screening.OFACConsolidated, prefix: "cons_"}

type ofacParser struct {
	source screening.Source
	prefix string // "" for the SDN file names, "cons_" for the consolidated list's
}

func (p ofacParser) Source() screening.Source { return p.source }

func (p ofacParser) Files() []string {
	if p.prefix == "" {
		return []string{"sdn.csv", "add.csv", "alt.csv", "sdn_comments.csv"}
	}
	return []string{"cons_prim.csv", "cons_add.csv", "cons_alt.csv", "cons_comments.csv"}
}

// file finds one of the parser's files, by its own name or by the SDN name of the same role.
func (p ofacParser) file(files map[string]io.Reader, i int) (string, io.Reader) {
	names := p.Files()
	if r, ok := files[names[i]]; ok {
		return names[i], r
	}
	sdn := OFACSDN.Files()[i]
	return sdn, files[sdn]
}

func (p ofacParser) Parse(files map[string]io.Reader) (screening.List, error) {
	name, r := p.file(files, 0)
	if r == nil {
		return screening.List{}, fmt.Errorf("ofac: %s is missing", p.Files()[0])
	}
	primary, err := readOFAC(name, r, 12)
	if err != nil {
		return screening.List{}, err
	}
	if len(primary) == 0 {
		return screening.List{}, fmt.Errorf("ofac: %s has no entries", name)
	}
	entries := make([]screening.Entry, 0, len(primary))
	index := make(map[string]int, len(primary))
	remarks := make([]string, 0, len(primary))
	for line, row := range primary {
		id := row[0]
		if _, err := strconv.Atoi(id); err != nil {
			return screening.List{}, fmt.Errorf("ofac: %s record %d: entry number %q is not a number", name, line+1, id)
		}
		if _, dup := index[id]; dup {
			return screening.List{}, fmt.Errorf("ofac: %s record %d: entry %s appears twice", name, line+1, id)
		}
		if row[1] == "" {
			return screening.List{}, fmt.Errorf("ofac: %s record %d: entry %s has no name", name, line+1, id)
		}
		e := screening.Entry{
			Source:   p.source,
			SourceID: id,
			Kind:     ofacKind(row[2]),
			Name:     row[1],
			Programs: ofacPrograms(row[3]),
			Topics:   []screening.Topic{screening.Sanction},
		}
		if flag := row[9]; flag != "" {
			e.Countries = addCountry(e.Countries, flag)
		}
		index[id] = len(entries)
		entries = append(entries, e)
		remarks = append(remarks, row[11])
	}

	// the other files add to entries of the primary file by entry number
	secondary := []struct {
		file, fields int
		add          func(i int, row []string)
	}{
		{3, 2, func(i int, row []string) { remarks[i] += row[1] }}, // remarks overflow, continuing mid-word
		{2, 5, func(i int, row []string) {
			if row[3] != "" {
				entries[i].Aliases = append(entries[i].Aliases, row[3])
			}
		}},
		{1, 6, func(i int, row []string) {
			if row[4] != "" {
				entries[i].Countries = addCountry(entries[i].Countries, row[4])
			}
		}},
	}
	for _, sec := range secondary {
		name, r := p.file(files, sec.file)
		if r == nil {
			continue
		}
		rows, err := readOFAC(name, r, sec.fields)
		if err != nil {
			return screening.List{}, err
		}
		for line, row := range rows {
			i, ok := index[row[0]]
			if !ok {
				return screening.List{}, fmt.Errorf("ofac: %s record %d: entry %s is not in the primary file", name, line+1, row[0])
			}
			sec.add(i, row)
		}
	}
	for i := range entries {
		applyOFACRemarks(&entries[i], remarks[i])
	}
	return screening.List{Source: p.source, Entries: entries}, nil
}

// readOFAC reads one of OFAC's headerless CSV files: every record has exactly fields columns,
// "-0-" stands for an empty value, and the file may end with a DOS end-of-file byte (0x1A).
func readOFAC(name string, r io.Reader, fields int) ([][]string, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("ofac: read %s: %w", name, err)
	}
	data = bytes.TrimRight(data, "\x1a\r\n ")
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, fmt.Errorf("ofac: %s is not text (it contains NUL bytes)", name)
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	var rows [][]string
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("ofac: %s is garbled or truncated: %w", name, err)
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) != fields {
			line, _ := cr.FieldPos(0)
			return nil, fmt.Errorf("ofac: %s line %d has %d fields, want %d: the file is truncated or not OFAC's format", name, line, len(rec), fields)
		}
		for i, f := range rec {
			f = strings.TrimSpace(f)
			if f == "-0-" {
				f = ""
			}
			rec[i] = f
		}
		rows = append(rows, rec)
	}
	return rows, nil
}

func ofacKind(t string) screening.Kind {
	switch strings.ToLower(t) {
	case "individual":
		return screening.Person
	case "vessel":
		return screening.Vessel
	case "aircraft":
		return screening.Aircraft
	case "":
		return screening.Organisation
	}
	return screening.Unknown
}

// ofacPrograms splits "SDGT] [IFSR" (the brackets OFAC puts between several programmes).
func ofacPrograms(s string) []string {
	var out []string
	for _, p := range strings.Split(s, "] [") {
		if p = strings.Trim(p, "[] "); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func addCountry(list []string, name string) []string {
	code, ok := CountryCode(name)
	if !ok {
		return list
	}
	for _, c := range list {
		if c == code {
			return list
		}
	}
	return append(list, code)
}

// ofacIDLabels maps the labels OFAC writes before a number in the remarks to the common identifier
// types; longer labels come first so "National ID No." wins over a shorter prefix.
var ofacIDLabels = []struct {
	label string
	typ   screening.IdentifierType
}{
	{"Vessel Registration Identification IMO", screening.IMO},
	{"Identification Number IMO", screening.IMO},
	{"Company Number IMO", screening.IMO},
	{"IMO", screening.IMO},
	{"SWIFT/BIC", screening.SWIFTBIC},
	{"Diplomatic Passport", screening.Passport},
	{"Passport", screening.Passport},
	{"Travel Document Number", screening.Passport},
	{"National Foreign ID Number", screening.NationalID},
	{"National ID No.", screening.NationalID},
	{"Cedula No.", screening.NationalID},
	{"C.U.R.P.", screening.NationalID},
	{"D.N.I.", screening.NationalID},
	{"Personal ID Card", screening.NationalID},
	{"Kenyan ID No.", screening.NationalID},
	{"Turkish Identification Number", screening.NationalID},
	{"Citizen's Card Number", screening.NationalID},
	{"Numero de Identidad", screening.NationalID},
	{"Identification Number", screening.NationalID},
	{"Electoral Registry No.", screening.NationalID},
	{"Credencial electoral", screening.NationalID},
	{"SSN", screening.NationalID},
	{"Birth Certificate Number", screening.NationalID},
	{"Residency Number", screening.NationalID},
	{"Italian Fiscal Code", screening.TaxID},
	{"R.F.C. #", screening.TaxID},
	{"R.F.C.", screening.TaxID},
	{"RFC", screening.TaxID},
	{"NIT #", screening.TaxID},
	{"RUC #", screening.TaxID},
	{"RIF #", screening.TaxID},
	{"Tax ID No.", screening.TaxID},
	{"V.A.T. Number", screening.TaxID},
	{"US FEIN", screening.TaxID},
	{"C.U.I.T.", screening.TaxID},
	{"RTN", screening.TaxID},
	{"UK Company Number", screening.Registration},
	{"Company Number", screening.Registration},
	{"Business Registration Number", screening.Registration},
	{"Business Registration Document #", screening.Registration},
	{"Public Registration Number", screening.Registration},
	{"Registration Number", screening.Registration},
	{"Registration ID", screening.Registration},
	{"Commercial Registry Number", screening.Registration},
	{"Matricula Mercantil No", screening.Registration},
	{"Folio Mercantil No.", screening.Registration},
	{"Chamber of Commerce Number", screening.Registration},
	{"Government Gazette Number", screening.Registration},
	{"Trade License No.", screening.Registration},
	{"C.R. No.", screening.Registration},
	{"Certificate of Incorporation Number", screening.Registration},
	{"Legal Entity Number", screening.Registration},
	{"Enterprise Number", screening.Registration},
	{"United Social Credit Code Certificate (USCCC)", screening.Registration},
	{"Unified Social Credit Code (USCC)", screening.Registration},
	{"D-U-N-S Number", screening.OtherID},
	{"MMSI", screening.OtherID},
	{"Driver's License No.", screening.OtherID},
}

var (
	ofacDOBRange = regexp.MustCompile(`^(.+?) to (.+)$`)
	ofacIDValue  = regexp.MustCompile(`^(.*?)(?:\s*\(([^)]*)\))?(?:,.*)?$`)
)

// applyOFACRemarks reads the structured facts out of the remarks: dates of birth, nationality and
// citizenship, identifiers and vessel flags. The full text stays in Remarks for the reviewer.
func applyOFACRemarks(e *screening.Entry, remarks string) {
	e.Remarks = strings.TrimSpace(remarks)
	for _, part := range strings.Split(e.Remarks, ";") {
		part = strings.TrimSuffix(strings.TrimSpace(part), ".")
		part = strings.TrimPrefix(part, "alt. ")
		switch {
		case strings.HasPrefix(part, "DOB "):
			if d, ok := parseOFACDOB(strings.TrimPrefix(part, "DOB ")); ok {
				e.DatesOfBirth = append(e.DatesOfBirth, d)
			}
		case strings.HasPrefix(part, "nationality "):
			e.Countries = addCountry(e.Countries, strings.TrimPrefix(part, "nationality "))
		case strings.HasPrefix(part, "citizen "):
			e.Countries = addCountry(e.Countries, strings.TrimPrefix(part, "citizen "))
		case strings.HasPrefix(part, "Vessel Flag "):
			e.Countries = addCountry(e.Countries, strings.TrimPrefix(part, "Vessel Flag "))
		case strings.HasPrefix(part, "Nationality of Registration "):
			e.Countries = addCountry(e.Countries, strings.TrimPrefix(part, "Nationality of Registration "))
		default:
			if id, ok := parseOFACIdentifier(part); ok {
				e.Identifiers = append(e.Identifiers, id)
			}
		}
	}
}

func parseOFACIdentifier(part string) (screening.Identifier, bool) {
	for _, l := range ofacIDLabels {
		rest, ok := strings.CutPrefix(part, l.label+" ")
		if !ok {
			continue
		}
		m := ofacIDValue.FindStringSubmatch(rest)
		value := strings.TrimSpace(m[1])
		if value == "" || !strings.ContainsAny(value, "0123456789") {
			return screening.Identifier{}, false
		}
		id := screening.Identifier{Type: l.typ, Value: value, Label: l.label}
		if m[2] != "" {
			id.Country, _ = CountryCode(m[2])
		}
		return id, true
	}
	return screening.Identifier{}, false
}

// parseOFACDOB reads "23 Nov 1962", "Nov 1962", "1962", "circa 1962", "1960 to 1962" and
// "01 Jan 1960 to 31 Dec 1962".
func parseOFACDOB(s string) (screening.DateOfBirth, bool) {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "circa "))
	if m := ofacDOBRange.FindStringSubmatch(s); m != nil {
		from, ok1 := parseOFACDate(m[1])
		to, ok2 := parseOFACDate(m[2])
		if !ok1 || !ok2 {
			return screening.DateOfBirth{}, false
		}
		if from.Year == to.Year && from.Month == 1 && from.Day == 1 && to.Month == 12 && to.Day == 31 {
			return screening.DateOfBirth{From: screening.Date{Year: from.Year}, To: screening.Date{Year: from.Year}}, true
		}
		return screening.DateOfBirth{From: from, To: to}, true
	}
	d, ok := parseOFACDate(s)
	return screening.DateOfBirth{From: d, To: d}, ok
}

var months = map[string]int{"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}

func parseOFACDate(s string) (screening.Date, bool) {
	f := strings.Fields(s)
	var d screening.Date
	var err error
	switch len(f) {
	case 1:
		d.Year, err = strconv.Atoi(f[0])
	case 2:
		d.Month = months[strings.ToLower(f[0])]
		d.Year, err = strconv.Atoi(f[1])
	case 3:
		d.Day, _ = strconv.Atoi(f[0])
		d.Month = months[strings.ToLower(f[1])]
		d.Year, err = strconv.Atoi(f[2])
		if d.Day < 1 || d.Day > 31 || d.Month == 0 {
			return screening.Date{}, false
		}
	default:
		return screening.Date{}, false
	}
	if err != nil || d.Year < 1800 || d.Year > 2100 || (len(f) == 2 && d.Month == 0) {
		return screening.Date{}, false
	}
	return d, true
}
