// Package tests drives the real application (use cases, bun repositories, blob store, echo routes)
// on SQLite and on PostgreSQL.
package tests

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/crypto/bcrypt"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/payment/stripe/stripetest"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/adapters/storage/s3/miniotest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/cmd/server/app"
	"github.com/tttverify/tttverify/domain/user"
)

// clock is a controllable application.Clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(time.Millisecond) // every event gets its own instant, so ordering is stable
	return c.now
}

// Advance moves the clock forward.
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// env is one running application on one database engine.
type env struct {
	*app.App
	cfg    *app.Config
	hooks  app.TestHooks // what only tests set: the clock, password cost, job retries
	clock  *clock
	srv    *httptest.Server
	stripe *stripetest.Server // the fake Stripe API with withStripe; nil with the simulated provider
	minio  *miniotest.Server  // the object store with withS3; nil with the local file store
	logs   io.Writer          // where the application logs (JSON lines); nowhere unless an option sets it
	// workersLater leaves the job workers stopped after wiring; the test starts them itself.
	workersLater bool
}

// envOption adjusts an environment's configuration before the application is wired.
type envOption func(t *testing.T, e *env)

// backends lists the database engines every suite runs on. PostgreSQL comes from TEST_DATABASE_URL
// (make test starts a throwaway cluster); without it the PostgreSQL run is skipped, except in CI.
func forEachBackend(t *testing.T, fn func(t *testing.T, e *env), opts ...envOption) {
	t.Helper()
	forEachEngine(t, func(t *testing.T, url string) { fn(t, newEnv(t, url, opts...)) })
}

// forEachEngine runs fn in parallel on SQLite (url "") and on a fresh PostgreSQL database, for
// tests that build their environments themselves. The test itself runs beside the other tests that
// do so: each has its own databases, data directory, bucket and addresses, and most of their time
// is spent waiting on a disk or a socket.
func forEachEngine(t *testing.T, fn func(t *testing.T, url string)) {
	t.Helper()
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		fn(t, "")
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		fn(t, postgresDatabase(t))
	})
}

// postgresDatabase creates a fresh database on the test server and drops it when the test ends.
func postgresDatabase(t *testing.T) string {
	t.Helper()
	return dbtest.PostgresURL(t)
}

// randomHex is n random bytes in hex, for e-mail addresses that never collide across runs.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// newConfig is the configuration of a test environment, read as the server reads its environment:
// a temporary data directory, the local file store, no rate limits, no job workers (an option
// starts them), a screening index that looks for other processes' imports before every search, and
// no scheduled list refresh (it would fetch the lists a test imports from their publishers).
func newConfig(t *testing.T, databaseURL string) *app.Config {
	t.Helper()
	cfg, err := app.ConfigFrom([]string{"ADDR=127.0.0.1:0", "DATA_DIR=" + t.TempDir(), "DATABASE_URL=" + databaseURL,
		"PUBLIC_BASE_URL=http://verify.test", "SESSION_SECRET=" + strings.Repeat("s", 32), "AUTH_RATE_LIMIT=0",
		"PUBLIC_CACHE_TTL=10s", "WORKERS=0", "SCREENING_INDEX_CHECK=0",
		"SCREENING_FETCH_INTERVAL=0"})
	if err != nil {
		t.Fatalf("test configuration: %v", err)
	}
	return cfg
}

// newHooks are the settings only tests make: a controlled clock and the cheapest password hashing.
func newHooks() app.TestHooks {
	return app.TestHooks{Clock: &clock{now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}, PasswordCost: bcrypt.MinCost}
}

// wire builds the application on cfg and hooks, logging nowhere.
func wire(cfg *app.Config, hooks app.TestHooks) (*app.App, error) {
	return app.WireWith(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), hooks)
}

