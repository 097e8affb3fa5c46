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
	"strconv"
	"strings"
	"time"

	httpapi "github.com/tttverify/tttverify/adapters/http"
	"github.com/tttverify/tttverify/application"
)

// Config is every setting, read once from the environment (see the README's table).
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
	// DeletedFileRetention is how long a deleted document's object is kept (0: the default).
	DeletedFileRetention time.Duration
	PublicCacheTTL       time.Duration
	BenchBaseline        bool
	MetricsAddr          string           // serve Prometheus metrics here; empty: off
	PprofAddr            string           // PPROF_ADDR: serve Go's profiler there (soak runs); empty: off
	Timeouts             httpapi.Timeouts // HTTP_* timeouts; tests that leave it zero have none
	Limits               application.Limits

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

	// Stripe; without a secret key the simulated provider runs.
	StripeSecretKey      string
	StripePublishableKey string
	StripeWebhookSecret  string
	StripeAPIBase        string // another API endpoint, e.g. stripe-mock

	// Background jobs and e-mail.
	Workers  int    // jobs this instance works at once; 0: web-only, it only queues them
	SMTPURL  string // smtp://user:pass@host:port or smtps://…; empty: .eml files in DATA_DIR/outbox
	SMTPFrom string // sender of every e-mail

	// JobTimeout bounds one attempt of a job; a job left running by a server that died runs
	// again elsewhere after 1.2 times this. 0: 5 minutes.
	JobTimeout time.Duration

	// Set by tests, never from the environment.
	Clock        application.Clock // nil: the system clock
	PasswordCost int               // 0: bcrypt's default cost
	// Jobs retry quickly and give up early in tests, so that retries and failures show in seconds.
	JobRetryDelay   func(attempt int) time.Duration // nil: River's exponential backoff
	JobMaxAttempts  int                             // 0: River's default, 25
	JobPollInterval time.Duration                   // 0: River's default, 1 s (SQLite's latency)
}

