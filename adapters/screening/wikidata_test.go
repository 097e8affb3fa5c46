package screening

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/screening/screeningtest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

var testNow = func() time.Time { return time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC) }

func testWikidata(cfg WikidataConfig) *Wikidata {
	cfg.UserAgent = "TTTVerify/1 (https://verify.example; ops@verify.example)"
	cfg.Now = testNow
	if cfg.Backoff == 0 {
		cfg.Backoff = 10 * time.Millisecond
	}
	return NewWikidata(cfg)
}

func parseFiles(t *testing.T, files []application.ListFile) (screening.List, error) {
	t.Helper()
	readers := map[string]io.Reader{}
	for _, f := range files {
		readers[f.Name] = bytes.NewReader(f.Data)
	}
	return PEPWikidata.Parse(readers)
}

// Every class is asked, page by page, then the names of the people found in batches; each answer
// comes back as a file, and the files read into one entry per person with every name.
func TestWikidataFetch(t *testing.T) {
	svc := screeningtest.NewWikidataService(t)
	srv := httptest.NewServer(svc)
	defer srv.Close()
	files, err := testWikidata(WikidataConfig{PageSize: 2, Batch: 5, YearsAfterOffice: 5}).Fetch(context.Background(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	want := []string{"positions-head_of_state-001.json", "positions-head_of_government-001.json",
		"positions-minister-001.json", "positions-minister-002.json", "positions-legislator-001.json",
		"positions-legislator-002.json", "positions-supreme_court-001.json", "positions-central_bank-001.json",
		"positions-ambassador-001.json", "positions-military-001.json", "positions-state_enterprise-001.json",
		"positions-state_enterprise-002.json", "positions-party-001.json", "positions-international_organisation-001.json",
		"names-0001.json", "names-0002.json", "names-0003.json"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Fatalf("files (-want +got):\n%s", diff)
	}
	queries, agents := svc.Queries()
	if len(queries) != len(want) {
		t.Fatalf("%d queries for %d files", len(queries), len(want))
	}
	for i, q := range queries[:14] {
		// Five years after office, counted from today.
		if !strings.Contains(q, `?end >= "2021-11-27T00:00:00Z"^^xsd:dateTime`) || !strings.Contains(q, "LIMIT 2 OFFSET") {
			t.Fatalf("positions query %d:\n%s", i, q)
		}
	}
	if !strings.Contains(queries[3], "LIMIT 2 OFFSET 2") || !strings.Contains(queries[14], "VALUES ?person { wd:Q900000001 wd:Q900000002") {
		t.Fatalf("paging or names:\n%s\n%s", queries[3], queries[14])
	}
	for _, a := range agents {
		if a != "TTTVerify/1 (https://verify.example; ops@verify.example)" {
			t.Fatalf("User-Agent %q", a)
		}
	}

	list, err := parseFiles(t, files)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Entries) != 11 { // twelve people, one of them with no name at all
		t.Fatalf("%d entries", len(list.Entries))
	}
	sidorov := list.Entries[0]
	wantEntry := screening.Entry{Source: screening.PEPWikidata, SourceID: "Q900000001", Kind: screening.Person,
		Name:         "Ivan Petrovich Sidorov",
		Aliases:      []string{"Iwan Petrowitsch Sidorow", "Іван Петрович Сидоров", "Иван Петрович Сидоров", "Ivan Sidorov", "Сидоров Иван Петрович"},
		DatesOfBirth: []screening.DateOfBirth{{From: screening.Date{Year: 1961, Month: 4, Day: 12}, To: screening.Date{Year: 1961, Month: 4, Day: 12}}},
		Countries:    []string{"RU"}, Programs: []string{"Member of a national legislature", "Minister or deputy minister"},
		Topics: []screening.Topic{screening.PEP},
		Remarks: "Positions held: Minister of Industry of Russia (RU), 2018-05-18 to 2022-01-10; " +
			"member of the State Duma (RU), since 2022-02-01"}
	if diff := cmp.Diff(wantEntry, sidorov); diff != "" {
		t.Fatalf("entry (-want +got):\n%s", diff)
	}
	byID := map[string]screening.Entry{}
	for _, e := range list.Entries {
		byID[e.SourceID] = e
	}
	// One holding found under two classes is one position; year and month precision are kept.
	for id, remarks := range map[string]string{
		"Q900000005": "Positions held: President of Chile (CL), since 2022-03-11",
		"Q900000007": "Positions held: Chief of Staff of the Egyptian Armed Forces (EG), 2020 to 2024",
		"Q900000010": "Positions held: Governor of the National Bank of Serbia (RS), since 2021-08",
		"Q900000009": "Positions held: Deputy Secretary-General of the Mediterranean Council, since 2020-09-01",
	} {
		if got := byID[id].Remarks; got != remarks {
			t.Errorf("%s remarks %q, want %q", id, got, remarks)
		}
	}
	if e := byID["Q900000003"]; e.Name != "Wang Jianguo" || !cmp.Equal(e.Aliases, []string{"王建国", "王建國"}) ||
		e.DatesOfBirth[0].From != (screening.Date{Year: 1958, Month: 3}) {
		t.Errorf("Chinese entry %+v", e)
	}
	if _, ok := byID["Q900000011"]; ok {
		t.Error("a person without any name became an entry")
	}
}

// A 429 with Retry-After is waited out and asked again; a 400 is not; a service that does not
// answer in time is asked a bounded number of times, and the fetch then fails saying so.
func TestWikidataRetries(t *testing.T) {
	svc := screeningtest.NewWikidataService(t)
	var calls atomic.Int32
	var mode atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := calls.Add(1)
		switch mode.Load() {
		case "429 once":
			if n == 1 {
				w.Header().Set("Retry-After", "1")
				http.Error(w, "Too Many Requests", http.StatusTooManyRequests)
				return
			}
		case "503 long":
			w.Header().Set("Retry-After", "3600")
			http.Error(w, "Service Unavailable", http.StatusServiceUnavailable)
			return
		case "slow":
			time.Sleep(300 * time.Millisecond)
		case "bad query":
			http.Error(w, "MalformedQueryException: Encountered \" \"}\"", http.StatusBadRequest)
			return
		case "html":
			_, _ = w.Write([]byte("<html>maintenance</html>"))
			return
		}
		svc.ServeHTTP(w, r)
	}))
	defer srv.Close()
	ctx := context.Background()

	mode.Store("429 once")
	start := time.Now()
	files, err := testWikidata(WikidataConfig{Attempts: 3}).Fetch(ctx, srv.URL)
	if err != nil || len(files) != 12 {
		t.Fatalf("after a 429: %d files, %v", len(files), err)
	}
	if waited := time.Since(start); waited < time.Second || calls.Load() != 13 {
		t.Fatalf("waited %s over %d calls; want the second asked for by Retry-After and one call more", waited, calls.Load())
	}

	for m, want := range map[string]string{
		"slow":      "head_of_state, page 1: the service did not answer within 100ms (tried 2 times)",
		"503 long":  "the service answered 503 Service Unavailable; the service asks to wait 1h0m0s, longer than 5m0s",
		"bad query": "the service answered 400 Bad Request: MalformedQueryException",
		"html":      "the answer is not SPARQL results JSON",
	} {
		mode.Store(m)
		calls.Store(0)
		_, err := testWikidata(WikidataConfig{Timeout: 100 * time.Millisecond, Attempts: 2}).Fetch(ctx, srv.URL)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", m, err, want)
		}
		if wantCalls := map[string]int32{"bad query": 1, "503 long": 1}[m]; wantCalls == 0 && calls.Load() != 2 ||
			wantCalls != 0 && calls.Load() != wantCalls {
			t.Errorf("%s: %d calls", m, calls.Load())
		}
	}
}

