package screening

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/screening/screeningtest"
	"github.com/tttverify/tttverify/domain/screening"
)

// twoFileParser stands for a list published as several files, like OFAC's.
type twoFileParser struct{}

func (twoFileParser) Source() screening.Source { return screening.OFACSDN }
func (twoFileParser) Files() []string          { return []string{"sdn.csv", "sdn_comments.csv"} }
func (twoFileParser) Parse(map[string]io.Reader) (screening.List, error) {
	return screening.List{}, nil
}

func TestFetcher(t *testing.T) {
	eu := fixture(t, "eu/export.xml")
	wikidata := screeningtest.NewWikidataService(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/sparql":
			wikidata.ServeHTTP(w, r)
		case "/eu.xml":
			_, _ = w.Write(eu)
		case "/ofac/sdn.csv":
			_, _ = w.Write([]byte("36,\"AEROCARIBBEAN AIRLINES\",-0-\n"))
		case "/big":
			_, _ = w.Write([]byte(strings.Repeat("x", 64<<10)))
		case "/slow":
			time.Sleep(300 * time.Millisecond)
		case "/down":
			http.Error(w, "maintenance", http.StatusServiceUnavailable)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	reg := NewRegistry()
	reg.add(twoFileParser{}, "test/1")
	env := map[string]string{
		"SCREENING_URL_EU":       srv.URL + "/eu.xml",
		"SCREENING_URL_OFAC_SDN": srv.URL + "/ofac",
		"SCREENING_URL_UK":       srv.URL + "/down",
		"SCREENING_URL_US_CSL":   srv.URL + "/big",
		"SCREENING_URL_PEP_CSV":  srv.URL + "/slow",
		"SCREENING_URL_FTM":      srv.URL + "/missing",
		// A SPARQL service, asked by queries rather than downloaded from.
		"SCREENING_URL_PEP_WIKIDATA": srv.URL + "/sparql",
		"SCREENING_URL_UN":           "http://127.0.0.1:1/un.xml?token=s3cret", // nothing listens on port 1
	}
	f, err := NewFetcher(reg, FetcherConfig{Timeout: 100 * time.Millisecond, MaxBytes: 32 << 10, Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Sources(); len(got) != 9 {
		t.Fatalf("sources %v", got)
	}
	ctx := context.Background()

	files, err := f.Fetch(ctx, screening.EU)
	if err != nil || len(files) != 1 || files[0].Name != "export.xml" || string(files[0].Data) != string(eu) {
		t.Fatalf("eu: %v %v", files, err)
	}
	files, err = f.Fetch(ctx, screening.PEPWikidata)
	if err != nil || len(files) != 12 || files[0].Name != "positions-head_of_state-001.json" || files[11].Name != "names-0001.json" {
		t.Fatalf("pep_wikidata: %d files, %v", len(files), err)
	}
	// The optional second file is absent at the publisher: the first one comes alone.
	files, err = f.Fetch(ctx, screening.OFACSDN)
	if err != nil || len(files) != 1 || files[0].Name != "sdn.csv" {
		t.Fatalf("ofac: %v %v", files, err)
	}
	for src, want := range map[screening.Source]string{
		screening.UK:     "503 Service Unavailable",
		screening.USCSL:  "larger than the limit of 32768 bytes",
		screening.PEPCSV: "did not answer in time (SCREENING_FETCH_TIMEOUT)",
		screening.FTM:    "no such file",
		screening.UN:     "the publisher's server (127.0.0.1:1) could not be reached: dial tcp",
	} {
		if _, err := f.Fetch(ctx, src); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", src, err, want)
		} else if strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), "http://") {
			t.Errorf("%s: the error %q repeats the address; administrators read it in an e-mail", src, err)
		}
	}

	if _, err := NewFetcher(reg, FetcherConfig{Getenv: func(k string) string {
		return map[string]string{"SCREENING_URL_EU": "ftp://example.org/x"}[k]
	}}); err == nil || !strings.Contains(err.Error(), "SCREENING_URL_EU must be an http(s) address") {
		t.Fatalf("bad address: %v", err)
	}
	// Without overrides the official lists and Wikidata have addresses, and the licensed ones none.
	official, _ := NewFetcher(NewRegistry(), FetcherConfig{Getenv: func(string) string { return "" }})
	if _, err := official.Fetch(ctx, screening.FTM); err == nil || !strings.Contains(err.Error(), "set SCREENING_URL_FTM") {
		t.Fatalf("ftm without an address: %v", err)
	}
	if len(official.Sources()) != 7 || official.addresses[screening.PEPWikidata] != "https://query.wikidata.org/sparql" {
		t.Fatalf("official sources %v", official.Sources())
	}
}