// LoadConfig reads the configuration from the environment.
func LoadConfig() (*Config, error) {
	c := &Config{
		Addr:          env("ADDR", ":8080"),
		DataDir:       env("DATA_DIR", "./data"),
		DatabaseURL:   os.Getenv("DATABASE_URL"),
		PublicBaseURL: strings.TrimRight(env("PUBLIC_BASE_URL", "http://localhost:8080"), "/"),
		AdminEmail:    os.Getenv("ADMIN_EMAIL"),
		AdminPassword: os.Getenv("ADMIN_PASSWORD"),
		S3Endpoint:    os.Getenv("S3_ENDPOINT"),
		S3Bucket:      env("S3_BUCKET", "ttt-verify"),
		S3AccessKey:   os.Getenv("S3_ACCESS_KEY"),
		S3SecretKey:   os.Getenv("S3_SECRET_KEY"),
		S3Region:      env("S3_REGION", "us-east-1"),
		MetricsAddr:   os.Getenv("METRICS_ADDR"),
		PprofAddr:     os.Getenv("PPROF_ADDR"),
	}
	c.StripeSecretKey, c.StripePublishableKey = os.Getenv("STRIPE_SECRET_KEY"), os.Getenv("STRIPE_PUBLISHABLE_KEY")
	c.StripeWebhookSecret, c.StripeAPIBase = os.Getenv("STRIPE_WEBHOOK_SECRET"), os.Getenv("STRIPE_API_BASE")
	if err := c.checkStripe(); err != nil {
		return nil, err
	}
	var err error
	if c.AuthRateLimit, err = strconv.Atoi(env("AUTH_RATE_LIMIT", "10")); err != nil || c.AuthRateLimit < 0 {
		return nil, fmt.Errorf("AUTH_RATE_LIMIT must be a number >= 0")
	}
	if c.TrustedProxies, err = parseNetworks(os.Getenv("TRUSTED_PROXIES")); err != nil {
		return nil, fmt.Errorf("TRUSTED_PROXIES: %w", err)
	}
	if c.ShareLinkTTL, err = time.ParseDuration(env("SHARE_LINK_TTL", DefaultShareLinkTTL.String())); err != nil || c.ShareLinkTTL <= 0 {
		return nil, fmt.Errorf("SHARE_LINK_TTL must be a positive duration such as 72h")
	}
	if c.DeletedFileRetention, err = time.ParseDuration(env("DELETED_FILE_RETENTION", application.DefaultDeletedFileRetention.String())); err != nil || c.DeletedFileRetention <= 0 {
		return nil, fmt.Errorf("DELETED_FILE_RETENTION must be a positive duration such as 720h")
	}
	if c.PublicCacheTTL, err = time.ParseDuration(env("PUBLIC_CACHE_TTL", "60s")); err != nil || c.PublicCacheTTL < 0 {
		return nil, fmt.Errorf("PUBLIC_CACHE_TTL must be a duration such as 60s (0 turns the cache off)")
	}
	if c.Limits.OpenVerifications, err = strconv.Atoi(env("MAX_OPEN_VERIFICATIONS", strconv.Itoa(application.DefaultLimits.OpenVerifications))); err != nil || c.Limits.OpenVerifications < 1 {
		return nil, fmt.Errorf("MAX_OPEN_VERIFICATIONS must be a number >= 1")
	}
	if c.Limits.FilesPerVerification, err = strconv.Atoi(env("MAX_FILES_PER_VERIFICATION", strconv.Itoa(application.DefaultLimits.FilesPerVerification))); err != nil || c.Limits.FilesPerVerification < 1 {
		return nil, fmt.Errorf("MAX_FILES_PER_VERIFICATION must be a number >= 1")
	}
	if err := c.loadSessionPolicy(); err != nil {
		return nil, err
	}
	if err := c.loadTimeouts(); err != nil {
		return nil, err
	}
	if err := c.loadMail(); err != nil {
		return nil, err
	}
	if err := c.loadScreening(); err != nil {
		return nil, err
	}
	if c.BenchBaseline, err = boolEnv("BENCH_BASELINE", false); err != nil {
		return nil, err
	}
	if c.AdminPromote, err = boolEnv("ADMIN_PROMOTE", false); err != nil {
		return nil, err
	}
	if c.S3UseSSL, err = boolEnv("S3_USE_SSL", false); err != nil {
		return nil, err
	}
	if c.S3PresignedGets, err = boolEnv("S3_PRESIGNED_DOWNLOADS", false); err != nil {
		return nil, err
	}
	if u, err := url.Parse(c.PublicBaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("PUBLIC_BASE_URL must be an http(s) origin, got %q", c.PublicBaseURL)
	}
	if (c.AdminEmail == "") != (c.AdminPassword == "") {
		return nil, errors.New("set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither")
	}
	return c, nil
}

// loadSessionPolicy reads SESSION_IDLE_TIMEOUT and SESSION_LIFETIME.
func (c *Config) loadSessionPolicy() error {
	d := application.DefaultApplicantSessions
	var err error
	if c.SessionIdleTimeout, err = time.ParseDuration(env("SESSION_IDLE_TIMEOUT", d.Idle.String())); err != nil || c.SessionIdleTimeout <= 0 {
		return fmt.Errorf("SESSION_IDLE_TIMEOUT must be a positive duration such as 24h")
	}
	if c.SessionLifetime, err = time.ParseDuration(env("SESSION_LIFETIME", d.Lifetime.String())); err != nil || c.SessionLifetime < c.SessionIdleTimeout {
		return fmt.Errorf("SESSION_LIFETIME must be a duration such as 168h, at least SESSION_IDLE_TIMEOUT")
	}
	return nil
}

