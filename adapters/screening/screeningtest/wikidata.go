package screeningtest

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// WikidataService answers SPARQL queries the way Wikidata's query service does, in the SPARQL 1.1
// Query Results JSON format, from the hand-made answers in adapters/screening/testdata/wikidata: a
// positions query gets the rows of its class (named on its "# class:" line) from LIMIT at OFFSET,
// a names query the rows of the people in its VALUES.
type WikidataService struct {
	positions map[string]answer // by class
	names     answer

	mu      sync.Mutex
	queries []string
	agents  []string
}

type answer struct {
	Head     json.RawMessage `json:"head"`
	Bindings []map[string]struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	}
	raw []json.RawMessage
}

// WikidataDir is adapters/screening/testdata/wikidata, found from the module root.
func WikidataDir(tb testing.TB) string {
	tb.Helper()
	return filepath.Join(moduleRoot(tb), "adapters", "screening", "testdata", "wikidata")
}

// NewWikidataService reads the recorded answers.
func NewWikidataService(tb testing.TB) *WikidataService {
	tb.Helper()
	s := &WikidataService{positions: map[string]answer{}}
	files, err := filepath.Glob(filepath.Join(WikidataDir(tb), "*.json"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("recorded Wikidata answers: %v (%d files)", err, len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f) //nolint:gosec // G304: the test's own fixtures
		if err != nil {
			tb.Fatal(err)
		}
		var doc struct {
			Head    json.RawMessage `json:"head"`
			Results struct {
				Bindings []json.RawMessage `json:"bindings"`
			} `json:"results"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		a := answer{Head: doc.Head, raw: doc.Results.Bindings}
		for _, b := range doc.Results.Bindings {
			var row map[string]struct {
				Type  string `json:"type"`
				Value string `json:"value"`
			}
			if err := json.Unmarshal(b, &row); err != nil {
				tb.Fatalf("%s: %v", f, err)
			}
			a.Bindings = append(a.Bindings, row)
		}
		base := filepath.Base(f)
		if strings.HasPrefix(base, "names-") {
			s.names.Head = a.Head
			s.names.Bindings = append(s.names.Bindings, a.Bindings...)
			s.names.raw = append(s.names.raw, a.raw...)
			continue
		}
		class := strings.TrimSuffix(strings.TrimPrefix(base, "positions-"), ".json")
		class = class[:strings.LastIndexByte(class, '-')]
		p := s.positions[class]
		p.Head = a.Head
		p.Bindings = append(p.Bindings, a.Bindings...)
		p.raw = append(p.raw, a.raw...)
		s.positions[class] = p
	}
	return s
}

var (
	classLine = regexp.MustCompile(`(?m)^# class: (\S+)$`)
	limitLine = regexp.MustCompile(`LIMIT (\d+) OFFSET (\d+)`)
	values    = regexp.MustCompile(`VALUES \?person \{([^}]*)\}`)
)

// ServeHTTP answers a query sent as the service accepts it: a POSTed form or a GET with ?query=.
func (s *WikidataService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.FormValue("query")
	s.mu.Lock()
	s.queries = append(s.queries, q)
	s.agents = append(s.agents, r.Header.Get("User-Agent"))
	s.mu.Unlock()
	var head json.RawMessage
	var rows []json.RawMessage
	switch {
	case classLine.MatchString(q):
		a := s.positions[classLine.FindStringSubmatch(q)[1]]
		head, rows = a.Head, a.raw
		if m := limitLine.FindStringSubmatch(q); m != nil {
			limit, _ := strconv.Atoi(m[1])
			offset, _ := strconv.Atoi(m[2])
			rows = rows[min(offset, len(rows)):min(offset+limit, len(rows))]
		}
		if head == nil {
			head = json.RawMessage(`{"vars":["person","held","position","positionLabel","country","start","startPrecision","end","endPrecision"]}`)
		}
	case values.MatchString(q):
		want := map[string]bool{}
		for _, id := range strings.Fields(values.FindStringSubmatch(q)[1]) {
			want["http://www.wikidata.org/entity/"+strings.TrimPrefix(id, "wd:")] = true
		}
		head = s.names.Head
		for i, b := range s.names.Bindings {
			if want[b["person"].Value] {
				rows = append(rows, s.names.raw[i])
			}
		}
	default:
		http.Error(w, "MalformedQueryException: not a query of this test service", http.StatusBadRequest)
		return
	}
	if rows == nil {
		rows = []json.RawMessage{}
	}
	w.Header().Set("Content-Type", "application/sparql-results+json;charset=utf-8")
	_ = json.NewEncoder(w).Encode(map[string]any{"head": head, "results": map[string]any{"bindings": rows}})
}

// Queries returns the queries asked so far and the User-Agent each came with.
func (s *WikidataService) Queries() (queries, agents []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.queries...), append([]string(nil), s.agents...)
}