// newEnv wires the real application on a temporary data directory and serves it over HTTP.
func newEnv(t *testing.T, databaseURL string, opts ...envOption) *env {
	t.Helper()
	cfg, hooks := newConfig(t, databaseURL), newHooks()
	e := &env{cfg: cfg, hooks: hooks, clock: hooks.Clock.(*clock)}
	for _, opt := range opts {
		opt(t, e)
	}
	if e.logs == nil {
		e.logs = io.Discard
	}
	a, err := app.WireWith(context.Background(), cfg, slog.New(slog.NewJSONHandler(e.logs, nil)), e.hooks)
	if err != nil {
		t.Fatalf("wire application: %v", err)
	}
	e.App = a
	e.srv = httptest.NewUnstartedServer(a.Handler())
	cfg.Timeouts.Apply(e.srv.Config)
	e.srv.Start()
	t.Cleanup(func() {
		e.srv.Close()
		a.Close()
	})
	if cfg.Workers > 0 && !e.workersLater { // withMail: the job workers run as in serve
		if err := a.StartWorkers(context.Background()); err != nil {
			t.Fatalf("start job workers: %v", err)
		}
	}
	return e
}

// client is a browser-like API client with its own cookie jar.
type client struct {
	t    *testing.T
	base string
	http *http.Client
}

