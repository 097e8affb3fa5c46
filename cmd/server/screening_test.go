package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/screening/screeningtest"
	"github.com/tttverify/tttverify/cmd/server/app"
)

// sanctionsData is a file of the committed snapshot of real list files (screeningtest.DataDir).
func sanctionsData(t *testing.T, rel string) string {
	t.Helper()
	return filepath.Join(screeningtest.DataDir(t), rel)
}

// screeningCLI runs `server screening ARGS…` on cfg and returns what it printed.
func screeningCLI(t *testing.T, cfg *app.Config, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := screeningCommand(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), args, &out)
	return out.String(), err
}

func mustCLI(t *testing.T, cfg *app.Config, want string, args ...string) string {
	t.Helper()
	out, err := screeningCLI(t, cfg, args...)
	if err != nil {
		t.Fatalf("screening %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	if !strings.Contains(out, want) {
		t.Fatalf("screening %s printed\n%s\nwant %q", strings.Join(args, " "), out, want)
	}
	return out
}

func TestScreeningCommand(t *testing.T) {
	euFixture := filepath.Join("..", "..", "adapters", "screening", "testdata", "eu", "export.xml")
	var served []byte // what the fake publisher serves for the EU list
	publisher := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if served == nil {
			http.Error(w, "down", http.StatusBadGateway)
			return
		}
		_, _ = w.Write(served)
	}))
	defer publisher.Close()
	cfg := testConfig(t, "SCREENING_URL_EU="+publisher.URL+"/eu.xml", "SCREENING_URL_UK="+publisher.URL+"/uk.xml")

	mustCLI(t, cfg, "no list has been imported", "lists")
	mustCLI(t, cfg, "us_csl: version 1 in force, 115 entries", "import", "us_csl", sanctionsData(t, "us_csl/consolidated.csv"))
	mustCLI(t, cfg, "no new version", "import", "us_csl", sanctionsData(t, "us_csl/consolidated.csv"))
	mustCLI(t, cfg, "eu: version 2 in force, 3 entries, published 2026-11-20; the first version", "import", "eu", euFixture)

	// A truncated file fails, says why, and leaves version 2 in force.
	eu, err := os.ReadFile(euFixture)
	if err != nil {
		t.Fatal(err)
	}
	truncated := filepath.Join(t.TempDir(), "export.xml")
	if err := os.WriteFile(truncated, eu[:len(eu)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := screeningCLI(t, cfg, "import", "eu", truncated); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Fatalf("truncated import: %v\n%s", err, out)
	}
	if out, err := screeningCLI(t, cfg, "import", "nato", truncated); err == nil || !strings.Contains(err.Error(), `Unknown list "nato"`) {
		t.Fatalf("unknown list: %v\n%s", err, out)
	}
	lists := mustCLI(t, cfg, "eu", "lists")
	if strings.Count(lists, "yes") != 2 || strings.Count(lists, "\n") != 3 {
		t.Fatalf("lists after a failed import:\n%s", lists)
	}

	// A listed person and a listed company are found, with the explanation of the score.
	out := mustCLI(t, cfg, "Ivan Sergeyevich Kuznetsov", "check", "Kuznetsov", "Ivan", "Sergeyevich", "--person", "--dob", "1971-03-14")
	if !strings.Contains(out, "name") || !strings.Contains(out, "date_of_birth") || !strings.Contains(out, "eu v2 (2026-11-20)") {
		t.Fatalf("person check:\n%s", out)
	}
	mustCLI(t, cfg, "200G PSA HOLDINGS LLC", "check", "200G PSA Holdings LLC", "--company", "--country", "US")
	mustCLI(t, cfg, "identifier", "check", "Unknown Name Trading", "--id", "SVMKRUMM")
	mustCLI(t, cfg, "0 hits", "check", "Nobody Atall", "--person")
	// A surname alone is a weaker candidate: under the engine's threshold, shown with a lower minimum.
	if out := mustCLI(t, cfg, "threshold: 0.85", "check", "Kuznetsov", "--person"); !strings.Contains(out, "0 hits") {
		t.Fatalf("a surname alone at the default threshold:\n%s", out)
	}
	if out := mustCLI(t, cfg, "threshold: 0.60", "check", "Kuznetsov", "--person", "--min-score", "0.6"); !strings.Contains(out, "eu 900001  Ivan Sergeyevich Kuznetsov") {
		t.Fatalf("a surname alone at --min-score 0.6:\n%s", out)
	}
	for _, bad := range []string{"2", "-0.1", "high"} {
		if _, err := screeningCLI(t, cfg, "check", "Kuznetsov", "--min-score", bad); err == nil || !strings.Contains(err.Error(), "0 to 1") && !strings.Contains(err.Error(), "between 0 and 1") {
			t.Fatalf("--min-score %s: %v", bad, err)
		}
	}
	if _, err := screeningCLI(t, cfg, "check", "Someone", "--dob", "14.03.1971"); err == nil || !strings.Contains(err.Error(), "Date of birth must be") {
		t.Fatalf("bad date: %v", err)
	}

	// Fetching: a failed download keeps the version in force, says so and fails the command.
	out, err = screeningCLI(t, cfg, "fetch", "eu")
	if err == nil || !strings.Contains(out, "eu: FAILED") || !strings.Contains(out, "version 2 (published 2026-11-20") {
		t.Fatalf("failed fetch: %v\n%s", err, out)
	}
	served = []byte("<html>maintenance</html>") // a download that is not the list
	if out, err = screeningCLI(t, cfg, "fetch", "eu"); err == nil || !strings.Contains(out, "want <export>") || !strings.Contains(out, "stays in force") {
		t.Fatalf("unparseable fetch: %v\n%s", err, out)
	}
	served = bytes.Replace(eu, []byte("Supplier of dual-use goods."), []byte("Supplier of dual-use goods and steel."), 1)
	mustCLI(t, cfg, "eu: version 3 in force, 3 entries, published 2026-11-20; against version 2: 0 added, 0 removed, 1 changed", "fetch", "eu")
	mustCLI(t, cfg, "changed  900003  Limited Liability Company Severnaya", "changes", "3")
}

