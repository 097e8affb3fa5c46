package tests

import (
	"bytes"
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// findings are the codes of a check's findings that need a reviewer's look.
func flagged(c api.ScreeningCheck) []string {
	var out []string
	for _, f := range c.Findings {
		if f.Severity != "info" {
			out = append(out, f.Code)
		}
	}
	return out
}

// A Basic verification is never screened: no run, nothing in the review, nothing in the
// applicant's view, and its certificate keeps the Basic text.
func TestBasicIsNeverScreened(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		e.importList(t, screening.EU, listFile(t, "testdata/eu/export.xml"))
		adm := e.admin(t)
		c := e.register(t, "basic@acme.example")
		v := submitted(t, c, "basic")
		pay(t, c, v.ID)
		e.screenQueued(t)
		runs, err := e.DB.NewSelect().Table("screening_runs").Where("verification_id = ?", v.ID).Count(context.Background())
		if err != nil || runs != 0 {
			t.Fatalf("%d screening runs of a Basic verification (%v)", runs, err)
		}
		s := screeningOf(t, adm, v.ID)
		if s.Status != "not_applicable" || len(s.Subjects) != 0 || len(s.Open) != 0 || s.Run != nil || s.Attention {
			t.Fatalf("screening of a Basic verification %+v", s)
		}
		if got := c.verification(v.ID)["screening"]; got != nil {
			t.Fatalf("applicant's screening of a Basic verification: %v", got)
		}
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		checks, _ := publicChecks(t, e.client(t), v.PublicID)
		want := []api.CertificateCheck{{Kind: "verification", Label: "Verification", Result: "verified",
			Text: "Company, representatives, banking and documents reviewed. Includes TTT Certificate and Client Information Sheet (CIS)",
			Date: checks[0].Date}}
		if diff := cmp.Diff(want, checks); diff != "" || checks[0].Date == nil || *checks[0].Date != "2026-11-22" {
			t.Fatalf("Basic checks (-want +got):\n%s", diff)
		}
		adm.must(http.StatusConflict, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/screening/pep-acknowledgement",
			map[string]string{"note": "n/a"})
	})
}

