package screening

import (
	"fmt"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
)

// pepClass is one kind of politically exposed position under FATF Recommendation 12, asked of
// Wikidata as one query (paged): Match binds ?position to the positions of the kind.
type pepClass struct {
	Name  string // in the names of the answer files
	Label string // what a reviewer reads on an entry
	Match string
}

// positionOf matches the positions that are, or are a kind of, one of the classes (items of
// Wikidata's position ontology), through instance-of or subclass-of links.
func positionOf(classes ...string) string {
	return "VALUES ?class { wd:" + strings.Join(classes, " wd:") + " }\n" +
		"  ?position (wdt:P31|wdt:P279)/wdt:P279* ?class ."
}

// directing matches the positions that direct an organisation of one of the classes (P2389,
// "organization directed by the office or position").
func directing(orgClass string) string {
	return "?position wdt:P2389 ?org .\n  ?org wdt:P31/wdt:P279* wd:" + orgClass + " ."
}

// pepClasses are the positions asked for, one query each. The Q-numbers are Wikidata's items for
// the classes (docs/decisions.md, "PEP data from Wikidata").
var pepClasses = []pepClass{
	{"head_of_state", "Head of state", positionOf("Q48352")},
	{"head_of_government", "Head of government", positionOf("Q2285706")},
	{"minister", "Minister or deputy minister", positionOf("Q83307", "Q15966511")},
	{"legislator", "Member of a national legislature", positionOf("Q486839", "Q46403368")},
	{"supreme_court", "Judge of a supreme or constitutional court", positionOf("Q117826617", "Q55736868")},
	{"central_bank", "Central bank governor or board member", "{ " + positionOf("Q107363151") + " }\n  UNION { " + directing("Q66344") + " }"},
	{"ambassador", "Ambassador", positionOf("Q29645880", "Q29645886")},
	{"military", "Senior military officer", positionOf("Q707492")},
	{"state_enterprise", "Head of a state-owned enterprise", directing("Q270791")},
	{"party", "Senior official of a political party", positionOf("Q1553195", "Q836971")},
	{"international_organisation", "Senior official of an international organisation", directing("Q484652")},
}

// PositionsQuery asks for the living people who hold a position of class c, or held it until
// cutoff or later, with each holding's dates and the position's country. Deprecated statements
// are left out. Rows are ordered so that LIMIT and OFFSET page through them. The first line names
// the class, for whoever reads the service's logs.
func PositionsQuery(c pepClass, cutoff time.Time, limit, offset int) string {
	return fmt.Sprintf(`# class: %s
SELECT DISTINCT ?person ?held ?position ?positionLabel ?country ?start ?startPrecision ?end ?endPrecision WHERE {
  %s
  ?person p:P39 ?held .
  ?held ps:P39 ?position ; wikibase:rank ?rank .
  FILTER(?rank != wikibase:DeprecatedRank)
  ?person wdt:P31 wd:Q5 .
  FILTER NOT EXISTS { ?person wdt:P570 ?died }
  OPTIONAL { ?held pqv:P580 [ wikibase:timeValue ?start ; wikibase:timePrecision ?startPrecision ] }
  OPTIONAL { ?held pqv:P582 [ wikibase:timeValue ?end ; wikibase:timePrecision ?endPrecision ] }
  FILTER(!BOUND(?end) || ?end >= "%s"^^xsd:dateTime)
  OPTIONAL { ?position wdt:P1001|wdt:P17 ?jurisdiction . ?jurisdiction wdt:P297 ?country }
  OPTIONAL { ?position rdfs:label ?positionLabel FILTER(LANG(?positionLabel) = "en") }
}
ORDER BY ?person ?held ?country ?start ?end
LIMIT %d OFFSET %d`, c.Name, c.Match, cutoff.Format("2006-01-02T00:00:00Z"), limit, offset)
}

// NamesQuery asks for the names of people in every language and script, their dates of birth with
// their precision, and their citizenships, one fact per row, in an order that stays the same while
// the data does (identical answers make no new version). A name is each distinct written form of
// the labels and aliases: the same spelling in forty languages is one row, which keeps the answers
// (and the evidence) a fraction of their size; ?kind says whether it is the English label, the
// multilingual one, another label, or an alias.
func NamesQuery(people []string) string {
	return fmt.Sprintf(`SELECT DISTINCT ?person ?kind ?name ?dob ?dobPrecision ?citizenship WHERE {
  VALUES ?person { wd:%s }
  { ?person rdfs:label ?label .
    BIND(STR(?label) AS ?name)
    BIND(IF(LANG(?label) = "en", "label_en", IF(LANG(?label) = "mul", "label_mul", "label")) AS ?kind) }
  UNION { ?person skos:altLabel ?alias . BIND(STR(?alias) AS ?name) BIND("alias" AS ?kind) }
  UNION { ?person p:P569 ?born . ?born wikibase:rank ?rank ; psv:P569 [ wikibase:timeValue ?dob ; wikibase:timePrecision ?dobPrecision ] .
          FILTER(?rank != wikibase:DeprecatedRank) }
  UNION { ?person wdt:P27 ?state . ?state wdt:P297 ?citizenship }
}
ORDER BY ?person ?kind ?name ?dob ?citizenship`, strings.Join(people, " wd:"))
}

