// Package app reads the configuration and wires the adapters behind the use cases. Only this
// package (and the command that uses it) knows every adapter.
package app

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	httpapi "github.com/tttverify/tttverify/adapters/http"
	"github.com/tttverify/tttverify/adapters/signing"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/businessday"
	"github.com/tttverify/tttverify/domain/verification"
)

// Config is every setting, read once from the environment by LoadConfig. Each variable's name,
// default and meaning is declared in configuration (variables.go); nothing applies a default later.
type Config struct {
	Addr            string
	DataDir         string
	DatabaseURL     string
	PublicBaseURL   string
	SessionSecret   []byte
	AuthRateLimit   int
	TrustedProxies  []*net.IPNet // load balancers whose X-Forwarded-For is believed
	AdminEmail      string
	AdminPassword   string
	AdminPromote    bool // ADMIN_EMAIL may name an existing account, which then becomes an administrator
	S3Endpoint      string
	S3Bucket        string
	S3AccessKey     string
	S3SecretKey     string
	S3UseSSL        bool
	S3Region        string
	S3PresignedGets bool
	ShareLinkTTL    time.Duration
	// DeletedFileRetention is how long a deleted document's object is kept.
	DeletedFileRetention time.Duration
	PublicCacheTTL       time.Duration
	ReviewClaimTTL       time.Duration
	FourEyes             verification.FourEyes
	BenchBaseline        bool
	MetricsAddr          string           // serve Prometheus metrics here; empty: off
	PprofAddr            string           // serve Go's profiler there (soak runs); empty: off
	Timeouts             httpapi.Timeouts // HTTP_* timeouts
	Limits               application.Limits
	OwnerThreshold       int // UBO_THRESHOLD, in percent

	// PreviousSessionSecret is the secret before a rotation (SESSION_SECRET_PREVIOUS), accepted
	// until every cookie it signed has been used again or has expired.
	PreviousSessionSecret []byte

	// SessionIdleTimeout and SessionLifetime are the applicants' sessions (SESSION_IDLE_TIMEOUT,
	// SESSION_LIFETIME); administrators always have application.AdminSessions. 0: the default.
	SessionIdleTimeout time.Duration
	SessionLifetime    time.Duration

	// Screening lists: download limits, address overrides (SCREENING_URL_<SOURCE>, keyed by
	// variable name) and how often a server looks for imports made by another process.
	ScreeningFetchTimeout  time.Duration
	ScreeningFetchMaxBytes int64
	ScreeningURLs          map[string]string
	ScreeningIndexCheck    time.Duration
	// pep_wikidata: how long after office a person stays exposed, and how Wikidata's SPARQL
	// service is asked; OperatorEmail is the contact its User-Agent names.
	PEPYearsAfterOffice int
	WikidataTimeout     time.Duration
	WikidataAttempts    int
	OperatorEmail       string
	// The scheduled refresh of the lists (SCREENING_FETCH_INTERVAL, 0 off) and when a list that
	// could not be refreshed counts as out of date (SCREENING_STALE_AFTER).
	ScreeningFetchInterval time.Duration
	ScreeningStaleAfter    time.Duration

	// Registry lookups of Top verifications' identifiers: GLEIF_API_URL, VIES_API_URL and the
	// timeout of one request (REGISTRY_TIMEOUT).
	GLEIFAPIURL     string
	VIESAPIURL      string
	RegistryTimeout time.Duration

	// Payments is PAYMENTS: "stripe", "simulated" or empty (Stripe when its keys are set, else the
	// simulated provider, which an https:// PUBLIC_BASE_URL refuses unless it is named).
	Payments string
	// Stripe; without a secret key the simulated provider runs.
	StripeSecretKey      string
	StripePublishableKey string
	StripeWebhookSecret  string
	StripeAPIBase        string // another API endpoint, e.g. stripe-mock

	// Background jobs and e-mail.
	Workers  int    // jobs this instance works at once; 0: web-only, it only queues them
	SMTPURL  string // smtp://user:pass@host:port or smtps://…; empty: .eml files in DATA_DIR/outbox
	SMTPFrom string // sender of every e-mail

	// Signing is where the signing key comes from (the SIGNING_* variables); DataDir, Now and
	// Operator are set when the key is loaded.
	Signing signing.KeyConfig
	// TSAURL is an RFC 3161 timestamp authority for the PDF signatures; empty: none.
	TSAURL     string
	TSATimeout time.Duration

	// BusinessDays (validated weekdays) less Holidays are the days a review's wait is counted on.
	BusinessDays string
	Holidays     []time.Time

	// JobTimeout bounds one attempt of a job; a job left running by a server that died runs
	// again elsewhere after 1.2 times this.
	JobTimeout time.Duration
}

