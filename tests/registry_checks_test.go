package tests

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/domain/screening"
)

// registers are GLEIF and VIES test servers answering in their documented formats: GLEIF knows
// Bloomberg Finance L.P.'s LEI (recorded lei-record) and nothing else; VIES answers MS_UNAVAILABLE
// while viesDown is set, else "valid" with Bloomberg's name.
type registers struct {
	viesDown atomic.Bool
}

// registersOf are each environment's registers (the backends run in parallel).
var registersOf sync.Map // *env -> *registers

// withRegisters points the environment at its own GLEIF and VIES test servers, VIES down at first.
func withRegisters(t *testing.T, e *env) {
	reg := &registers{}
	reg.viesDown.Store(true)
	registersOf.Store(e, reg)
	record, err := os.ReadFile("../adapters/registry/testdata/gleif_5493001KJTIIGC8Y1R12.json")
	if err != nil {
		t.Fatal(err)
	}
	gleif := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/lei-records/5493001KJTIIGC8Y1R12" {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"errors":[{"status":"404","title":"Not Found"}]}`))
			return
		}
		w.Header().Set("Content-Type", "application/vnd.api+json")
		_, _ = w.Write(record)
	}))
	vies := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if reg.viesDown.Load() {
			_, _ = w.Write([]byte(`{"actionSucceed":false,"errorWrappers":[{"error":"MS_UNAVAILABLE","message":"unavailable"}]}`))
			return
		}
		_, _ = w.Write([]byte(`{"countryCode":"FR","vatNumber":"40303265045","requestDate":"2026-11-22T09:00:00.000Z",` +
			`"valid":true,"name":"BLOOMBERG FINANCE LP","address":"---"}`))
	}))
	t.Cleanup(gleif.Close)
	t.Cleanup(vies.Close)
	e.cfg.GLEIFAPIURL, e.cfg.VIESAPIURL = gleif.URL+"/api/v1", vies.URL
	e.cfg.RegistryTimeout, e.hooks.RegistryBackoff = 2*time.Second, time.Millisecond
}

// bloombergCompany is a company section whose LEI GLEIF knows, with a French VAT number.
var bloombergCompany = map[string]string{"companyName": "Bloomberg Finance LP", "countryOfIncorporation": "US",
	"registeredAddress": "1209 Orange Street, Wilmington, DE 19801", "lei": "5493 001K JTII GC8Y 1R12",
	"vatNumber": "FR 40303265045"}

func identifierOf(s api.VerificationScreening, registry string) api.IdentifierCheck {
	for _, c := range s.Identifiers {
		if c.Registry == registry {
			return c
		}
	}
	return api.IdentifierCheck{}
}

// A bad LEI, IBAN or BIC is refused with the field's message and changes nothing.
func TestIdentifiersRefusedOnInput(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "ids@acme.example")
		v := fillVerification(t, c, "top")
		base := "/api/verifications/" + itoa(v.ID)
		c.mustFail(http.StatusBadRequest, api.Error{Message: "LEI check digits are wrong",
			Errors: map[string]string{"lei": "LEI check digits are wrong"}},
			"PUT", base+"/company-info", merged(companyBody, map[string]string{"lei": "5493001KJTIIGC8Y1R13", "companyName": "Changed"}))
		company := c.must(http.StatusOK, "GET", base+"/company-info", nil).Map(t)
		if company["lei"] != "" || company["companyName"] != "Acme Metals Ltd" {
			t.Fatalf("a refused save changed the company: %v", company)
		}
		c.mustFail(http.StatusBadRequest, api.Error{Message: "Please correct the highlighted fields", Errors: map[string]string{
			"accountNumber": "IBAN check digits are wrong", "swiftCode": "SWIFT/BIC code names an unknown country (ZZ)"}},
			"PUT", base+"/banking-info", merged(bankingBody, map[string]string{"accountNumber": "GB28NWBK60161331926819",
				"swiftCode": "NWBKZZ2L"}))
		c.mustFail(http.StatusBadRequest, api.Error{Message: "IBAN must be 22 characters for DE",
			Errors: map[string]string{"accountNumber": "IBAN must be 22 characters for DE"}},
			"PUT", base+"/banking-info", merged(bankingBody, map[string]string{"accountNumber": "DE8937040044053201300"}))
		if bank := c.must(http.StatusOK, "GET", base+"/banking-info", nil).Map(t); bank["accountNumber"] != "GB29NWBK60161331926819" {
			t.Fatalf("a refused save changed the bank: %v", bank)
		}
		// A plain account number has no check digits to verify and is accepted.
		c.must(http.StatusOK, "PUT", base+"/banking-info", merged(bankingBody, map[string]string{"accountNumber": "12345678"}))
		c.must(http.StatusOK, "PUT", base+"/company-info", merged(companyBody, bloombergCompany))
	})
}