// PEPWikidata reads the answers of a pep_wikidata fetch into one entry per person (Q-number): the
// positions answers say who is exposed and by which holdings, the names answers give every label
// and alias in every language and script, the dates of birth and the citizenships.
var PEPWikidata Parser = pepWikidataParser{}

type pepWikidataParser struct{}

func (pepWikidataParser) Source() screening.Source { return screening.PEPWikidata }

// Files are patterns: a fetch writes one file per page of each class and per batch of names.
func (pepWikidataParser) Files() []string { return []string{"positions-*.json", "names-*.json"} }

// wdPerson gathers what the answers say of one person.
type wdPerson struct {
	names        []rankedName
	dobs         []screening.DateOfBirth
	citizenships []string
	holdings     map[string]*wdHolding // by statement IRI
	classes      []string
}

// rankedName is a name and how it is preferred as the entry's name: the English label first, then
// the multilingual one, then any other label, then aliases.
type rankedName struct {
	rank int
	name string
}

var nameRanks = map[string]int{"label_en": 0, "label_mul": 1, "label": 2, "alias": 3}

type wdHolding struct {
	position, label string
	countries       []string
	start, end      string
}

func (pepWikidataParser) Parse(files map[string]io.Reader) (screening.List, error) {
	list := screening.List{Source: screening.PEPWikidata}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	// The positions answers first: they say who the names answers are about.
	sort.Slice(names, func(i, j int) bool {
		pi, pj := strings.HasPrefix(names[i], "positions-"), strings.HasPrefix(names[j], "positions-")
		if pi != pj {
			return pi
		}
		return names[i] < names[j]
	})
	people := map[string]*wdPerson{}
	var order []string
	named := false
	for _, name := range names {
		data, err := io.ReadAll(files[name])
		if err != nil {
			return list, fmt.Errorf("read %s: %w", name, err)
		}
		res, err := decodeSPARQL(data)
		if err != nil {
			return list, fmt.Errorf("%s: %w", name, err)
		}
		if ok, _ := path.Match("positions-*.json", name); ok {
			if err := needVars(res, "person", "held", "position"); err != nil {
				return list, fmt.Errorf("%s: %w", name, err)
			}
			class := strings.TrimSuffix(strings.TrimPrefix(name, "positions-"), ".json")
			class = class[:max(0, strings.LastIndexByte(class, '-'))]
			for _, row := range res.Results.Bindings {
				id := entityID(row["person"].Value)
				if id == "" {
					return list, fmt.Errorf("%s: %q is not a Wikidata person", name, row["person"].Value)
				}
				p := people[id]
				if p == nil {
					p = &wdPerson{holdings: map[string]*wdHolding{}}
					people[id] = p
					order = append(order, id)
				}
				p.addHolding(row)
				p.classes = appendUnique(p.classes, classLabel(class))
			}
			continue
		}
		if err := needVars(res, "person", "kind", "name"); err != nil {
			return list, fmt.Errorf("%s: %w", name, err)
		}
		named = true
		for _, row := range res.Results.Bindings {
			if p := people[entityID(row["person"].Value)]; p != nil {
				p.addFact(row)
			}
		}
	}
	if len(people) == 0 {
		return list, fmt.Errorf("the answers name no person holding a politically exposed position")
	}
	if !named {
		return list, fmt.Errorf("the names answers (names-*.json) are missing")
	}
	sort.Strings(order)
	for _, id := range order {
		if e, ok := people[id].entry(id); ok {
			list.Entries = append(list.Entries, e)
		}
	}
	if len(list.Entries) == 0 {
		return list, fmt.Errorf("none of the %d people in the positions answers has a name in the names answers", len(people))
	}
	return list, nil
}

// needVars checks that an answer is of the query the file name says.
func needVars(res *sparqlResults, vars ...string) error {
	for _, v := range vars {
		if !contains(res.Head.Vars, v) {
			return fmt.Errorf("the answer has no %q column (columns %v)", v, res.Head.Vars)
		}
	}
	return nil
}

func classLabel(name string) string {
	for _, c := range pepClasses {
		if c.Name == name {
			return c.Label
		}
	}
	return name
}

func (p *wdPerson) addHolding(row map[string]sparqlTerm) {
	key := row["held"].Value
	h := p.holdings[key]
	if h == nil {
		position := entityID(row["position"].Value)
		h = &wdHolding{position: position, label: row["positionLabel"].Value,
			start: wikidataDate(row["start"].Value, row["startPrecision"].Value),
			end:   wikidataDate(row["end"].Value, row["endPrecision"].Value)}
		if h.label == "" {
			h.label = position
		}
		p.holdings[key] = h
	}
	if c := strings.ToUpper(row["country"].Value); c != "" {
		h.countries = appendUnique(h.countries, c)
	}
}

