package screening

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// DefaultThreshold is the score from which a search result is a hit. It was chosen on the
// evaluation set (docs/screening-quality.md): the highest threshold that keeps recall at or above
// 98% overall and 95% in every variation class, which leaves non-listed names under 1% of hits.
const DefaultThreshold = 0.85

// QueryKind says what is being screened.
type QueryKind string

// The kinds a query can ask for.
const (
	QueryAny     QueryKind = "any"     // every kind of entry
	QueryPerson  QueryKind = "person"  // persons, and entries of unknown kind
	QueryCompany QueryKind = "company" // organisations, and entries of unknown kind
)

// matches says whether an entry of kind k answers a query of this kind. A company query does not
// return vessels or aircraft: an applicant company is not a ship, and the lists name a vessel's
// owner as an organisation of its own.
func (qk QueryKind) matches(k Kind) bool {
	switch qk {
	case QueryPerson:
		return k == Person || k == Unknown
	case QueryCompany:
		return k == Organisation || k == Unknown
	}
	return true
}

// Query is one name to screen with the facts known about it.
type Query struct {
	Name        string
	Kind        QueryKind // "" means QueryAny
	DateOfBirth *Date     // a full date or a year (Month and Day 0)
	Countries   []string  // ISO 3166-1 alpha-2
	Identifiers []Identifier
	Limit       int // at most this many hits; 0 means DefaultLimit
}

// DefaultLimit is the number of hits a query returns when it sets no limit.
const DefaultLimit = 20

// Feature is one reason for a hit's score: what was compared, how it came out, what it added to or
// took from the score, and the same in words for the reviewer.
type Feature struct {
	Name         string  // "name", "date_of_birth", "country", "identifier", "legal_form"
	Value        float64 // the comparison itself: a similarity for names, 1 agreement, -1 conflict, 0 neutral
	Contribution float64 // what the feature added to the score (negative: took away)
	Detail       string
}

// Hit is a listed entry that matches a query at or above the threshold.
type Hit struct {
	Entry       *Entry
	Score       float64 // 0..1
	MatchedName string  // the entry's name or alias that matched best
	Explanation []Feature
}

// Evidence weights: the name decides, the other facts confirm or contradict it. An equal document
// number is strong enough to lift a weaker name match over the threshold; a conflicting date of
// birth pushes a name-only match under it.
const (
	weightDOBExact       = 0.05
	weightDOBYear        = 0.02
	weightDOBConflict    = -0.15
	weightCountry        = 0.03
	weightCountryOther   = -0.03
	weightIDEqual        = 0.30
	weightIDConflict     = -0.10
	weightLegalForm      = 0.02
	weightLegalFormOther = -0.02
	// identifierFloor: an equal identifier makes a hit whatever the name, since a passport, a
	// registration number, a BIC or an IMO number names one holder
	identifierFloor = 0.9
)

