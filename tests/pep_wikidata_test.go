package tests

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/screening/screeningtest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// withWikidata points pep_wikidata at a test SPARQL service answering Wikidata's recorded answers.
func withWikidata(svc http.Handler) envOption {
	return func(t *testing.T, e *env) {
		srv := httptest.NewServer(svc)
		t.Cleanup(srv.Close)
		e.cfg.ScreeningURLs["SCREENING_URL_PEP_WIKIDATA"] = srv.URL + "/sparql"
	}
}

// A PEP list fetched from Wikidata makes a version like any list, with the SPARQL answers kept as its
// evidence. A representative who is on it, typed in Cyrillic while the list's English name is in
// Latin letters, is a PEP hit naming the positions; the same person typed by the Latin alias is one
// too. Once the reviewer decides the hit is not the person, the Top certificate claims the PEP check
// with the list and its date.
func TestPEPFromWikidata(t *testing.T) {
	svc := screeningtest.NewWikidataService(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		outcomes, err := e.Svc.Screening.FetchLists(context.Background(), application.System, []screening.Source{screening.PEPWikidata})
		if err != nil || len(outcomes) != 1 || outcomes[0].Err != nil {
			t.Fatalf("fetch pep_wikidata: %v %+v", err, outcomes)
		}
		pep := outcomes[0].Result.Version
		if pep.EntryCount != 11 || len(pep.Files) != 12 || pep.Files[0].Name != "names-0001.json" || !pep.InForce {
			t.Fatalf("version %+v", pep)
		}
		adm := e.admin(t)
		c := e.register(t, "pep@acme.example")

		for _, name := range []string{"Иван Петрович Сидоров", "Ivan Sidorov"} {
			v := topVerification(t, c, nil, map[string]string{"fullName": name, "dateOfBirth": "1961-04-12",
				"nationality": "RU", "issuingCountry": "RU", "passportNumber": "RU7654321"})
			pay(t, c, v.ID)
			e.screenQueued(t)
			s := screeningOf(t, adm, v.ID)
			rep := subjectOf(s, "representative")
			if got := checkOf(rep, "pep"); got.Result != "hits" || got.Summary != "1 possible match: 1 undecided" {
				t.Fatalf("%s: PEP check %+v", name, got)
			}
			hit := rep.Hits[0]
			if hit.Check != "pep" || hit.Entry.Source != "pep_wikidata" || hit.Entry.SourceID != "Q900000001" ||
				hit.ListName != "Wikidata PEP" || hit.Entry.ListVersion != pep.ID || hit.Entry.Name != "Ivan Petrovich Sidorov" ||
				!strings.Contains(hit.Entry.Remarks, "Minister of Industry of Russia (RU), 2018-05-18 to 2022-01-10") {
				t.Fatalf("%s: hit %+v", name, hit)
			}
			if diff := cmp.Diff([]string{"1 screening hit is undecided"}, s.Open); diff != "" {
				t.Fatalf("%s: open (-want +got):\n%s", name, diff)
			}
		}

		// A clean representative, then a reviewer's decision: both end in a certificate naming the list.
		clean := topVerification(t, c, map[string]string{"registrationNumber": "REG-3003"}, nil)
		pay(t, c, clean.ID)
		e.screenQueued(t)
		if got := checkOf(subjectOf(screeningOf(t, adm, clean.ID), "representative"), "pep"); got.Result != "clear" || got.Summary != "No match" {
			t.Fatalf("clean representative's PEP check %+v", got)
		}
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(clean.ID)+"/approve", nil)

		v := topVerification(t, c, map[string]string{"registrationNumber": "REG-3004"}, map[string]string{"fullName": "Сидоров Иван",
			"dateOfBirth": "1961-04-12"})
		pay(t, c, v.ID)
		e.screenQueued(t)
		hit := subjectOf(screeningOf(t, adm, v.ID), "representative").Hits[0]
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/screening/hits/"+itoa(hit.ID)+"/decision",
			map[string]string{"outcome": "false_positive", "note": "A namesake: a Novosibirsk engineer, never in office (checked with the Duma's member list)"})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		for _, w := range []string{clean.PublicID, v.PublicID} {
			checks, _ := publicChecks(t, e.client(t), w)
			if diff := cmp.Diff([]string{"verification", "pep", "kyc", "beneficial_ownership"}, kinds(checks)); diff != "" {
				t.Fatalf("checks (-want +got):\n%s", diff)
			}
			if want := "PEP screening: no match. Wikidata PEP, retrieved 22 Nov 2026. Screened 22 Nov 2026, monitored daily"; checks[1].Text != want {
				t.Errorf("PEP claim %q, want %q", checks[1].Text, want)
			}
		}
	}, withWikidata(svc))
}
