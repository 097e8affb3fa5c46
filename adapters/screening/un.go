package screening

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
)

// UN reads the UN Security Council Consolidated List (consolidated.xml).
var UN Parser = unParser{}

type unParser struct{}

func (unParser) Source() screening.Source { return screening.UN }
func (unParser) Files() []string          { return []string{"consolidated.xml"} }

type unList struct {
	XMLName       xml.Name       `xml:"CONSOLIDATED_LIST"`
	DateGenerated string         `xml:"dateGenerated,attr"`
	Individuals   []unIndividual `xml:"INDIVIDUALS>INDIVIDUAL"`
	Entities      []unIndividual `xml:"ENTITIES>ENTITY"`
}

// unIndividual holds the fields of an INDIVIDUAL or an ENTITY: entities use the same names for the
// name and list fields and simply lack the personal ones.
type unIndividual struct {
	Reference      string      `xml:"REFERENCE_NUMBER"`
	DataID         string      `xml:"DATAID"`
	First          string      `xml:"FIRST_NAME"`
	Second         string      `xml:"SECOND_NAME"`
	Third          string      `xml:"THIRD_NAME"`
	Fourth         string      `xml:"FOURTH_NAME"`
	OriginalScript string      `xml:"NAME_ORIGINAL_SCRIPT"`
	ListType       string      `xml:"UN_LIST_TYPE"`
	Comments       string      `xml:"COMMENTS1"`
	Nationality    []string    `xml:"NATIONALITY>VALUE"`
	Aliases        []unAlias   `xml:"INDIVIDUAL_ALIAS"`
	EntityAliases  []unAlias   `xml:"ENTITY_ALIAS"`
	Addresses      []unAddress `xml:"INDIVIDUAL_ADDRESS"`
	EntityAddress  []unAddress `xml:"ENTITY_ADDRESS"`
	Births         []unBirth   `xml:"INDIVIDUAL_DATE_OF_BIRTH"`
	Documents      []unDoc     `xml:"INDIVIDUAL_DOCUMENT"`
}

type unAlias struct {
	Quality string `xml:"QUALITY"`
	Name    string `xml:"ALIAS_NAME"`
}

type unAddress struct {
	Country string `xml:"COUNTRY"`
}

type unBirth struct {
	Type     string `xml:"TYPE_OF_DATE"`
	Date     string `xml:"DATE"`
	Year     string `xml:"YEAR"`
	FromYear string `xml:"FROM_YEAR"`
	ToYear   string `xml:"TO_YEAR"`
}

type unDoc struct {
	Type           string `xml:"TYPE_OF_DOCUMENT"`
	Type2          string `xml:"TYPE_OF_DOCUMENT2"`
	Number         string `xml:"NUMBER"`
	IssuingCountry string `xml:"ISSUING_COUNTRY"`
	CountryOfIssue string `xml:"COUNTRY_OF_ISSUE"`
}