func (p *wdPerson) addFact(row map[string]sparqlTerm) {
	if n, ok := row["name"]; ok && strings.TrimSpace(n.Value) != "" {
		rank, known := nameRanks[row["kind"].Value]
		if !known {
			rank = nameRanks["alias"]
		}
		p.names = append(p.names, rankedName{rank: rank, name: strings.Join(strings.Fields(n.Value), " ")})
	}
	if d, ok := row["dob"]; ok {
		if dob, ok := wikidataDOB(d.Value, row["dobPrecision"].Value); ok {
			p.dobs = appendUnique(p.dobs, dob)
		}
	}
	if c := strings.ToUpper(row["citizenship"].Value); len(c) == 2 {
		p.citizenships = appendUnique(p.citizenships, c)
	}
}

// entry makes the person's entry: the English label as the name (else the multilingual one, else
// another label, else an alias), every other name as an alias.
func (p *wdPerson) entry(id string) (screening.Entry, bool) {
	if len(p.names) == 0 {
		return screening.Entry{}, false
	}
	sort.Slice(p.names, func(i, j int) bool {
		a, b := p.names[i], p.names[j]
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		return a.name < b.name
	})
	name := p.names[0].name
	e := screening.Entry{Source: screening.PEPWikidata, SourceID: id, Kind: screening.Person, Name: name,
		DatesOfBirth: p.dobs, Topics: []screening.Topic{screening.PEP}}
	for _, n := range p.names {
		if n.name != name {
			e.Aliases = appendUnique(e.Aliases, n.name)
		}
	}
	sort.Slice(e.DatesOfBirth, func(i, j int) bool {
		a, b := e.DatesOfBirth[i].From, e.DatesOfBirth[j].From
		return a.Year*10000+a.Month*100+a.Day < b.Year*10000+b.Month*100+b.Day
	})
	e.Countries = append(e.Countries, p.citizenships...)
	sort.Strings(e.Countries)
	e.Programs = append(e.Programs, p.classes...)
	sort.Strings(e.Programs)
	e.Remarks = p.positionsText()
	return e, true
}

// positionsText writes the holdings for the reviewer, oldest first: "Minister of Finance of
// Russia (RU), 2018-05-18 to 2020-01-15; Member of the State Duma (RU), since 2021-10-12".
func (p *wdPerson) positionsText() string {
	hs := make([]*wdHolding, 0, len(p.holdings))
	for _, h := range p.holdings {
		hs = append(hs, h)
	}
	sort.Slice(hs, func(i, j int) bool {
		a, b := hs[i], hs[j]
		if a.start != b.start {
			return a.start < b.start
		}
		if a.label != b.label {
			return a.label < b.label
		}
		return a.end < b.end
	})
	parts := make([]string, 0, len(hs))
	for _, h := range hs {
		s := h.label
		if len(h.countries) > 0 {
			sort.Strings(h.countries)
			s += " (" + strings.Join(h.countries, ", ") + ")"
		}
		switch {
		case h.start != "" && h.end != "":
			s += ", " + h.start + " to " + h.end
		case h.start != "":
			s += ", since " + h.start
		case h.end != "":
			s += ", until " + h.end
		}
		parts = append(parts, s)
	}
	return "Positions held: " + strings.Join(parts, "; ")
}

// wikidataTime reads a time value ("2018-05-18T00:00:00Z", "+1952-10-07T00:00:00Z") to its year,
// month and day.
func wikidataTime(v string) (y, m, d int, ok bool) {
	v = strings.TrimPrefix(v, "+")
	date, _, _ := strings.Cut(v, "T")
	parts := strings.Split(date, "-")
	if len(parts) != 3 {
		return 0, 0, 0, false
	}
	var err [3]error
	y, err[0] = strconv.Atoi(parts[0])
	m, err[1] = strconv.Atoi(parts[1])
	d, err[2] = strconv.Atoi(parts[2])
	if err[0] != nil || err[1] != nil || err[2] != nil || y <= 0 || m < 0 || m > 12 || d < 0 || d > 31 {
		return 0, 0, 0, false
	}
	return y, m, d, true
}

// wikidataDate writes a time value at its precision (11 day, 10 month, 9 year or coarser), or ""
// when there is none.
func wikidataDate(v, precision string) string {
	y, m, d, ok := wikidataTime(v)
	if !ok {
		return ""
	}
	switch p, _ := strconv.Atoi(precision); {
	case p >= 11:
		return fmt.Sprintf("%04d-%02d-%02d", y, m, d)
	case p == 10:
		return fmt.Sprintf("%04d-%02d", y, m)
	}
	return fmt.Sprintf("%04d", y)
}

// wikidataDOB is a date of birth at its precision; coarser than a year (a decade) says too little.
func wikidataDOB(v, precision string) (screening.DateOfBirth, bool) {
	y, m, d, ok := wikidataTime(v)
	p, _ := strconv.Atoi(precision)
	if !ok || p < 9 {
		return screening.DateOfBirth{}, false
	}
	date := screening.Date{Year: y}
	if p >= 10 {
		date.Month = m
	}
	if p >= 11 {
		date.Day = d
	}
	return screening.DateOfBirth{From: date, To: date}, true
}
