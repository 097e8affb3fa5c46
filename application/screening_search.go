package application

import (
	"context"
	"strconv"
	"strings"

	"github.com/tttverify/tttverify/domain/field"
	"github.com/tttverify/tttverify/domain/screening"
)

// SearchInput is an ad-hoc screening check as an administrator types it.
type SearchInput struct {
	Name        string
	Kind        string // person, company or any (empty: any)
	DateOfBirth string // YYYY, YYYY-MM or YYYY-MM-DD
	Country     string // ISO 3166-1 alpha-2
	Identifiers []SearchIdentifier
	Limit       *int // 1 to 100; nil: DefaultSearchLimit
	// MinScore is the score from which an entry is returned, 0 to 1; nil: the engine's threshold
	// (screening.DefaultThreshold). A reviewer lowers it to look at weaker candidates.
	MinScore *float64
}

// SearchIdentifier is a document or registry number to compare; Type may be empty.
type SearchIdentifier struct {
	Type  string
	Value string
}

// DefaultSearchLimit is how many hits a search returns unless asked for another number.
const DefaultSearchLimit = 10

// SearchResult is the hits of a search, the list versions it searched and the score from which an
// entry counted as a hit.
type SearchResult struct {
	Hits         []SearchHit
	ListVersions []ListVersion
	Threshold    float64
}

// SearchHit is a hit with the version of the list its entry comes from.
type SearchHit struct {
	screening.Hit
	ListVersion *ListVersion
}

// Search screens a name against the lists in force. Administrators only: hits name listed
// people and are never shown to applicants.
func (s *Screening) Search(ctx context.Context, actor *User, in SearchInput) (*SearchResult, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, err
	}
	q, threshold, err := in.query()
	if err != nil {
		return nil, err
	}
	snap, err := s.index.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	bySource := make(map[screening.Source]*ListVersion, len(snap.versions))
	for i := range snap.versions {
		bySource[snap.versions[i].Source] = &snap.versions[i]
	}
	res := &SearchResult{ListVersions: snap.versions, Hits: []SearchHit{}, Threshold: threshold}
	for _, h := range snap.index.Search(q, threshold) {
		res.Hits = append(res.Hits, SearchHit{Hit: h, ListVersion: bySource[h.Entry.Source]})
	}
	return res, nil
}

// query validates the input and returns the query and the threshold to search at; the messages
// name the field to correct.
func (in SearchInput) query() (screening.Query, float64, error) {
	errs := field.Errors{}
	q := screening.Query{Name: strings.Join(strings.Fields(in.Name), " "), Kind: screening.QueryKind(strings.ToLower(strings.TrimSpace(in.Kind))), Limit: DefaultSearchLimit}
	errs.Required("name", q.Name, "Name is required")
	errs.MaxLen("name", q.Name, 200)
	if q.Kind == "" {
		q.Kind = screening.QueryAny
	}
	errs.OneOf("kind", string(q.Kind), []string{string(screening.QueryPerson), string(screening.QueryCompany), string(screening.QueryAny)}, "Kind must be person, company or any")
	if dob := strings.TrimSpace(in.DateOfBirth); dob != "" {
		d, ok := ParseQueryDate(dob)
		if !ok {
			errs.Add("dateOfBirth", "Date of birth must be YYYY, YYYY-MM or YYYY-MM-DD")
		}
		q.DateOfBirth = &d
	}
	if c := strings.ToUpper(strings.TrimSpace(in.Country)); c != "" {
		if len(c) != 2 || c[0] < 'A' || c[0] > 'Z' || c[1] < 'A' || c[1] > 'Z' {
			errs.Add("country", "Country must be a two-letter ISO code such as GB")
		}
		q.Countries = []string{c}
	}
	if len(in.Identifiers) > 20 {
		errs.Add("identifiers", "At most 20 identifiers")
	}
	for i, id := range in.Identifiers {
		v := strings.TrimSpace(id.Value)
		key := "identifiers[" + strconv.Itoa(i) + "]"
		if v == "" {
			errs.Add(key+".value", "Identifier value is required")
		}
		t := screening.IdentifierType(strings.TrimSpace(id.Type))
		if t != "" && !knownIdentifierType(t) {
			errs.Add(key+".type", "Identifier type must be one of passport, national_id, registration, tax_id, swift_bic, imo, other")
		}
		q.Identifiers = append(q.Identifiers, screening.Identifier{Type: t, Value: v})
	}
	if in.Limit != nil {
		if *in.Limit < 1 || *in.Limit > 100 {
			errs.Add("limit", "Limit must be between 1 and 100")
		}
		q.Limit = *in.Limit
	}
	threshold := screening.DefaultThreshold
	if in.MinScore != nil {
		if m := *in.MinScore; !(m >= 0 && m <= 1) { // also refuses NaN
			errs.Add("minScore", "Minimum score must be between 0 and 1")
		}
		threshold = *in.MinScore
	}
	return q, threshold, errs.Err()
}

func knownIdentifierType(t screening.IdentifierType) bool {
	switch t {
	case screening.Passport, screening.NationalID, screening.Registration, screening.TaxID, screening.SWIFTBIC, screening.IMO, screening.OtherID:
		return true
	}
	return false
}

// ParseQueryDate reads a date of birth typed as YYYY, YYYY-MM or YYYY-MM-DD.
func ParseQueryDate(s string) (screening.Date, bool) {
	parts := strings.Split(s, "-")
	if len(parts) > 3 || len(parts[0]) != 4 {
		return screening.Date{}, false
	}
	var n [3]int
	for i, p := range parts {
		if i > 0 && len(p) != 2 {
			return screening.Date{}, false
		}
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return screening.Date{}, false
		}
		n[i] = v
	}
	if n[0] < 1850 || n[0] > 2100 || len(parts) > 1 && (n[1] < 1 || n[1] > 12) || len(parts) > 2 && (n[2] < 1 || n[2] > daysIn(n[0], n[1])) {
		return screening.Date{}, false
	}
	return screening.Date{Year: n[0], Month: n[1], Day: n[2]}, true
}

func daysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