// LoadConfig reads the configuration from the environment and checks it. An error names the
// variable at fault and says what it must be.
func LoadConfig() (*Config, error) { return ConfigFrom(os.Environ()) }

// ConfigFrom reads the configuration from environ, NAME=value entries as os.Environ returns them.
// A variable that is missing or empty takes its default.
func ConfigFrom(environ []string) (*Config, error) {
	values := make(map[string]string, len(environ))
	for _, kv := range environ {
		name, value, _ := strings.Cut(kv, "=")
		values[name] = value
	}
	c := &Config{ScreeningURLs: map[string]string{}}
	for _, g := range configuration {
		for _, v := range g.vars {
			if err := v.load(c, values); err != nil {
				return nil, err
			}
		}
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	if c.SMTPFrom == "" {
		c.SMTPFrom = c.defaultFrom()
	}
	return c, nil
}

// Defaults is the configuration with no variable set, as `make run` has it. Tests start from it.
func Defaults() *Config {
	c, err := ConfigFrom(nil)
	if err != nil {
		panic("the declared defaults are invalid: " + err.Error())
	}
	return c
}

// check applies the rules that involve more than one variable.
func (c *Config) check() error {
	if (c.AdminEmail == "") != (c.AdminPassword == "") {
		return errors.New("set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither")
	}
	if c.SessionLifetime < c.SessionIdleTimeout {
		return errors.New("SESSION_LIFETIME must be at least SESSION_IDLE_TIMEOUT")
	}
	if c.PreviousSessionSecret != nil && c.SessionSecret == nil {
		return errors.New("SESSION_SECRET_PREVIOUS needs SESSION_SECRET (the new secret)")
	}
	// A list would be out of date between two fetches that both succeed.
	if c.ScreeningFetchInterval > 0 && c.ScreeningStaleAfter <= c.ScreeningFetchInterval {
		return fmt.Errorf("SCREENING_STALE_AFTER (%s) must be longer than SCREENING_FETCH_INTERVAL (%s)",
			c.ScreeningStaleAfter, c.ScreeningFetchInterval)
	}
	return c.checkPayments()
}

// Calendar is the business days a review's wait is counted on.
func (c *Config) Calendar() businessday.Calendar {
	cal, err := businessday.New(c.BusinessDays, c.Holidays)
	if err != nil { // BUSINESS_DAYS was checked when it was read
		panic("BUSINESS_DAYS: " + err.Error())
	}
	return cal
}

// defaultFrom is no-reply at the public host.
func (c *Config) defaultFrom() string {
	host := "localhost"
	if u, err := url.Parse(c.PublicBaseURL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	return "TTT Verify <no-reply@" + host + ">"
}

// DefaultShareLinkTTL is how long a CIS share link works: three days, enough for a counterparty to
// open it across a weekend, short enough that a forwarded link soon stops working.
const DefaultShareLinkTTL = 72 * time.Hour

// secureCookies is on when the public origin is served over TLS.
func (c *Config) secureCookies() bool { return strings.HasPrefix(c.PublicBaseURL, "https://") }

// LoadSessionSecret keeps SESSION_SECRET when it is set, and otherwise uses a secret generated once
// and kept in the data directory, so that sessions survive restarts.
func (c *Config) LoadSessionSecret() error {
	if c.SessionSecret != nil {
		return nil
	}
	if err := os.MkdirAll(c.DataDir, 0o700); err != nil {
		return fmt.Errorf("create data directory: %w", err)
	}
	file := filepath.Join(c.DataDir, "session.secret")
	if b, err := os.ReadFile(file); err == nil && len(b) >= 32 { //nolint:gosec // G304: DATA_DIR is the operator's own setting
		c.SessionSecret = b
		return nil
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	secret := []byte(hex.EncodeToString(raw))
	if err := os.WriteFile(file, secret, 0o600); err != nil {
		return fmt.Errorf("write session secret: %w", err)
	}
	c.SessionSecret = secret
	return nil
}