// loadTimeouts reads the HTTP_* timeouts.
func (c *Config) loadTimeouts() error {
	d := httpapi.DefaultTimeouts
	for _, t := range []struct {
		name string
		dst  *time.Duration
		def  time.Duration
	}{{"HTTP_READ_HEADER_TIMEOUT", &c.Timeouts.ReadHeader, d.ReadHeader}, {"HTTP_READ_TIMEOUT", &c.Timeouts.Read, d.Read},
		{"HTTP_WRITE_TIMEOUT", &c.Timeouts.Write, d.Write}, {"HTTP_IDLE_TIMEOUT", &c.Timeouts.Idle, d.Idle},
		{"HTTP_TRANSFER_TIMEOUT", &c.Timeouts.Transfer, d.Transfer}} {
		v, err := time.ParseDuration(env(t.name, t.def.String()))
		if err != nil || v <= 0 {
			return fmt.Errorf("%s must be a positive duration such as %s", t.name, t.def)
		}
		*t.dst = v
	}
	return nil
}

// Defaults of the list downloads: the largest official file (the EU's XML) is tens of MB.
const (
	DefaultScreeningFetchTimeout        = 5 * time.Minute
	DefaultScreeningFetchMaxBytes int64 = 256 << 20
)

// loadScreening reads the SCREENING_* variables.
func (c *Config) loadScreening() error {
	var err error
	if c.ScreeningFetchTimeout, err = time.ParseDuration(env("SCREENING_FETCH_TIMEOUT", DefaultScreeningFetchTimeout.String())); err != nil || c.ScreeningFetchTimeout <= 0 {
		return fmt.Errorf("SCREENING_FETCH_TIMEOUT must be a positive duration such as 5m")
	}
	if c.ScreeningFetchMaxBytes, err = strconv.ParseInt(env("SCREENING_FETCH_MAX_BYTES", strconv.FormatInt(DefaultScreeningFetchMaxBytes, 10)), 10, 64); err != nil || c.ScreeningFetchMaxBytes <= 0 {
		return fmt.Errorf("SCREENING_FETCH_MAX_BYTES must be a positive number of bytes")
	}
	if c.ScreeningIndexCheck, err = time.ParseDuration(env("SCREENING_INDEX_CHECK", "30s")); err != nil || c.ScreeningIndexCheck < 0 {
		return fmt.Errorf("SCREENING_INDEX_CHECK must be a duration such as 30s")
	}
	c.ScreeningURLs = map[string]string{}
	for _, kv := range os.Environ() {
		if name, value, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "SCREENING_URL_") {
			c.ScreeningURLs[name] = value
		}
	}
	return nil
}

// DefaultShareLinkTTL is how long a CIS share link works: three days, enough for a counterparty to
// open it across a weekend, short enough that a forwarded link soon stops working.
const DefaultShareLinkTTL = 72 * time.Hour

// secureCookies is on when the public origin is served over TLS.
func (c *Config) secureCookies() bool { return strings.HasPrefix(c.PublicBaseURL, "https://") }

// LoadSessionSecret uses SESSION_SECRET, or a secret generated once and kept in the data directory
// so that sessions survive restarts.
func (c *Config) LoadSessionSecret() error {
	if p := os.Getenv("SESSION_SECRET_PREVIOUS"); p != "" {
		if os.Getenv("SESSION_SECRET") == "" || len(p) < 32 {
			return errors.New("SESSION_SECRET_PREVIOUS needs SESSION_SECRET (the new secret) and at least 32 characters")
		}
		c.PreviousSessionSecret = []byte(p)
	}
	if s := os.Getenv("SESSION_SECRET"); s != "" {
		if len(s) < 32 {
			return errors.New("SESSION_SECRET must be at least 32 characters")
		}
		c.SessionSecret = []byte(s)
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

// parseNetworks reads a comma- or space-separated list of CIDRs; a bare address stands for itself
// alone.
func parseNetworks(list string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, item := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
		if !strings.Contains(item, "/") {
			ip := net.ParseIP(item)
			if ip == nil {
				return nil, fmt.Errorf("%q is neither an address nor a CIDR such as 10.0.0.0/8", item)
			}
			bits := 128
			if ip.To4() != nil {
				ip, bits = ip.To4(), 32
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(item)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a CIDR such as 10.0.0.0/8", item)
		}
		out = append(out, n)
	}
	return out, nil
}

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}

func boolEnv(name string, def bool) (bool, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("%s must be true or false", name)
	}
	return b, nil
}