// Without a PEP list the PEP check says "unavailable", never "clear", and approval needs an
// acknowledgement; with one it runs, needs none, and the certificate names it. A Top certificate
// never claims a check that did not run.
func TestPEPCheckUnavailableWithoutAList(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		adm := e.admin(t)
		c := e.register(t, "top@acme.example")
		v := topVerification(t, c, nil, nil)
		pay(t, c, v.ID)
		if got := c.verification(v.ID)["screening"]; !cmp.Equal(got, map[string]any{"status": "pending"}) {
			t.Fatalf("applicant's screening before the run: %v", got)
		}
		adm.mustFail(http.StatusConflict, api.Error{Message: "Screening is not finished: screening is still running"},
			"POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		e.screenQueued(t)
		s := screeningOf(t, adm, v.ID)
		for _, sub := range s.Subjects {
			for kind, summary := range map[string]string{"pep": "unavailable: no PEP list loaded",
				"sanctions": "unavailable: no sanctions list loaded", "jurisdiction": "unavailable: no jurisdiction list loaded"} {
				if got := checkOf(sub, kind); got.Result != "unavailable" || got.Summary != summary {
					t.Errorf("%s %s check %+v", sub.Kind, kind, got)
				}
			}
		}
		if diff := cmp.Diff([]string{"PEP screening was unavailable and has not been acknowledged"}, s.Open); diff != "" {
			t.Fatalf("open (-want +got):\n%s", diff)
		}
		adm.mustFail(http.StatusConflict, api.Error{Message: "Screening is not finished: PEP screening was unavailable and has not been acknowledged"},
			"POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/screening/pep-acknowledgement",
			map[string]string{"note": "Checked by hand"})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		checks, _ := publicChecks(t, e.client(t), v.PublicID)
		if diff := cmp.Diff([]string{"verification", "kyc"}, kinds(checks)); diff != "" {
			t.Fatalf("checks of a certificate screened without lists (-want +got):\n%s", diff)
		}
		if !strings.HasPrefix(checks[1].Text, "KYC: 1 representative checked (passport, age, nationality). Checked ") {
			t.Errorf("KYC claim %q", checks[1].Text)
		}

		// With a PEP list loaded the check runs and nothing is acknowledged.
		pep := e.importList(t, screening.PEPCSV, listFile(t, "testdata/pep/pep.csv")).Version
		w := topVerification(t, c, map[string]string{"registrationNumber": "REG-2002"}, nil)
		pay(t, c, w.ID)
		e.screenQueued(t)
		s = screeningOf(t, adm, w.ID)
		if got := checkOf(subjectOf(s, "representative"), "pep"); got.Result != "clear" || got.Summary != "No match" {
			t.Fatalf("PEP check with a list %+v", got)
		}
		if len(s.Open) != 0 || len(s.Run.Lists) != 1 || s.Run.Lists[0].ID != pep.ID {
			t.Fatalf("screening with a PEP list %+v", s)
		}
		adm.mustFail(http.StatusConflict, api.Error{Message: "PEP screening ran; there is nothing to acknowledge"},
			"POST", "/api/admin/verifications/"+itoa(w.ID)+"/screening/pep-acknowledgement", map[string]string{"note": "x"})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(w.ID)+"/approve", nil)
		checks, _ = publicChecks(t, e.client(t), w.PublicID)
		if diff := cmp.Diff([]string{"verification", "pep", "kyc", "beneficial_ownership"}, kinds(checks)); diff != "" {
			t.Fatalf("checks with a PEP list only (-want +got):\n%s", diff)
		}
		if !strings.HasPrefix(checks[1].Text, "PEP screening: no match. PEP list, retrieved 22 Nov 2026. Screened 22 Nov 2026, monitored daily") {
			t.Errorf("PEP claim %q", checks[1].Text)
		}
	})
}

