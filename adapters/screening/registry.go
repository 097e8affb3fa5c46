package screening

import (
	"sort"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// Registry knows the parser of each list and the version of that parser recorded with every
// import, so that a stored list version says which code read it.
type Registry struct {
	parsers  map[screening.Source]Parser
	versions map[screening.Source]string
}

// NewRegistry returns the parsers of every list the product reads.
func NewRegistry() *Registry {
	r := &Registry{parsers: map[screening.Source]Parser{}, versions: map[screening.Source]string{}}
	// Bump a version whenever its parser reads the same file into different entries.
	r.add(EU, "eu/1")
	r.add(UK, "uk/1")
	r.add(USCSL, "us_csl/1")
	r.add(FTM, "ftm/1")
	r.add(PEPCSV, "pep_csv/1")
	r.add(PEPWikidata, "pep_wikidata/1")
	r.add(OFACSDN, "ofac_sdn/1")
	r.add(OFACConsolidated, "ofac_consolidated/1")
	r.add(UN, "un/1")
	return r
}

var _ application.ListParsers = (*Registry)(nil)

func (r *Registry) add(p Parser, version string) {
	r.parsers[p.Source()] = p
	r.versions[p.Source()] = version
}

// Parser returns the parser of a list and its version.
func (r *Registry) Parser(src screening.Source) (application.ListParser, string, bool) {
	p, ok := r.parsers[src]
	if !ok {
		return nil, "", false
	}
	return p, r.versions[src], true
}

// Sources lists the lists the registry reads, sorted.
func (r *Registry) Sources() []screening.Source { return sortedSources(r.parsers) }

// sortedSources returns the keys of m in order.
func sortedSources[V any](m map[screening.Source]V) []screening.Source {
	out := make([]screening.Source, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