// The shipped FATF file loads as a version in force, the same file again makes none, and a file
// that is not in the documented format is refused with the reason.
func TestJurisdictionsCommand(t *testing.T) {
	cfg := testConfig(t)
	shipped := filepath.Join("..", "..", "docs", "jurisdictions", "fatf-2025-06-13.json")
	mustCLI(t, cfg, "no jurisdiction list imported", "jurisdictions")
	mustCLI(t, cfg, "jurisdictions: version 1 in force: FATF lists of 13 Jun 2025, 3 high-risk, 24 under increased monitoring",
		"jurisdictions", "import", shipped)
	mustCLI(t, cfg, "no new version", "jurisdictions", "import", shipped)
	if out := mustCLI(t, cfg, "FATF", "jurisdictions"); !strings.Contains(out, "2025-06-13  3          24") {
		t.Fatalf("versions:\n%s", out)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	for body, want := range map[string]string{
		`{"format":"ttt-jurisdictions/1","publisher":"FATF","published":"2025-06-13","jurisdictions":[{"country":"XX","name":"Nowhere","category":"high_risk"}]}`: `"XX" is not an ISO 3166-1 alpha-2 code`,
		`{"format":"ttt-jurisdictions/1","publisher":"FATF","published":"13.06.2025","jurisdictions":[]}`:                                                         "published must be YYYY-MM-DD",
		`{"format":"other","publisher":"FATF","published":"2025-06-13","jurisdictions":[]}`:                                                                       `format must be "ttt-jurisdictions/1"`,
		`{"format":"ttt-jurisdictions/1","publisher":"FATF","published":"2025-06-13","jurisdictions":[{"country":"IR","name":"Iran","category":"black"}]}`:        "category must be high_risk or increased_monitoring",
	} {
		if err := os.WriteFile(bad, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if out, err := screeningCLI(t, cfg, "jurisdictions", "import", bad); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("import of %s: %v\n%s\nwant an error with %q", body, err, out, want)
		}
	}
}

// `screening fetch pep_wikidata` asks the SPARQL service named by SCREENING_URL_PEP_WIKIDATA,
// introducing itself with the operator's contact, and puts a PEP list in force whose names in
// other scripts are found; a service that does not answer in time fails the fetch and the version
// stays in force; the kept answers import as the same list.
func TestScreeningFetchPEPWikidata(t *testing.T) {
	svc := screeningtest.NewWikidataService(t)
	var slow atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if slow.Load() {
			time.Sleep(500 * time.Millisecond)
		}
		svc.ServeHTTP(w, r)
	}))
	defer srv.Close()
	cfg := testConfig(t, "SCREENING_URL_PEP_WIKIDATA="+srv.URL+"/sparql", "PUBLIC_BASE_URL=https://verify.example", "PAYMENTS=simulated",
		"OPERATOR_EMAIL=kyc@verify.example", "SCREENING_WIKIDATA_TIMEOUT=200ms", "SCREENING_WIKIDATA_ATTEMPTS=1")

	out := mustCLI(t, cfg, "pep_wikidata: version 1 in force, 11 entries, published undated; the first version of this list",
		"fetch", "pep_wikidata")
	t.Logf("screening fetch pep_wikidata:\n%s", out)
	_, agents := svc.Queries()
	if len(agents) != 12 || agents[0] != "TTTVerify/1 (https://verify.example; kyc@verify.example) pep_wikidata/1" {
		t.Fatalf("%d queries, User-Agent %q", len(agents), agents[0])
	}
	for _, name := range []string{"Иван Петрович Сидоров", "Сидоров Иван", "Κωνσταντίνος Αλεξανδράκης", "王建国", "خالد سعيد المنصوري"} {
		if out := mustCLI(t, cfg, "pep_wikidata", "check", name, "--person"); strings.Contains(out, "0 hits") {
			t.Errorf("check %s:\n%s", name, out)
		}
	}
	mustCLI(t, cfg, "no new version", "fetch", "pep_wikidata")

	slow.Store(true)
	out, err := screeningCLI(t, cfg, "fetch", "pep_wikidata")
	if err == nil || !strings.Contains(out, "pep_wikidata: FAILED: ask "+strings.TrimPrefix(srv.URL, "http://")+" (pep_wikidata): head_of_state, page 1: "+
		"the service did not answer within 200ms; version 1 (published undated, imported ") || !strings.Contains(out, "stays in force") {
		t.Fatalf("fetch from a service that does not answer: %v\n%s", err, out)
	}
	t.Logf("screening fetch pep_wikidata, no answer in time:\n%s", out)

	files, err := filepath.Glob(filepath.Join(screeningtest.WikidataDir(t), "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	mustCLI(t, cfg, "pep_wikidata: version 2 in force, 11 entries, published undated; against version 1: 0 added, 0 removed, 0 changed",
		append([]string{"import", "pep_wikidata"}, files...)...)
}