func (e *env) client(t *testing.T) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, base: e.srv.URL, http: &http.Client{Jar: jar, Timeout: 60 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// response is a finished request.
type response struct {
	Status int
	Body   []byte
	Header http.Header
	Close  bool // the server said it closes the connection after this answer
}

// JSON decodes the body into v.
func (r response) JSON(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// mustFail sends a JSON request and fails the test unless the answer is status with body want.
func (c *client) mustFail(status int, want api.Error, method, path string, body any) {
	c.t.Helper()
	r := c.must(status, method, path, body)
	var got api.Error
	r.JSON(c.t, &got)
	if diff := cmp.Diff(want, got); diff != "" {
		c.t.Errorf("%s %s: error body (-want +got):\n%s", method, path, diff)
	}
}

// Map decodes the body as a JSON object.
func (r response) Map(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	r.JSON(t, &m)
	return m
}

func (c *client) raw(method, path, contentType string, body io.Reader) response {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, body)
	if err != nil {
		c.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return c.send(req)
}

// send sends a prepared request (for headers beyond Content-Type) and checks the answer against
// the OpenAPI description.
func (c *client) send(req *http.Request) response {
	c.t.Helper()
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	checkOpenAPI(c.t, req, res.StatusCode, res.Header, b)
	return response{Status: res.StatusCode, Body: b, Header: res.Header, Close: res.Close}
}

// do sends body as JSON (nil sends no body).
func (c *client) do(method, path string, body any) response {
	c.t.Helper()
	if body == nil {
		return c.raw(method, path, "", nil)
	}
	b, err := json.Marshal(body)
	if err != nil {
		c.t.Fatal(err)
	}
	return c.raw(method, path, "application/json", bytes.NewReader(b))
}

// must sends a JSON request and fails the test unless the status is want.
func (c *client) must(want int, method, path string, body any) response {
	c.t.Helper()
	r := c.do(method, path, body)
	if r.Status != want {
		c.t.Fatalf("%s %s: status %d, want %d; body %s", method, path, r.Status, want, r.Body)
	}
	return r
}

// upload posts a multipart form with text fields first, then the file.
func (c *client) upload(path, filename string, content []byte, fields map[string]string) response {
	c.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	fw, _ := w.CreateFormFile("file", filename)
	_, _ = fw.Write(content)
	_ = w.Close()
	return c.raw(http.MethodPost, path, w.FormDataContentType(), &buf)
}

// register signs up a new user and returns the client signed in as them.
func (e *env) register(t *testing.T, email string) *client {
	t.Helper()
	c := e.client(t)
	c.must(http.StatusCreated, "POST", "/api/register", map[string]string{"email": email, "password": "tangerine-42"})
	return c
}

// Fixtures: the smallest files each accepted type recognises.
var (
	pdfFile = []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")
	pngFile = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00")
	exeFile = []byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00")
)

var (
	companyBody = map[string]string{"companyName": "Acme Metals Ltd", "registrationNumber": "REG-1001",
		"registeredAddress": "1 Harbour Road, Singapore", "phoneNumber": "+65 6000 0000", "email": "ops@acme.example",
		"countryOfIncorporation": "SG", "dateOfIncorporation": "2012-05-01", "taxId": "TAX-77", "website": "https://acme.example"}
	representativeBody = map[string]string{"fullName": "Jane Doe", "position": "Director", "nationality": "GB",
		"dateOfBirth": "1980-01-31", "passportNumber": "P1234567", "issuingCountry": "GB", "expiryDate": "2031-01-01",
		"email": "jane@acme.example", "phoneNumber": "+44 20 0000 0000"}
	bankingBody = map[string]string{"bankName": "First Bank", "bankAddress": "2 Bank St", "accountName": "Acme Metals Ltd",
		"accountNumber": "GB29NWBK60161331926819", "swiftCode": "NWBKGB2L", "currency": "USD"}
	tradeBody = map[string]string{"productsTraded": `["Copper","Aluminium"]`, "incoterms": "CIF", "targetQuantity": "500 MT"}
)

// fillVerification creates a verification and completes all five sections through HTTP.
func fillVerification(t *testing.T, c *client, tier string) api.Verification {
	t.Helper()
	var v api.Verification
	c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": tier}).JSON(t, &v)
	base := "/api/verifications/" + itoa(v.ID)
	c.must(http.StatusOK, "POST", base+"/company-info", companyBody)
	var rep struct{ ID int64 }
	c.must(http.StatusCreated, "POST", base+"/representatives", representativeBody).JSON(t, &rep)
	if r := c.upload(base+"/representatives/"+itoa(rep.ID)+"/passport", "passport.png", pngFile, nil); r.Status != http.StatusCreated {
		t.Fatalf("passport upload: %d %s", r.Status, r.Body)
	}
	c.must(http.StatusOK, "POST", base+"/banking-info", bankingBody)
	if tier == "top" { // Top asks for beneficial ownership: here the declaration that nobody reaches the threshold
		c.must(http.StatusOK, "PUT", base+"/ownership-declaration", map[string]int64{"seniorOfficialId": rep.ID})
	}
	c.must(http.StatusOK, "POST", base+"/trade-info", tradeBody)
	for _, typ := range []string{"incorporation_certificate", "business_license", "shareholder_info"} {
		if r := c.upload(base+"/documents", typ+".pdf", pdfFile, map[string]string{"type": typ}); r.Status != http.StatusCreated {
			t.Fatalf("upload %s: %d %s", typ, r.Status, r.Body)
		}
	}
	return v
}

// submitted fills and submits a verification.
func submitted(t *testing.T, c *client, tier string) api.Verification {
	t.Helper()
	v := fillVerification(t, c, tier)
	c.must(http.StatusOK, "POST", "/api/verifications/"+itoa(v.ID)+"/submit", nil).JSON(t, &v)
	return v
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// objectCount counts the files in the local blob store, to prove failures leave nothing behind.
func (e *env) objectCount(t *testing.T) int {
	t.Helper()
	n := 0
	_ = walkFiles(e.cfg.DataDir+"/objects", func() { n++ })
	return n
}

// documentCount counts document rows.
func (e *env) documentCount(t *testing.T) int {
	t.Helper()
	n, err := e.DB.NewSelect().Table("documents").Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// user reads an account straight from the database.
func (e *env) user(t *testing.T, email string) *application.User {
	t.Helper()
	var u struct {
		ID   int64  `bun:"id"`
		Role string `bun:"role"`
	}
	if err := e.DB.NewSelect().Table("users").Column("id", "role").Where("email = ?", email).Scan(context.Background(), &u); err != nil {
		t.Fatal(err)
	}
	role, err := user.ParseRole(u.Role)
	if err != nil {
		t.Fatal(err)
	}
	return &application.User{ID: u.ID, Email: email, Role: role}
}
