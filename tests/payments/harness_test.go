// Package payments_test drives the payment API end to end: the real application (cmd/server/app)
// behind an httptest server, on SQLite and on PostgreSQL, with the simulated provider or with the
// Stripe adapter pointed at a local fake of Stripe's API.
package payments_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/tttverify/tttverify/adapters/payment/stripe/stripetest"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/cmd/server/app"
	"github.com/tttverify/tttverify/domain/pricing"
)

const webhookSecret = "whsec_e2e_secret"

// engines runs fn once per database: SQLite always, PostgreSQL when TEST_DATABASE_URL names a server.
func engines(t *testing.T, fn func(t *testing.T, engine string)) {
	t.Helper()
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			fn(t, engine)
		})
	}
}

// postgresURL creates a fresh database on the TEST_DATABASE_URL server and drops it after the test.
func postgresURL(t *testing.T) string {
	t.Helper()
	server := os.Getenv("TEST_DATABASE_URL")
	if server == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TEST_DATABASE_URL is not set; run the tests through scripts/postgres.sh run (make test does)")
		}
		t.Skip("TEST_DATABASE_URL is not set; scripts/postgres.sh run go test ./tests/payments/ runs this")
	}
	admin, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = admin.Close() })
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "ttt_pay_" + hex.EncodeToString(b)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(server)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

type env struct {
	t      *testing.T
	app    *app.App
	srv    *httptest.Server
	stripe *stripetest.Server // nil with the simulated provider
}

