package registry

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

var at = time.Date(2026, 11, 26, 9, 30, 0, 0, time.UTC)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// server answers like a register: handle writes the answer; calls counts the requests.
func server(t *testing.T, handle http.HandlerFunc) (*Client, *atomic.Int32) {
	t.Helper()
	calls := new(atomic.Int32)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		handle(w, r)
	}))
	t.Cleanup(srv.Close)
	return New(Config{GLEIFURL: srv.URL + "/api/v1/", VIESURL: srv.URL + "/vies", Timeout: 200 * time.Millisecond,
		Attempts: 3, Backoff: time.Millisecond}), calls
}

func bloomberg() verification.CompanyInfo {
	return verification.CompanyInfo{CompanyName: "Bloomberg Finance LP", CountryOfIncorporation: "US",
		RegisteredAddress: "1209 Orange Street, Wilmington, DE 19801", LEI: "5493001KJTIIGC8Y1R12"}
}

// TestGLEIF asks a test server answering in GLEIF's JSON:API format: the recorded record matches
// what the applicant entered or not, a 404 is "not found", a lapsed registration is "lapsed".
func TestGLEIF(t *testing.T) {
	record := fixture(t, "gleif_5493001KJTIIGC8Y1R12.json")
	c, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/vnd.api+json")
		switch r.URL.Path {
		case "/api/v1/lei-records/5493001KJTIIGC8Y1R12":
			_, _ = w.Write(record)
		case "/api/v1/lei-records/529900T8BM49AURSDO55":
			_, _ = w.Write(bytes.Replace(record, []byte(`"status": "ISSUED"`), []byte(`"status": "LAPSED"`), 1))
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write(fixture(t, "gleif_not_found.json"))
		}
	})
	rec, err := c.LEI(t.Context(), "5493001KJTIIGC8Y1R12")
	if err != nil {
		t.Fatal(err)
	}
	if rec.LegalName != "BLOOMBERG FINANCE L.P." || rec.Country != "US" || rec.Jurisdiction != "US-DE" ||
		rec.EntityStatus != "ACTIVE" || rec.RegistrationStatus != "ISSUED" {
		t.Fatalf("record read as %+v", rec)
	}
	if got := screening.CompareLEI(bloomberg(), rec, at); got.Outcome != screening.RegistryMatch {
		t.Errorf("match: %+v", got)
	}
	other := bloomberg()
	other.CompanyName = "Acme Metals Ltd"
	if got := screening.CompareLEI(other, rec, at); got.Outcome != screening.RegistryMismatch {
		t.Errorf("mismatch: %+v", got)
	}

	lapsed, err := c.LEI(t.Context(), "529900T8BM49AURSDO55")
	if err != nil {
		t.Fatal(err)
	}
	if got := screening.CompareLEI(bloomberg(), lapsed, at); got.Outcome != screening.RegistryLapsed {
		t.Errorf("lapsed: %+v", got)
	}

	missing, err := c.LEI(t.Context(), "7LTWFZYICNSX8D621K86")
	if err != nil || missing != nil {
		t.Fatalf("404: %+v, %v; want no record and no error", missing, err)
	}
}

// TestVIES asks a test server answering in VIES' REST format: a valid number with its name, an
// invalid one, and a member state that is down.
func TestVIES(t *testing.T) {
	c, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		var in struct{ CountryCode, VATNumber string }
		if r.Method != http.MethodPost || r.URL.Path != "/vies/check-vat-number" || json.NewDecoder(r.Body).Decode(&in) != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		switch in.CountryCode + in.VATNumber {
		case "FR40303265045":
			_, _ = w.Write(fixture(t, "vies_valid.json"))
		case "IT00743110157":
			_, _ = w.Write(fixture(t, "vies_ms_unavailable.json"))
		default:
			_, _ = w.Write(fixture(t, "vies_invalid.json"))
		}
	})
	rec, err := c.VAT(t.Context(), "FR", "40303265045")
	if err != nil {
		t.Fatal(err)
	}
	company := verification.CompanyInfo{CompanyName: "Acme Métaux", CountryOfIncorporation: "FR",
		RegisteredAddress: "12 rue de la Paix, 75002 Paris"}
	if got := screening.CompareVAT(company, "FR", "40303265045", rec, at); got.Outcome != screening.RegistryMatch {
		t.Errorf("match: %+v", got)
	}
	company.CompanyName = "Globex SARL"
	if got := screening.CompareVAT(company, "FR", "40303265045", rec, at); got.Outcome != screening.RegistryMismatch {
		t.Errorf("mismatch: %+v", got)
	}
	invalid, err := c.VAT(t.Context(), "DE", "000000000")
	if err != nil {
		t.Fatal(err)
	}
	if got := screening.CompareVAT(company, "DE", "000000000", invalid, at); got.Outcome != screening.RegistryNotFound {
		t.Errorf("valid=false: %+v", got)
	}
	if _, err := c.VAT(t.Context(), "IT", "00743110157"); !errors.Is(err, application.ErrRegistryUnavailable) {
		t.Errorf("MS_UNAVAILABLE: %v, want unavailable", err)
	}
}

// TestUnavailable checks that a register that times out or fails is retried and then unavailable,
// and that one that recovers within the attempts answers.
func TestUnavailable(t *testing.T) {
	slow, calls := server(t, func(http.ResponseWriter, *http.Request) { time.Sleep(time.Second) })
	if _, err := slow.LEI(t.Context(), "5493001KJTIIGC8Y1R12"); !errors.Is(err, application.ErrRegistryUnavailable) {
		t.Fatalf("timeout: %v", err)
	}
	if calls.Load() != 3 {
		t.Errorf("timeout: %d requests, want 3", calls.Load())
	}
	failing, calls := server(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) })
	if _, err := failing.VAT(t.Context(), "FR", "40303265045"); !errors.Is(err, application.ErrRegistryUnavailable) {
		t.Fatalf("502: %v", err)
	}
	if calls.Load() != 3 {
		t.Errorf("502: %d requests, want 3", calls.Load())
	}
	record := fixture(t, "gleif_5493001KJTIIGC8Y1R12.json")
	flaky, calls := server(t, func(w http.ResponseWriter, _ *http.Request) {
		if calls.Load() == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write(record)
	})
	if rec, err := flaky.LEI(t.Context(), "5493001KJTIIGC8Y1R12"); err != nil || rec == nil {
		t.Fatalf("503 then 200: %+v, %v", rec, err)
	}
	if got := screening.Unavailable(screening.RegistryGLEIF, "5493001KJTIIGC8Y1R12", at); got.Summary !=
		"unavailable: the service did not answer" || !got.Flagged() {
		t.Errorf("unavailable finding: %+v", got)
	}
}
