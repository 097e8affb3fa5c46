package tests

import (
	"bytes"
	"context"
	"encoding/csv"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
	screeninglists "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// withWorkers runs job workers that look for new jobs every 50 ms, so that screening runs, the
// re-screening after an import and e-mail to the outbox happen as on a server.
func withWorkers(_ *testing.T, e *env) {
	e.cfg.Workers, e.hooks.JobPollInterval = 2, 50*time.Millisecond
}

// startWorkers starts the environment's job workers; they stop with the environment.
func (e *env) startWorkers(t *testing.T) {
	t.Helper()
	if err := e.StartWorkers(context.Background()); err != nil {
		t.Fatalf("start workers: %v", err)
	}
}

// eventually polls check until it reports true, failing the test with its last account after a while.
func eventually(t *testing.T, check func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		ok, account := check()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", account)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// subjectOf is the subject of a kind (company, representative, bank) in a screening.
func subjectOf(s api.VerificationScreening, kind string) api.ScreeningSubject {
	for _, sub := range s.Subjects {
		if sub.Kind == kind {
			return sub
		}
	}
	return api.ScreeningSubject{}
}

// checkOf is a subject's check of a kind (sanctions, pep, jurisdiction, kyc).
func checkOf(s api.ScreeningSubject, kind string) api.ScreeningCheck {
	for _, c := range s.Checks {
		if c.Kind == kind {
			return c
		}
	}
	return api.ScreeningCheck{}
}

// screeningOf reads a verification's screening as a reviewer.
func screeningOf(t *testing.T, adm *client, id int64) api.VerificationScreening {
	t.Helper()
	var s api.VerificationScreening
	adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(id)+"/screening", nil).JSON(t, &s)
	return s
}

// screened waits until a run newer than after has finished and returns the screening.
func screened(t *testing.T, adm *client, id, after int64) api.VerificationScreening {
	t.Helper()
	var s api.VerificationScreening
	eventually(t, func() (bool, string) {
		s = screeningOf(t, adm, id)
		return s.Status == "done" && s.Run != nil && s.Run.ID > after, "screening " + s.Status
	})
	return s
}

// publicChecks reads the checks an approved certificate states.
func publicChecks(t *testing.T, c *client, publicID string) ([]api.CertificateCheck, string) {
	t.Helper()
	r := c.must(http.StatusOK, "GET", "/api/public/verifications/"+publicID, nil)
	var pub api.PublicVerification
	r.JSON(t, &pub)
	return pub.Checks, string(r.Body)
}

func kinds(checks []api.CertificateCheck) []string {
	out := make([]string, len(checks))
	for i, c := range checks {
		out[i] = c.Kind
	}
	return out
}

// topVerification fills a Top verification with the fixtures' sections, the representative's
// fields replaced by rep and the company's by company, and submits it.
func topVerification(t *testing.T, c *client, company, rep map[string]string) api.Verification {
	t.Helper()
	v := fillVerification(t, c, "top")
	base := "/api/verifications/" + itoa(v.ID)
	if company != nil {
		c.must(http.StatusOK, "PUT", base+"/company-info", merged(companyBody, company))
	}
	if rep != nil {
		var reps []struct{ ID int64 }
		c.must(http.StatusOK, "GET", base+"/representatives", nil).JSON(t, &reps)
		c.must(http.StatusOK, "PUT", base+"/representatives/"+itoa(reps[0].ID), merged(representativeBody, rep))
	}
	c.must(http.StatusOK, "POST", base+"/submit", nil).JSON(t, &v)
	return v
}

// merged is base with over's entries put in.
func merged[V any](base, over map[string]V) map[string]V {
	out := map[string]V{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		out[k] = v
	}
	return out
}

// pay pays a submitted verification with the simulated provider's good test card.
func pay(t *testing.T, c *client, id int64) {
	t.Helper()
	intentID, _ := c.intent(id, "")["paymentIntentId"].(string)
	if r := c.confirmCard(intentID, "4242424242424242"); r.Status != http.StatusOK {
		t.Fatalf("pay %d: %d %s", id, r.Status, r.Body)
	}
}

// cslWith is the US CSL fixture with one more Entity List row naming name.
func cslWith(t *testing.T, name, country string) application.ListFile {
	t.Helper()
	f := listFile(t, "testdata/us_csl/consolidated.csv")
	rows, err := csv.NewReader(bytes.NewReader(f.Data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	row := make([]string, len(rows[0]))
	for i, col := range rows[0] {
		switch col {
		case "source":
			row[i] = "Entity List (EL) - Bureau of Industry and Security"
		case "entity_number":
			row[i] = "990001"
		case "type":
			row[i] = "Entity"
		case "name":
			row[i] = name
		case "addresses":
			row[i] = "1 Harbour Road, " + country
		case "start_date":
			row[i] = "2026-11-23"
		}
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.WriteAll(append(rows, row)); err != nil {
		t.Fatal(err)
	}
	return application.ListFile{Name: f.Name, Data: buf.Bytes()}
}

// importJurisdictions loads the shipped FATF file, as `screening jurisdictions import` does.
func (e *env) importJurisdictions(t *testing.T) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "docs", "jurisdictions", "fatf-2025-06-13.json"))
	if err != nil {
		t.Fatal(err)
	}
	list, err := screeninglists.ParseJurisdictions(raw)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.Svc.TopChecks.ImportJurisdictions(context.Background(), application.System, list, raw); err != nil {
		t.Fatal(err)
	}
}

// The scenario through HTTP with the job workers running: a listed person written with a
// variation is a hit; approval waits for the reviewer, who marks it a false positive; the
// certificate states the checks with their list versions. A new list version that adds the company
// alerts the administrators without changing the public page, until the reviewer confirms the
// match and revokes the certificate.
func TestTopChecksJourney(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		e.startWorkers(t)
		eu := e.importList(t, screening.EU, listFile(t, "testdata/eu/export.xml")).Version
		e.importList(t, screening.USCSL, listFile(t, "testdata/us_csl/consolidated.csv"))
		e.importJurisdictions(t)
		adm := e.admin(t)
		applicant := e.register(t, "trader@acme.example")

		// The EU lists "Ivan Sergeyevich Kuznetsov", born 14 March 1971, Russian.
		v := topVerification(t, applicant, nil, map[string]string{"fullName": "Ivan Sergeevich Kuznetsov",
			"dateOfBirth": "1971-03-14", "nationality": "RU", "issuingCountry": "RU", "passportNumber": "RU1234567"})
		pay(t, applicant, v.ID)
		vid := itoa(v.ID)

		s := screened(t, adm, v.ID, 0)
		if s.Run.Trigger != "submission" || s.Run.EngineVersion != screening.EngineVersion || len(s.Run.Lists) != 2 {
			t.Fatalf("run %+v", s.Run)
		}
		if got := []string{s.Subjects[0].Kind, s.Subjects[1].Kind, s.Subjects[2].Kind}; !slices.Equal(got, []string{"company", "representative", "bank"}) {
			t.Fatalf("subjects %v", got)
		}
		rep := subjectOf(s, "representative")
		if rep.Name != "Ivan Sergeevich Kuznetsov" || rep.Details != "born 1971-03-14 · RU · passport RU1234567" ||
			len(rep.Hits) != 1 || checkOf(rep, "sanctions").Result != "hits" {
			t.Fatalf("representative %+v", rep)
		}
		hit := rep.Hits[0]
		if hit.Check != "sanctions" || hit.Entry.Source != "eu" || hit.Entry.ListVersion != eu.ID || hit.ListName != "EU" ||
			hit.ListVersionDate != "2026-11-20" || hit.Status != "open" || hit.Score < screening.DefaultThreshold ||
			len(hit.Explanation) == 0 || hit.Entry.DatesOfBirth[0] != "1971-03-14" {
			t.Fatalf("hit %+v", hit)
		}
		if pep := checkOf(rep, "pep"); pep.Result != "unavailable" || pep.Summary != "unavailable: no PEP list loaded" {
			t.Fatalf("PEP check %+v", pep)
		}
		for _, sub := range s.Subjects {
			if j := checkOf(sub, "jurisdiction"); j.Result != "clear" || !strings.Contains(j.Summary, "FATF lists of 13 Jun 2025") {
				t.Errorf("%s jurisdiction %+v", sub.Kind, j)
			}
			if sub.Kind != "representative" && len(sub.Hits) != 0 {
				t.Errorf("%s hits %+v", sub.Kind, sub.Hits)
			}
		}
		if kyc := checkOf(rep, "kyc"); kyc.Result != "clear" || len(kyc.Findings) != 6 {
			t.Errorf("KYC %+v", kyc)
		}
		wantOpen := []string{"1 screening hit is undecided", "PEP screening was unavailable and has not been acknowledged"}
		if diff := cmp.Diff(wantOpen, s.Open); diff != "" || !s.Attention {
			t.Fatalf("open (-want +got):\n%s attention %v", diff, s.Attention)
		}

		// The applicant learns that the checks are done, nothing else.
		mine := applicant.must(http.StatusOK, "GET", "/api/verifications/"+vid, nil)
		if got := mine.Map(t)["screening"]; !cmp.Equal(got, map[string]any{"status": "done"}) || bytes.Contains(mine.Body, []byte("Kuznetsov Ivan")) {
			t.Fatalf("applicant sees %s", mine.Body)
		}
		applicant.must(http.StatusForbidden, "GET", "/api/admin/verifications/"+vid+"/screening", nil)

		// The dashboard counts and filters it.
		var stats map[string]int
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats", nil).JSON(t, &stats)
		var rows []map[string]any
		adm.must(http.StatusOK, "GET", "/api/admin/verifications?status=all&screening=attention", nil).JSON(t, &rows)
		if stats["screeningAttention"] != 1 || len(rows) != 1 || !cmp.Equal(rows[0]["screening"], map[string]any{"status": "done", "attention": true}) {
			t.Fatalf("stats %v rows %v", stats, rows)
		}
		// With the list's search or filters, the stats count what they match.
		for query, want := range map[string]int{"email=trader@acme": 1, "email=nobody@acme": 0, "company=no+such+company": 0,
			"tier=top": 1, "tier=basic": 0, "claim=unclaimed": 1} {
			adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats?"+query, nil).JSON(t, &stats)
			if stats["screeningAttention"] != want || stats["in_review"] != want {
				t.Errorf("stats?%s: %v, want %d needing attention of %d in review", query, stats, want, want)
			}
		}
		adm.must(http.StatusBadRequest, "GET", "/api/admin/verifications?screening=everything", nil)

		// Approval names what is open; a decision needs a note.
		adm.mustFail(http.StatusConflict, api.Error{Message: "Screening is not finished: 1 screening hit is undecided; " +
			"PEP screening was unavailable and has not been acknowledged"}, "POST", "/api/admin/verifications/"+vid+"/approve", nil)
		decide := "/api/admin/verifications/" + vid + "/screening/hits/" + itoa(hit.ID) + "/decision"
		adm.mustFail(http.StatusBadRequest, api.Error{Message: "A note is required", Errors: map[string]string{"note": "A note is required"}},
			"POST", decide, map[string]string{"outcome": "false_positive", "note": "  "})
		adm.must(http.StatusBadRequest, "POST", decide, map[string]string{"outcome": "maybe", "note": "x"})
		adm.must(http.StatusNotFound, "POST", "/api/admin/verifications/"+vid+"/screening/hits/999999/decision",
			map[string]string{"outcome": "false_positive", "note": "x"})
		note := "Not the listed person: different passport, employer and career; born in Tula is coincidence"
		var after api.VerificationScreening
		adm.must(http.StatusOK, "POST", decide, map[string]string{"outcome": "false_positive", "note": note}).JSON(t, &after)
		decided := subjectOf(after, "representative").Hits[0]
		if decided.Status != "false_positive" || len(decided.Decisions) != 1 || decided.Decisions[0].By != "admin@ttt.example" ||
			decided.Decisions[0].Note != note {
			t.Fatalf("decided hit %+v", decided)
		}
		adm.mustFail(http.StatusConflict, api.Error{Message: "Screening is not finished: PEP screening was unavailable and has not been acknowledged"},
			"POST", "/api/admin/verifications/"+vid+"/approve", nil)
		ack := "/api/admin/verifications/" + vid + "/screening/pep-acknowledgement"
		adm.must(http.StatusBadRequest, "POST", ack, map[string]string{"note": ""})
		adm.must(http.StatusOK, "POST", ack, map[string]string{"note": "No PEP data licensed yet; reviewed public sources by hand"}).JSON(t, &after)
		if after.PEPAcknowledgement == nil || after.PEPAcknowledgement.By != "admin@ttt.example" || len(after.Open) != 0 || after.Attention {
			t.Fatalf("after the acknowledgement %+v", after)
		}
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/approve", nil)

		// The audit trail keeps who decided what, when, and why.
		var events []api.AuditEvent
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+vid+"/events", nil).JSON(t, &events)
		found := map[string]string{}
		for _, ev := range events {
			if ev.ActorEmail != nil && ev.Reason != nil {
				found[ev.Action] = *ev.ActorEmail + ": " + *ev.Reason
			}
		}
		if got := found["screening.hit_decided"]; !strings.HasPrefix(got, "admin@ttt.example: false_positive: ") || !strings.HasSuffix(got, note) {
			t.Errorf("decision in the audit trail: %q", got)
		}
		if !strings.Contains(found["screening.pep_acknowledged"], "No PEP data licensed yet") {
			t.Errorf("acknowledgement in the audit trail: %v", found)
		}

		// The certificate states what ran, with the list versions and dates, and nothing of the hit.
		anon := e.client(t)
		checks, body := publicChecks(t, anon, v.PublicID)
		if diff := cmp.Diff([]string{"verification", "sanctions", "jurisdiction", "kyc", "beneficial_ownership"}, kinds(checks)); diff != "" {
			t.Fatalf("public checks (-want +got):\n%s", diff)
		}
		sanctions := checks[1]
		if !strings.HasPrefix(sanctions.Text, "Sanctions screening: no match. EU of 20 Nov 2026, US CSL, retrieved ") ||
			!strings.HasSuffix(sanctions.Text, ". Screened 22 Nov 2026, monitored daily") || sanctions.Date == nil || *sanctions.Date != "2026-11-22" {
			t.Fatalf("sanctions claim %+v", sanctions)
		}
		if checks[2].Text != "Jurisdiction check: countries checked against the FATF lists of 13 Jun 2025. Checked 22 Nov 2026" {
			t.Errorf("jurisdiction claim %q", checks[2].Text)
		}
		for _, secret := range []string{"Kuznetsov", "RU1234567", "1971", "false_positive", note} {
			if strings.Contains(body, secret) {
				t.Errorf("the public certificate shows %q: %s", secret, body)
			}
		}

		// A new version of the US CSL lists the company: the certificate is screened again, the
		// administrators are alerted, and the public page does not change yet.
		e.importList(t, screening.USCSL, cslWith(t, "ACME METALS LTD", "Singapore"))
		s = screened(t, adm, v.ID, after.Run.ID)
		company := subjectOf(s, "company")
		if s.Run.Trigger != "list_update" || len(company.Hits) != 1 || company.Hits[0].Entry.SourceID != "EL-990001" ||
			company.Hits[0].Status != "open" || rep.Hits[0].ID != subjectOf(s, "representative").Hits[0].ID ||
			subjectOf(s, "representative").Hits[0].Status != "false_positive" {
			t.Fatalf("after the list update: %+v", s)
		}
		if diff := cmp.Diff([]string{"1 screening hit is undecided"}, s.Open); diff != "" || !s.Attention {
			t.Fatalf("open after the list update (-want +got):\n%s", diff)
		}
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats", nil).JSON(t, &stats)
		if stats["screeningAttention"] != 1 {
			t.Fatalf("stats %v", stats)
		}
		var bell []api.Notification
		eventually(t, func() (bool, string) {
			adm.must(http.StatusOK, "GET", "/api/notifications", nil).JSON(t, &bell)
			return len(bell) > 0 && bell[0].Title == "Screening alert", "admin notifications"
		})
		if !strings.Contains(bell[0].Body, "1 new possible match(es) on the approved certificate of Acme Metals Ltd (US CSL)") ||
			bell[0].Link == nil || *bell[0].Link != "/admin/verifications/"+vid {
			t.Fatalf("alert %+v", bell[0])
		}
		eventually(t, func() (bool, string) {
			mails, _ := filepath.Glob(filepath.Join(e.cfg.DataDir, "outbox", "*.eml"))
			for _, m := range mails {
				if b, _ := os.ReadFile(m); bytes.Contains(b, []byte("Subject: [Screening] 1 possible match for Acme Metals Ltd")) &&
					bytes.Contains(b, []byte("The company holds an approved certificate")) && bytes.Contains(b, []byte("To: <admin@ttt.example>")) {
					return true, ""
				}
			}
			return false, "no screening alert e-mail to the administrator in the outbox"
		})
		if again, _ := publicChecks(t, anon, v.PublicID); !cmp.Equal(checks, again) {
			t.Fatalf("the public checks changed before a decision:\n%+v\n%+v", checks, again)
		}

		// The reviewer confirms the match: the certificate no longer claims the screening, and is revoked.
		confirm := "/api/admin/verifications/" + vid + "/screening/hits/" + itoa(company.Hits[0].ID) + "/decision"
		adm.must(http.StatusOK, "POST", confirm, map[string]string{"outcome": "confirmed_match", "note": "Same company, same address"}).JSON(t, &s)
		if diff := cmp.Diff([]string{"A screening hit is a confirmed match"}, s.Open); diff != "" {
			t.Fatalf("open after confirming (-want +got):\n%s", diff)
		}
		if checks, _ = publicChecks(t, anon, v.PublicID); slices.Contains(kinds(checks), "sanctions") {
			t.Fatalf("a confirmed match still claims sanctions screening: %+v", checks)
		}
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/revoke", map[string]string{"reason": "Listed on the US Entity List"})
		if pub := publicOf(t, anon, v.PublicID); pub.CertificateStatus != "revoked" {
			t.Fatalf("public after revocation %+v", pub)
		}
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats", nil).JSON(t, &stats)
		if stats["screeningAttention"] != 0 {
			t.Fatalf("a revoked certificate still needs attention: %v", stats)
		}
	}, withWorkers)
}