// newEnv builds the real application. withStripe points the Stripe adapter at a local fake.
func newEnv(t *testing.T, engine string, withStripe bool) *env {
	t.Helper()
	cfg := &app.Config{DataDir: t.TempDir(), PublicBaseURL: "http://localhost:8080", AuthRateLimit: 0,
		SessionSecret: []byte(strings.Repeat("s", 40)), PasswordCost: 4}
	if engine == "postgres" {
		cfg.DatabaseURL = postgresURL(t)
	}
	e := &env{t: t}
	if withStripe {
		e.stripe = stripetest.New(t)
		cfg.StripeSecretKey, cfg.StripePublishableKey = "sk_test_e2e", "pk_test_e2e"
		cfg.StripeWebhookSecret, cfg.StripeAPIBase = webhookSecret, e.stripe.URL
	}
	a, err := app.Wire(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	e.app = a
	e.srv = httptest.NewServer(a.Handler())
	t.Cleanup(func() { e.srv.Close(); a.Close() })
	return e
}

// coupon creates a coupon through the administration use case.
func (e *env) coupon(code string, percent, max int, expires *time.Time) {
	e.t.Helper()
	admin := application.NewCouponAdmin(persistence.NewTransactor(e.app.DB), persistence.NewCoupons(e.app.DB), application.SystemClock{})
	if _, err := admin.Create(context.Background(), code, percent, max, expires); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) disableCoupon(code string) {
	e.t.Helper()
	admin := application.NewCouponAdmin(persistence.NewTransactor(e.app.DB), persistence.NewCoupons(e.app.DB), application.SystemClock{})
	if _, err := admin.Disable(context.Background(), code); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) couponState(code string) pricing.CouponSnapshot {
	e.t.Helper()
	c, err := persistence.NewCoupons(e.app.DB).Get(context.Background(), code)
	if err != nil {
		e.t.Fatal(err)
	}
	return c.Snapshot()
}

// audit counts a verification's audit events by action.
func (e *env) audit(id int64) map[string]int {
	e.t.Helper()
	events, err := persistence.NewAuditLog(e.app.DB).List(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	out := map[string]int{}
	for _, ev := range events {
		out[ev.Action]++
	}
	return out
}

// approve approves a verification as an administrator would, through the domain.
func (e *env) approve(id int64) {
	e.t.Helper()
	ctx := context.Background()
	repo := persistence.NewVerifications(e.app.DB)
	v, err := repo.Get(ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := v.Approve(time.Now().UTC()); err != nil {
		e.t.Fatal(err)
	}
	if err := repo.Save(ctx, v); err != nil {
		e.t.Fatal(err)
	}
}

// webhook posts a signed (or not) event to the Stripe webhook endpoint.
func (e *env) webhook(payload []byte, signature string, headers ...string) (int, map[string]any) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/api/webhooks/stripe", bytes.NewReader(payload))
	req.Header.Set("Content-Type", "application/json")
	if signature != "" {
		req.Header.Set("Stripe-Signature", signature)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	var body map[string]any
	_ = json.NewDecoder(res.Body).Decode(&body)
	return res.StatusCode, body
}

// user is a signed-in browser.
type user struct {
	t     *testing.T
	e     *env
	email string
	http  *http.Client
}

func (e *env) newUser(name string) *user {
	e.t.Helper()
	jar, _ := cookiejar.New(nil)
	u := &user{t: e.t, e: e, email: name + "@example.com", http: &http.Client{Jar: jar}}
	u.must(http.MethodPost, "/api/register", map[string]string{"email": u.email, "password": "secret123"}, http.StatusCreated, http.StatusOK)
	return u
}

// call sends a JSON request and returns the status and decoded body.
func (u *user) call(method, path string, body any) (int, map[string]any) {
	u.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, u.e.srv.URL+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return u.send(req)
}

func (u *user) send(req *http.Request) (int, map[string]any) {
	u.t.Helper()
	res, err := u.http.Do(req)
	if err != nil {
		u.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var out map[string]any
	if len(raw) > 0 && raw[0] == '{' {
		if err := json.Unmarshal(raw, &out); err != nil {
			u.t.Fatalf("%s %s: bad JSON %q", req.Method, req.URL.Path, raw)
		}
	}
	return res.StatusCode, out
}

// must is call that fails the test unless the status is one of want.
func (u *user) must(method, path string, body any, want ...int) map[string]any {
	u.t.Helper()
	status, out := u.call(method, path, body)
	for _, w := range want {
		if status == w {
			return out
		}
	}
	u.t.Fatalf("%s %s: status %d (%v), want %v", method, path, status, out, want)
	return nil
}

func (u *user) upload(id int64, docType string) {
	u.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("type", docType)
	fw, _ := mw.CreateFormFile("file", docType+".pdf")
	_, _ = fw.Write([]byte("%PDF-1.4\n% test document\n%%EOF\n"))
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/api/verifications/%d/documents", u.e.srv.URL, id), &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if status, out := u.send(req); status != http.StatusCreated {
		u.t.Fatalf("upload %s: %d %v", docType, status, out)
	}
}

// draft creates a complete draft in tier.
func (u *user) draft(tier string) int64 {
	u.t.Helper()
	v := u.must(http.MethodPost, "/api/verifications", map[string]string{"tier": tier}, http.StatusCreated)
	id := int64(v["id"].(float64))
	p := fmt.Sprintf("/api/verifications/%d", id)
	u.must(http.MethodPost, p+"/company-info", map[string]string{"companyName": "Acme Trading Ltd", "registrationNumber": "12345",
		"registeredAddress": "1 Main St", "phoneNumber": "+1 555 0100", "email": "info@acme.example",
		"countryOfIncorporation": "US", "dateOfIncorporation": "2010-01-01", "taxId": "TX-1"}, http.StatusOK, http.StatusCreated)
	u.must(http.MethodPost, p+"/representatives", map[string]string{"fullName": "Jane Doe", "position": "CEO", "nationality": "US",
		"dateOfBirth": "1980-01-01", "passportNumber": "P123", "issuingCountry": "US", "expiryDate": "2031-01-01",
		"email": "jane@acme.example", "phoneNumber": "+1 555 0101"}, http.StatusOK, http.StatusCreated)
	u.must(http.MethodPost, p+"/banking-info", map[string]string{"bankName": "First Bank", "bankAddress": "2 Bank St",
		"accountName": "Acme", "accountNumber": "000123456789", "swiftCode": "FBNKUS33", "currency": "USD"}, http.StatusOK, http.StatusCreated)
	u.must(http.MethodPost, p+"/trade-info", map[string]string{"productsTraded": "Sugar", "incoterms": "FOB"}, http.StatusOK, http.StatusCreated)
	for _, d := range []string{"incorporation_certificate", "business_license", "shareholder_info"} {
		u.upload(id, d)
	}
	return id
}

// submitted creates a verification in tier and submits it.
func (u *user) submitted(tier string) int64 {
	u.t.Helper()
	id := u.draft(tier)
	v := u.must(http.MethodPost, fmt.Sprintf("/api/verifications/%d/submit", id), nil, http.StatusOK)
	if v["status"] != "submitted" {
		u.t.Fatalf("after submit: %v", v["status"])
	}
	return id
}

// verification reads one of the user's verifications.
func (u *user) verification(id int64) map[string]any {
	u.t.Helper()
	return u.must(http.MethodGet, fmt.Sprintf("/api/verifications/%d", id), nil, http.StatusOK)
}

// expectState checks status, payment status and amount (nil amount: none recorded).
func (u *user) expectState(id int64, status, payment string, amount any) {
	u.t.Helper()
	v := u.verification(id)
	if v["status"] != status || v["paymentStatus"] != payment || !sameAmount(v["paymentAmount"], amount) {
		u.t.Fatalf("verification %d: status %v payment %v amount %v; want %s %s %v",
			id, v["status"], v["paymentStatus"], v["paymentAmount"], status, payment, amount)
	}
}

func sameAmount(got, want any) bool {
	if want == nil {
		return got == nil
	}
	f, ok := got.(float64)
	return ok && int64(f) == int64(want.(int))
}

func (u *user) intent(id int64, coupon string) map[string]any {
	u.t.Helper()
	body := map[string]any{"verificationId": id}
	if coupon != "" {
		body["couponCode"] = coupon
	}
	return u.must(http.MethodPost, "/api/create-payment-intent", body, http.StatusOK)
}

func (u *user) confirmCard(intentID, number string) (int, map[string]any) {
	u.t.Helper()
	return u.call(http.MethodPost, "/api/simulated-payments/"+intentID+"/confirm",
		map[string]string{"cardNumber": number, "expiry": "12/34", "cvc": "123"})
}

func (u *user) paymentSuccess(id int64, intentID string) (int, map[string]any) {
	u.t.Helper()
	return u.call(http.MethodPost, "/api/payment-success", map[string]any{"verificationId": id, "paymentIntentId": intentID})
}