// Search returns the entries whose score for the query reaches threshold, best first. It looks only
// at the candidates the token index finds, never at every entry.
func (ix *Index) Search(q Query, threshold float64) []Hit {
	if q.Kind == "" {
		q.Kind = QueryAny
	}
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	// a person's name and a company's are read differently (spaced letters are initials in one and
	// an abbreviation in the other), so the query is read both ways and compared with each entry
	// the way its own names were read
	persons, companies := ix.readQuery(q.Name, q.Kind)
	if len(persons.core) == 0 && len(companies.core) == 0 {
		return nil
	}
	read := func(k Kind) *queryForm {
		if k == Person {
			return &persons
		}
		return &companies
	}

	best := map[int32]*Hit{}
	consider := func(nid int32, m nameMatch, qforms []string) {
		n := &ix.names[nid]
		e := &ix.entries[n.entry]
		features := []Feature{{Name: "name", Value: round(m.score), Contribution: round(m.score), Detail: nameDetail(q.Name, n.name, m)}}
		score := m.score
		for _, f := range ix.evidence(q, e, qforms, n.forms) {
			if f.Name == "identifier" && f.Value == 1 && score+f.Contribution < identifierFloor {
				f.Contribution = round(identifierFloor - score) // the document identifies the entry
			}
			features = append(features, f)
			score += f.Contribution
		}
		score = round(math.Max(0, math.Min(1, score)))
		if score < threshold {
			return
		}
		if h, ok := best[n.entry]; !ok || score > h.Score {
			best[n.entry] = &Hit{Entry: e, Score: score, MatchedName: n.name, Explanation: features}
		}
	}
	// evidence adds at most this much, so names further below cannot become hits
	reach := weightDOBExact + weightCountry + weightLegalForm
	if len(q.Identifiers) > 0 {
		reach = 1 // an equal identifier lifts any name to identifierFloor
	}
	var cands []int32
	if slices.Equal(persons.core, companies.core) {
		cands = ix.candidates(persons.core, q.Kind.matches)
	} else {
		cands = append(ix.candidates(persons.core, func(k Kind) bool { return k == Person && q.Kind.matches(k) }),
			ix.candidates(companies.core, func(k Kind) bool { return k != Person && q.Kind.matches(k) })...)
	}
	for _, nid := range cands {
		f := read(ix.entries[ix.names[nid].entry].Kind)
		if m := compareNames(f.core, ix.names[nid].core); m.score+reach >= threshold {
			consider(nid, m, f.forms)
		}
	}
	// an equal identifier finds its entry even when the name is written very differently
	for _, id := range q.Identifiers {
		for _, ei := range ix.ids[normalizeID(id.Value)] {
			if _, ok := best[ei]; ok || !q.Kind.matches(ix.entries[ei].Kind) {
				continue
			}
			f := read(ix.entries[ei].Kind)
			for nid := ix.nameStart[ei]; nid < ix.nameStart[ei+1]; nid++ {
				consider(nid, compareNames(f.core, ix.names[nid].core), f.forms)
			}
		}
	}

	hits := make([]Hit, 0, len(best))
	for _, h := range best {
		hits = append(hits, *h)
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score),
			strings.Compare(string(a.Entry.Source)+a.Entry.SourceID, string(b.Entry.Source)+b.Entry.SourceID))
	})
	if len(hits) > limit {
		hits = hits[:limit]
	}
	return hits
}

// queryForm is a query's name read one way: the tokens compared and the legal forms taken off.
type queryForm struct {
	core, forms []string
}

// readQuery reads a query's name as a person's and as a company's. A person query keeps its legal
// forms (a person has none, so such a word is part of the name).
func (ix *Index) readQuery(name string, kind QueryKind) (persons, companies queryForm) {
	name = ix.norm.latin(name)
	persons.core, companies.core = ix.norm.tokens(name), ix.norm.companyTokens(name)
	if kind != QueryPerson {
		persons.core, persons.forms = splitLegalForms(persons.core, ix.legalForms)
		companies.core, companies.forms = splitLegalForms(companies.core, ix.legalForms)
	}
	return persons, companies
}

func nameDetail(query, listed string, m nameMatch) string {
	var notes []string
	if m.joined {
		notes = append(notes, "joined or split words")
	}
	if m.typoed {
		notes = append(notes, "spelling or transliteration variants")
	}
	d := fmt.Sprintf("%q against %q: %.0f%% of the query's name and %.0f%% of the listed name matched, in any order",
		query, listed, 100*m.queryCoverage, 100*m.nameCoverage)
	if len(notes) > 0 {
		d += " (" + strings.Join(notes, ", ") + ")"
	}
	return d
}

// evidence compares what the query knows besides the name with the entry.
func (ix *Index) evidence(q Query, e *Entry, qforms, nforms []string) []Feature {
	var out []Feature
	if q.DateOfBirth != nil && q.DateOfBirth.Year > 0 && len(e.DatesOfBirth) > 0 {
		out = append(out, dobEvidence(*q.DateOfBirth, e.DatesOfBirth))
	}
	if len(q.Countries) > 0 && len(e.Countries) > 0 {
		out = append(out, countryEvidence(q.Countries, e.Countries))
	}
	if f, ok := identifierEvidence(q.Identifiers, e.Identifiers); ok {
		out = append(out, f)
	}
	if len(qforms) > 0 && len(nforms) > 0 {
		if slices.ContainsFunc(qforms, func(f string) bool { return slices.Contains(nforms, f) }) {
			out = append(out, Feature{Name: "legal_form", Value: 1, Contribution: weightLegalForm,
				Detail: fmt.Sprintf("legal form %s on both", strings.Join(qforms, " "))})
		} else {
			out = append(out, Feature{Name: "legal_form", Value: -1, Contribution: weightLegalFormOther,
				Detail: fmt.Sprintf("legal form %s against the listed %s", strings.Join(qforms, " "), strings.Join(nforms, " "))})
		}
	} else if len(qforms)+len(nforms) > 0 {
		out = append(out, Feature{Name: "legal_form", Detail: "legal form named on one side only: not counted"})
	}
	return out
}