// The answers of a fetch fail to read, saying why, when one is cut, of another query, or empty.
func TestPEPWikidataBrokenAnswers(t *testing.T) {
	svc := screeningtest.NewWikidataService(t)
	srv := httptest.NewServer(svc)
	defer srv.Close()
	files, err := testWikidata(WikidataConfig{}).Fetch(context.Background(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	replace := func(name string, data string) []application.ListFile {
		out := []application.ListFile{}
		for _, f := range files {
			if f.Name == name {
				if data == "-" {
					continue
				}
				f.Data = []byte(data)
			}
			out = append(out, f)
		}
		return out
	}
	names := files[len(files)-1]
	empty := `{"head":{"vars":["person","held","position"]},"results":{"bindings":[]}}`
	var allEmpty []application.ListFile
	for _, f := range files {
		if strings.HasPrefix(f.Name, "positions-") {
			f.Data = []byte(empty)
		}
		allEmpty = append(allEmpty, f)
	}
	for what, c := range map[string]struct {
		files []application.ListFile
		want  string
	}{
		"truncated": {replace("positions-minister-001.json", string(files[2].Data[:len(files[2].Data)/2])),
			"positions-minister-001.json: the answer is not SPARQL results JSON"},
		"other query": {replace("positions-party-001.json", string(names.Data)), `positions-party-001.json: the answer has no "held" column`},
		"no names":    {replace("names-0001.json", "-"), "the names answers (names-*.json) are missing"},
		"nobody":      {allEmpty, "the answers name no person holding a politically exposed position"},
	} {
		if _, err := parseFiles(t, c.files); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", what, err, c.want)
		}
	}
}