func (p unParser) Parse(files map[string]io.Reader) (screening.List, error) {
	r := files["consolidated.xml"]
	if r == nil {
		return screening.List{}, fmt.Errorf("un: consolidated.xml is missing")
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return screening.List{}, fmt.Errorf("un: read consolidated.xml: %w", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return screening.List{}, fmt.Errorf("un: consolidated.xml is empty")
	}
	var doc unList
	if err := xml.Unmarshal(data, &doc); err != nil {
		if errors.Is(err, io.EOF) {
			err = errors.New("no XML element in it")
		}
		return screening.List{}, fmt.Errorf("un: consolidated.xml is garbled or truncated: %w", err)
	}
	list := screening.List{Source: screening.UN}
	if doc.DateGenerated != "" {
		t, err := time.Parse(time.RFC3339Nano, doc.DateGenerated)
		if err != nil {
			return screening.List{}, fmt.Errorf("un: dateGenerated %q is not a date: %w", doc.DateGenerated, err)
		}
		list.Published = t.UTC()
	}
	for _, in := range doc.Individuals {
		e, err := unEntry(in, screening.Person)
		if err != nil {
			return screening.List{}, err
		}
		list.Entries = append(list.Entries, e)
	}
	for _, in := range doc.Entities {
		e, err := unEntry(in, screening.Organisation)
		if err != nil {
			return screening.List{}, err
		}
		list.Entries = append(list.Entries, e)
	}
	if len(list.Entries) == 0 {
		return screening.List{}, fmt.Errorf("un: consolidated.xml lists no individuals or entities")
	}
	return list, nil
}

func unEntry(in unIndividual, kind screening.Kind) (screening.Entry, error) {
	name := joinNonEmpty(in.First, in.Second, in.Third, in.Fourth)
	id := strings.TrimSpace(in.Reference)
	if id == "" {
		id = strings.TrimSpace(in.DataID)
	}
	if id == "" {
		return screening.Entry{}, fmt.Errorf("un: an entry named %q has no reference number", name)
	}
	if name == "" {
		return screening.Entry{}, fmt.Errorf("un: entry %s has no name", id)
	}
	e := screening.Entry{
		Source: screening.UN, SourceID: id, Kind: kind, Name: name,
		Topics:  []screening.Topic{screening.Sanction},
		Remarks: strings.TrimSpace(in.Comments),
	}
	if lt := strings.TrimSpace(in.ListType); lt != "" {
		e.Programs = []string{lt}
	}
	for _, a := range append(in.Aliases, in.EntityAliases...) {
		if n := strings.TrimSpace(a.Name); n != "" && n != name {
			e.Aliases = append(e.Aliases, n)
		}
	}
	if s := strings.TrimSpace(in.OriginalScript); s != "" {
		e.Aliases = append(e.Aliases, s) // lets a query in the original script match
	}
	for _, n := range in.Nationality {
		e.Countries = addCountry(e.Countries, n)
	}
	for _, a := range append(in.Addresses, in.EntityAddress...) {
		e.Countries = addCountry(e.Countries, a.Country)
	}
	for _, b := range in.Births {
		if d, ok := unBirthDate(b); ok {
			e.DatesOfBirth = append(e.DatesOfBirth, d)
		}
	}
	for _, d := range in.Documents {
		num := strings.TrimSpace(d.Number)
		if num == "" {
			continue
		}
		label := strings.Join(strings.Fields(d.Type), " ")
		id := screening.Identifier{Type: unDocType(label), Value: num, Label: label}
		if t2 := strings.TrimSpace(d.Type2); t2 != "" {
			id.Label += " (" + t2 + ")"
		}
		country := d.IssuingCountry
		if country == "" {
			country = d.CountryOfIssue
		}
		id.Country, _ = CountryCode(country)
		e.Identifiers = append(e.Identifiers, id)
	}
	return e, nil
}

func unDocType(label string) screening.IdentifierType {
	l := strings.ToLower(label)
	switch {
	case strings.Contains(l, "passport"), strings.Contains(l, "passeport"), strings.Contains(l, "pasaporte"):
		return screening.Passport
	case strings.Contains(l, "national identification"), strings.Contains(l, "identity"):
		return screening.NationalID
	}
	return screening.OtherID
}

// unBirthDate reads DATE (YYYY-MM-DD), YEAR, or FROM_YEAR and TO_YEAR; an element with none of them
// (the UN publishes empty ones) gives no date.
func unBirthDate(b unBirth) (screening.DateOfBirth, bool) {
	if s := strings.TrimSpace(b.Date); s != "" {
		t, err := time.Parse("2006-01-02", s)
		if err != nil {
			return screening.DateOfBirth{}, false
		}
		d := screening.Date{Year: t.Year(), Month: int(t.Month()), Day: t.Day()}
		return screening.DateOfBirth{From: d, To: d}, true
	}
	if y, err := strconv.Atoi(strings.TrimSpace(b.Year)); err == nil {
		d := screening.Date{Year: y}
		return screening.DateOfBirth{From: d, To: d}, true
	}
	from, err1 := strconv.Atoi(strings.TrimSpace(b.FromYear))
	to, err2 := strconv.Atoi(strings.TrimSpace(b.ToYear))
	if err1 == nil && err2 == nil && from <= to {
		return screening.DateOfBirth{From: screening.Date{Year: from}, To: screening.Date{Year: to}}, true
	}
	return screening.DateOfBirth{}, false
}

func joinNonEmpty(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " ")
}