// The KYC rules and the jurisdiction list flag what a reviewer must look at; flags block nothing.
func TestKYCAndJurisdictionFlags(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		e.importJurisdictions(t)
		adm := e.admin(t)
		// Another company's verification carries the passport number the fixtures use.
		other := e.register(t, "other@trading.example")
		topVerification(t, other, map[string]string{"companyName": "Other Trading", "registrationNumber": "REG-9999"},
			map[string]string{"passportNumber": "p 1234567"})

		c := e.register(t, "flags@acme.example")
		v := fillVerification(t, c, "top")
		base := "/api/verifications/" + itoa(v.ID)
		c.must(http.StatusOK, "PUT", base+"/company-info", merged(companyBody, map[string]string{"countryOfIncorporation": "ZA"}))
		var reps []struct{ ID int64 }
		c.must(http.StatusOK, "GET", base+"/representatives", nil).JSON(t, &reps)
		// Under 18, passport expiring within six months (the clock says 22 Nov 2026).
		c.must(http.StatusOK, "PUT", base+"/representatives/"+itoa(reps[0].ID), merged(representativeBody,
			map[string]string{"dateOfBirth": "2010-01-31", "expiryDate": "2027-03-01"}))
		// A second one with an expired passport and no passport document.
		c.must(http.StatusCreated, "POST", base+"/representatives", merged(representativeBody, map[string]string{
			"fullName": "John Roe", "passportNumber": "Q7654321", "expiryDate": "2026-01-01", "nationality": "ZA"}))
		c.must(http.StatusOK, "POST", base+"/submit", nil)
		pay(t, c, v.ID)
		e.screenQueued(t)

		s := screeningOf(t, adm, v.ID)
		company := checkOf(subjectOf(s, "company"), "jurisdiction")
		if company.Result != "attention" || company.Summary != "Country of incorporation ZA: FATF increased monitoring (list of 13 Jun 2025)" {
			t.Fatalf("company jurisdiction %+v", company)
		}
		var kyc [][]string
		for _, sub := range s.Subjects {
			if sub.Kind == "representative" {
				kyc = append(kyc, flagged(checkOf(sub, "kyc")))
			}
		}
		want := [][]string{{"passport_expiring", "under_age", "passport_reused"}, {"passport_expired", "passport_document_missing"}}
		if diff := cmp.Diff(want, kyc); diff != "" {
			t.Fatalf("KYC findings (-want +got):\n%s", diff)
		}
		first := checkOf(s.Subjects[1], "kyc")
		if first.Result != "attention" || !strings.Contains(first.Summary, "Passport number also used for Other Trading (verification #") ||
			!strings.Contains(first.Summary, "Under 18: 16 years old") {
			t.Errorf("KYC of the first representative %+v", first)
		}
		if j := checkOf(s.Subjects[2], "jurisdiction"); !slices.Equal(flagged(j), []string{"increased_monitoring"}) {
			t.Errorf("second representative's jurisdiction %+v", j)
		}
		if !s.Attention || !slices.Equal(s.Open, []string{"PEP screening was unavailable and has not been acknowledged"}) {
			t.Fatalf("flags: attention %v, open %v", s.Attention, s.Open)
		}
		var stats map[string]int
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats", nil).JSON(t, &stats)
		if stats["screeningAttention"] != 2 { // the other company's shares the passport, and waits for the same PEP acknowledgement
			t.Fatalf("stats %v", stats)
		}
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/screening/pep-acknowledgement",
			map[string]string{"note": "No PEP list"})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil) // flags block nothing
		if s = screeningOf(t, adm, v.ID); s.Attention {
			t.Fatal("an approved certificate whose flags the reviewer saw still needs attention")
		}
		checks, _ := publicChecks(t, e.client(t), v.PublicID)
		if diff := cmp.Diff([]string{"verification", "jurisdiction", "kyc"}, kinds(checks)); diff != "" ||
			!strings.HasPrefix(checks[2].Text, "KYC: 2 representatives checked") {
			t.Fatalf("checks (-want +got):\n%s\n%+v", diff, checks)
		}
	})
}

