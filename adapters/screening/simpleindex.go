package screening

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// SimpleIndex is a stand-in for the matching engine of domain/screening, which is built in
// parallel: exact tokens after folding case and accents, scored by their overlap, plus equal
// identifiers. It scans every entry. MERGE: cmd/server wires screening.NewIndex instead and this
// file goes.
type SimpleIndex struct {
	entries []simpleEntry
}

type simpleEntry struct {
	entry *screening.Entry
	names [][]string // tokens of the name, then of each alias
}

// simpleThreshold is the stand-in's cut-off: most of the tokens must agree.
const simpleThreshold = 0.75

// NewSimpleIndex indexes entries; it matches application.IndexBuilder.
func NewSimpleIndex(entries []screening.Entry) application.ScreeningIndex {
	idx := &SimpleIndex{entries: make([]simpleEntry, len(entries))}
	for i := range entries {
		e := &entries[i]
		se := simpleEntry{entry: e, names: [][]string{simpleTokens(e.Name)}}
		for _, a := range e.Aliases {
			se.names = append(se.names, simpleTokens(a))
		}
		idx.entries[i] = se
	}
	return idx
}

// Search returns the entries whose name or alias shares most tokens with the query's name.
func (idx *SimpleIndex) Search(q application.ScreeningQuery) []application.ScreeningHit {
	qt := simpleTokens(q.Name)
	var hits []application.ScreeningHit
	for _, se := range idx.entries {
		if !simpleKindMatches(q.Kind, se.entry.Kind) {
			continue
		}
		best, bestName := 0.0, ""
		for i, nt := range se.names {
			if s := dice(qt, nt); s > best {
				best, bestName = s, se.entry.Name
				if i > 0 {
					bestName = se.entry.Aliases[i-1]
				}
			}
		}
		features := []application.HitFeature{{Feature: "name", Score: best, Detail: fmt.Sprintf("%q against %q", q.Name, bestName)}}
		score := best
		for _, id := range q.Identifiers {
			for _, eid := range se.entry.Identifiers {
				if strings.EqualFold(strings.ReplaceAll(eid.Value, " ", ""), strings.ReplaceAll(id.Value, " ", "")) {
					score = 1
					features = append(features, application.HitFeature{Feature: "identifier", Score: 1, Detail: fmt.Sprintf("%s %s is equal", eid.Type, eid.Value)})
				}
			}
		}
		if score < simpleThreshold {
			continue
		}
		if q.DateOfBirth != nil && len(se.entry.DatesOfBirth) > 0 {
			same := false
			for _, d := range se.entry.DatesOfBirth {
				same = same || (q.DateOfBirth.Year >= d.From.Year && q.DateOfBirth.Year <= d.To.Year)
			}
			if same {
				features = append(features, application.HitFeature{Feature: "date_of_birth", Score: 0.05, Detail: "year of birth agrees"})
				score = min(1, score+0.05)
			} else {
				features = append(features, application.HitFeature{Feature: "date_of_birth", Score: -0.2, Detail: "year of birth differs"})
				score -= 0.2
			}
		}
		hits = append(hits, application.ScreeningHit{Entry: se.entry, Score: score, MatchedName: bestName, Explanation: features})
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	if q.Limit > 0 && len(hits) > q.Limit {
		hits = hits[:q.Limit]
	}
	return hits
}

func simpleKindMatches(q application.QueryKind, k screening.Kind) bool {
	switch q {
	case application.QueryPerson:
		return k == screening.Person || k == screening.Unknown
	case application.QueryCompany:
		return k == screening.Organisation || k == screening.Unknown
	}
	return true
}

// simpleTokens folds case and accents and splits on anything but letters and digits.
func simpleTokens(s string) []string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(strings.ToLower(s)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
	}
	return strings.Fields(b.String())
}

// dice is the share of tokens two names have in common.
func dice(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	common := 0
	used := make([]bool, len(b))
	for _, t := range a {
		for j, u := range b {
			if !used[j] && t == u {
				used[j] = true
				common++
				break
			}
		}
	}
	return 2 * float64(common) / float64(len(a)+len(b))
}