// A Top verification's screening looks the LEI up in GLEIF (a match) and the VAT number in VIES
// (unavailable, then a match after "check again"); the reviewer sees both with the registers'
// values, and the approved certificate states them. Another company's name under the same LEI is a
// mismatch, shown to the reviewer and never claimed.
func TestRegistryChecks(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		r, _ := registersOf.Load(e)
		reg := r.(*registers)
		adm := e.admin(t)
		c := e.register(t, "bloomberg@acme.example")
		v := topVerification(t, c, bloombergCompany, nil)
		pay(t, c, v.ID)
		e.screenQueued(t)

		s := screeningOf(t, adm, v.ID)
		lei := identifierOf(s, "gleif")
		wantLEI := api.IdentifierCheck{Registry: "gleif", Source: "GLEIF", Identifier: "5493001KJTIIGC8Y1R12", Outcome: "match",
			Summary: "match: LEI 5493001KJTIIGC8Y1R12 verified with GLEIF", CheckedAt: lei.CheckedAt,
			Differences: []api.IdentifierDifference{
				{Field: "Legal name", Entered: "Bloomberg Finance LP", Registered: "BLOOMBERG FINANCE L.P.", Match: true},
				{Field: "Country", Entered: "US", Registered: "US", Match: true},
				{Field: "Address", Entered: "1209 Orange Street, Wilmington, DE 19801", Registered: "1209 Orange Street 19801 Wilmington", Match: true}}}
		if diff := cmp.Diff(wantLEI, lei); diff != "" || lei.CheckedAt.IsZero() {
			t.Fatalf("LEI finding (-want +got):\n%s", diff)
		}
		if vat := identifierOf(s, "vies"); vat.Outcome != "unavailable" || vat.Summary != "unavailable: the service did not answer" ||
			vat.Identifier != "FR40303265045" {
			t.Fatalf("VAT finding %+v", vat)
		}
		if !s.Attention {
			t.Error("an unavailable register does not draw the reviewer's attention")
		}

		// The next run (here after a list update) asks the register that did not answer again.
		reg.viesDown.Store(false)
		if _, err := e.Svc.TopChecks.Rescreen(context.Background(), screening.TriggerListUpdate); err != nil {
			t.Fatal(err)
		}
		e.screenQueued(t)
		if vat := identifierOf(screeningOf(t, adm, v.ID), "vies"); vat.Outcome != "match" ||
			vat.Summary != "match: VAT number FR40303265045 verified with VIES" {
			t.Fatalf("VAT finding after the next run %+v", vat)
		}

		// A reviewer's "check again" while VIES is down shows it unavailable; it does not take back
		// what VIES confirmed.
		reg.viesDown.Store(true)
		var again api.VerificationScreening
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/screening/identifiers/check", nil).JSON(t, &again)
		if vat, lei := identifierOf(again, "vies"), identifierOf(again, "gleif"); vat.Outcome != "unavailable" || lei.Outcome != "match" {
			t.Fatalf("after checking again: VAT %+v, LEI %+v", vat, lei)
		}
		c.must(http.StatusForbidden, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/screening/identifiers/check", nil)

		e.clearScreening(t, e.user(t, "admin@ttt.example"), v.ID)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		checks, _ := publicChecks(t, e.client(t), v.PublicID)
		var texts []string
		for _, ch := range checks {
			if ch.Kind == "lei" || ch.Kind == "vat" {
				texts = append(texts, ch.Text)
			}
		}
		want := []string{"LEI 5493001KJTIIGC8Y1R12 verified with GLEIF on 22 Nov 2026",
			"VAT number FR40303265045 verified with VIES on 22 Nov 2026"}
		if diff := cmp.Diff(want, texts); diff != "" {
			t.Fatalf("certificate claims (-want +got):\n%s", diff)
		}

		// Another company typing Bloomberg's LEI: a mismatch with both names, never claimed.
		other := e.register(t, "other@acme.example")
		w := topVerification(t, other, map[string]string{"lei": "5493001KJTIIGC8Y1R12"}, nil)
		pay(t, other, w.ID)
		e.screenQueued(t)
		mis := identifierOf(screeningOf(t, adm, w.ID), "gleif")
		if mis.Outcome != "mismatch" || !strings.Contains(mis.Summary, `legal name "Acme Metals Ltd" entered, "BLOOMBERG FINANCE L.P." registered`) {
			t.Fatalf("mismatch finding %+v", mis)
		}
		e.clearScreening(t, e.user(t, "admin@ttt.example"), w.ID)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(w.ID)+"/approve", nil)
		_, body := publicChecks(t, e.client(t), w.PublicID)
		if strings.Contains(body, "GLEIF") || strings.Contains(body, `"lei"`) {
			t.Fatalf("a mismatched LEI is claimed: %s", body)
		}
		var events []api.AuditEvent
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(v.ID)+"/events", nil).JSON(t, &events)
		var audited bool
		for _, ev := range events {
			audited = audited || (ev.Action == "screening.identifiers_checked" && ev.Reason != nil &&
				strings.Contains(*ev.Reason, "VIES FR40303265045: unavailable: the service did not answer"))
		}
		if !audited {
			t.Errorf("check again not audited: %+v", events)
		}
	}, withRegisters)
}