// Runs start on submission, resubmission and an upgrade to Top, after list imports and daily; a
// false positive stays decided while the listed entry is unchanged and opens again when it changes.
func TestRescreening(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		euFile := listFile(t, "testdata/eu/export.xml")
		e.importList(t, screening.EU, euFile)
		adm := e.admin(t)
		reviewer := e.user(t, "admin@ttt.example")
		c := e.register(t, "rescreen@acme.example")
		v := topVerification(t, c, nil, map[string]string{"fullName": "Ivan Kuznetsov", "dateOfBirth": "1971-03-14",
			"nationality": "RU"})
		pay(t, c, v.ID)
		e.screenQueued(t)
		s := screeningOf(t, adm, v.ID)
		if s.Run.Trigger != "submission" || len(subjectOf(s, "representative").Hits) != 1 {
			t.Fatalf("first run %+v", s)
		}
		hit := subjectOf(s, "representative").Hits[0]
		if _, err := e.Svc.TopChecks.DecideHit(ctx, reviewer, v.ID, hit.ID, "false_positive", "Another Ivan Kuznetsov"); err != nil {
			t.Fatal(err)
		}

		// Rejected, corrected and submitted again: a resubmission run, and the decision stands.
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/reject", map[string]string{"reason": "Bank letter missing"})
		c.must(http.StatusOK, "POST", "/api/verifications/"+itoa(v.ID)+"/resubmit", nil)
		c.must(http.StatusOK, "POST", "/api/verifications/"+itoa(v.ID)+"/submit", nil)
		e.screenQueued(t)
		s = screeningOf(t, adm, v.ID)
		if s.Run.Trigger != "resubmission" || subjectOf(s, "representative").Hits[0].Status != "false_positive" {
			t.Fatalf("after resubmission %+v", s)
		}
		e.clearScreening(t, reviewer, v.ID)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)

		// The daily re-screen covers approved certificates; asked again before its run was worked, it queues no second one.
		for range 2 {
			if _, err := e.Svc.TopChecks.Rescreen(ctx, screening.TriggerDaily); err != nil {
				t.Fatal(err)
			}
		}
		var pending int
		if err := e.DB.NewSelect().Table("screening_runs").ColumnExpr("COUNT(*)").Where("verification_id = ? AND status = 'pending'", v.ID).
			Scan(ctx, &pending); err != nil || pending != 1 {
			t.Fatalf("%d pending daily runs (%v)", pending, err)
		}
		e.screenQueued(t)
		if s = screeningOf(t, adm, v.ID); s.Run.Trigger != "daily" || subjectOf(s, "representative").Hits[0].Status != "false_positive" {
			t.Fatalf("daily run %+v", s)
		}

		// The EU changes the listed entry: the false positive opens again and the certificate keeps
		// stating the last reviewed run until a reviewer decides.
		before, _ := publicChecks(t, e.client(t), v.PublicID)
		changed := application.ListFile{Name: euFile.Name, Data: bytes.Replace(euFile.Data, []byte(`function="Head of procurement"`),
			[]byte(`function="Deputy minister of industry"`), 1)}
		if res := e.importList(t, screening.EU, changed); res.Version.Changed != 1 {
			t.Fatalf("import of the changed entry %+v", res.Version)
		}
		if _, err := e.Svc.TopChecks.Rescreen(ctx, screening.TriggerListUpdate); err != nil { // the RescreenTop job
			t.Fatal(err)
		}
		e.screenQueued(t)
		s = screeningOf(t, adm, v.ID)
		reopened := subjectOf(s, "representative").Hits[0]
		if s.Run.Trigger != "list_update" || reopened.ID != hit.ID || reopened.Status != "open" || !reopened.Reopened ||
			len(reopened.Decisions) != 1 || !s.Attention {
			t.Fatalf("after the entry changed %+v", s)
		}
		if after, _ := publicChecks(t, e.client(t), v.PublicID); !cmp.Equal(before, after) {
			t.Fatalf("public checks changed before a decision:\n%+v\n%+v", before, after)
		}
		if _, err := e.Svc.TopChecks.DecideHit(ctx, reviewer, v.ID, hit.ID, "false_positive", "Still another person"); err != nil {
			t.Fatal(err)
		}
		after, _ := publicChecks(t, e.client(t), v.PublicID)
		if s = screeningOf(t, adm, v.ID); s.Attention || len(after) != len(before) {
			t.Fatalf("after the second decision: attention %v, checks %+v", s.Attention, after)
		}

		// A Basic certificate upgraded to Top goes back to review and is screened then.
		b := submitted(t, c, "basic")
		pay(t, c, b.ID)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(b.ID)+"/approve", nil)
		up := c.must(http.StatusOK, "POST", "/api/verifications/"+itoa(b.ID)+"/upgrade", nil).Map(t)
		if up["paymentRequired"] != true {
			t.Fatalf("upgrade %v", up)
		}
		intentID, _ := c.must(http.StatusOK, "POST", "/api/create-payment-intent", map[string]any{"verificationId": b.ID,
			"purpose": "upgrade"}).Map(t)["paymentIntentId"].(string)
		if r := c.confirmCard(intentID, "4242424242424242"); r.Status != http.StatusOK {
			t.Fatalf("upgrade payment %d %s", r.Status, r.Body)
		}
		if got := c.verification(b.ID); got["status"] != "in_review" || !cmp.Equal(got["screening"], map[string]any{"status": "pending"}) {
			t.Fatalf("upgraded %v", got)
		}
		e.screenQueued(t)
		if s = screeningOf(t, adm, b.ID); s.Run.Trigger != "submission" || len(s.Subjects) != 3 {
			t.Fatalf("upgrade run %+v", s)
		}
	})
}