func (d Date) String() string {
	switch {
	case d.Month == 0:
		return fmt.Sprintf("%04d", d.Year)
	case d.Day == 0:
		return fmt.Sprintf("%04d-%02d", d.Year, d.Month)
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

func (d DateOfBirth) String() string {
	if d.From == d.To {
		return d.From.String()
	}
	return d.From.String() + " to " + d.To.String()
}

func (d Date) full() bool { return d.Month > 0 && d.Day > 0 }

// dobEvidence: an equal full date confirms, a year inside a listed year or range confirms less, a
// year within one of a listed one is neutral (lists give approximate years), anything else conflicts.
func dobEvidence(q Date, dobs []DateOfBirth) Feature {
	listed := make([]string, len(dobs))
	near := false
	sameYear := false
	for i, d := range dobs {
		listed[i] = d.String()
		if q.full() && d.From == d.To && d.From == q {
			return Feature{Name: "date_of_birth", Value: 1, Contribution: weightDOBExact,
				Detail: fmt.Sprintf("date of birth %s equals the listed one", q)}
		}
		if q.Year >= d.From.Year && q.Year <= d.To.Year {
			if q.full() && d.From == d.To && d.From.full() {
				near = true // same year, another day
			} else {
				sameYear = true
			}
		} else if q.Year >= d.From.Year-1 && q.Year <= d.To.Year+1 {
			near = true
		}
	}
	switch {
	case sameYear:
		return Feature{Name: "date_of_birth", Value: 0.5, Contribution: weightDOBYear,
			Detail: fmt.Sprintf("born %s, within the listed %s", q, strings.Join(listed, "; "))}
	case near:
		return Feature{Name: "date_of_birth", Value: 0, Contribution: 0,
			Detail: fmt.Sprintf("born %s, close to the listed %s: not counted", q, strings.Join(listed, "; "))}
	}
	return Feature{Name: "date_of_birth", Value: -1, Contribution: weightDOBConflict,
		Detail: fmt.Sprintf("born %s, the listed dates are %s", q, strings.Join(listed, "; "))}
}

func countryEvidence(q, listed []string) Feature {
	for _, c := range q {
		for _, l := range listed {
			if strings.EqualFold(c, l) {
				return Feature{Name: "country", Value: 1, Contribution: weightCountry,
					Detail: fmt.Sprintf("country %s among the listed %s", strings.ToUpper(c), strings.Join(listed, ", "))}
			}
		}
	}
	return Feature{Name: "country", Value: -1, Contribution: weightCountryOther,
		Detail: fmt.Sprintf("countries %s not among the listed %s", strings.Join(q, ", "), strings.Join(listed, ", "))}
}

// identifierEvidence: one equal number is strong evidence; a number of a type the entry also lists
// (from the same country, when both say) that differs from all of them counts against.
func identifierEvidence(q, listed []Identifier) (Feature, bool) {
	var conflict *Feature
	for _, a := range q {
		av := normalizeID(a.Value)
		if av == "" {
			continue
		}
		for _, b := range listed {
			if normalizeID(b.Value) == av && (a.Type == "" || a.Type == b.Type || a.Type == OtherID || b.Type == OtherID) {
				label := b.Label
				if label == "" {
					label = string(b.Type)
				}
				return Feature{Name: "identifier", Value: 1, Contribution: weightIDEqual,
					Detail: fmt.Sprintf("%s %s equals the listed %s", a.Type, a.Value, label)}, true
			}
		}
		if a.Type == "" || a.Type == OtherID || conflict != nil {
			continue
		}
		for _, b := range listed {
			if b.Type == a.Type && (a.Country == "" || b.Country == "" || strings.EqualFold(a.Country, b.Country)) {
				conflict = &Feature{Name: "identifier", Value: -1, Contribution: weightIDConflict,
					Detail: fmt.Sprintf("%s %s differs from the listed %s %s", a.Type, a.Value, b.Type, b.Value)}
				break
			}
		}
	}
	if conflict != nil {
		return *conflict, true
	}
	return Feature{}, false
}

func round(x float64) float64 { return math.Round(x*1e4) / 1e4 }
