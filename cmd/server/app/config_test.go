package app

import (
	"bytes"
	"flag"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	httpapi "github.com/tttverify/tttverify/adapters/http"
	"github.com/tttverify/tttverify/adapters/signing"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// configFrom is the configuration read from environ; a test's environ is always valid.
func configFrom(t *testing.T, environ ...string) *Config {
	t.Helper()
	c, err := ConfigFrom(environ)
	if err != nil {
		t.Fatalf("configuration %q: %v", environ, err)
	}
	return c
}

// With nothing set the server runs on the documented defaults.
func TestConfigDefaults(t *testing.T) {
	want := &Config{Addr: ":8080", DataDir: "./data", PublicBaseURL: "http://localhost:8080", AuthRateLimit: 10,
		S3Bucket: "ttt-verify", S3Region: "us-east-1", ShareLinkTTL: 72 * time.Hour, DeletedFileRetention: 720 * time.Hour,
		PublicCacheTTL: 60 * time.Second, ReviewClaimTTL: 2 * time.Hour, Timeouts: httpapi.Timeouts{ReadHeader: 10 * time.Second, Read: 30 * time.Second,
			Write: 60 * time.Second, Idle: 120 * time.Second, Transfer: 10 * time.Minute},
		Limits: application.Limits{OpenVerifications: 100, FilesPerVerification: 100, StoragePerAccount: 2 << 30,
			UploadsPerUser: 4},
		ScreeningFetchTimeout: 5 * time.Minute, ScreeningFetchMaxBytes: 256 << 20, ScreeningURLs: map[string]string{},
		ScreeningIndexCheck: 30 * time.Second, ScreeningFetchInterval: 24 * time.Hour, ScreeningStaleAfter: 72 * time.Hour,
		Workers: 4, SMTPFrom: "TTT Verify <no-reply@localhost>", JobTimeout: 5 * time.Minute,
		SessionIdleTimeout: 24 * time.Hour, SessionLifetime: 168 * time.Hour, PEPYearsAfterOffice: 5,
		WikidataTimeout: 90 * time.Second, WikidataAttempts: 4, OperatorEmail: "support@tttverify.com",
		OwnerThreshold: 25, GLEIFAPIURL: "https://api.gleif.org/api/v1",
		VIESAPIURL: "https://ec.europa.eu/taxation_customs/vies/rest-api", RegistryTimeout: 10 * time.Second,
		Signing: signing.KeyConfig{Operator: "TTT Verify"}, TSATimeout: 10 * time.Second,
		BusinessDays: "mon,tue,wed,thu,fri"}
	if diff := cmp.Diff(want, Defaults()); diff != "" {
		t.Errorf("defaults (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, configFrom(t, "ADDR=", "WORKERS=")); diff != "" {
		t.Errorf("empty variables take their defaults (-want +got):\n%s", diff)
	}
}

// Every variable reaches its own setting: a value set in the environment is the value the server uses.
func TestConfigReadsEveryVariable(t *testing.T) {
	got := configFrom(t, "ADDR=127.0.0.1:9000", "DATA_DIR=/srv/ttt", "DATABASE_URL=postgres://db/ttt",
		"PUBLIC_BASE_URL=https://verify.example.com/", "SESSION_SECRET="+strings.Repeat("n", 32),
		"SESSION_SECRET_PREVIOUS="+strings.Repeat("o", 40), "AUTH_RATE_LIMIT=0", "TRUSTED_PROXIES=10.0.0.0/8, 192.0.2.7",
		"ADMIN_EMAIL=boss@example.com", "ADMIN_PASSWORD=a-long-password", "ADMIN_PROMOTE=true",
		"S3_ENDPOINT=minio:9000", "S3_BUCKET=files", "S3_ACCESS_KEY=ak", "S3_SECRET_KEY=sk", "S3_USE_SSL=true",
		"S3_REGION=eu-west-1", "S3_PRESIGNED_DOWNLOADS=1", "SHARE_LINK_TTL=24h", "DELETED_FILE_RETENTION=48h",
		"PUBLIC_CACHE_TTL=0", "REVIEW_CLAIM_TTL=45m", "FOUR_EYES=all", "BENCH_BASELINE=true", "METRICS_ADDR=:9100", "PPROF_ADDR=127.0.0.1:6060",
		"HTTP_READ_HEADER_TIMEOUT=1s", "HTTP_READ_TIMEOUT=2s", "HTTP_WRITE_TIMEOUT=3s", "HTTP_IDLE_TIMEOUT=4s",
		"HTTP_TRANSFER_TIMEOUT=5s", "MAX_OPEN_VERIFICATIONS=7", "MAX_FILES_PER_VERIFICATION=8",
		"MAX_STORAGE_PER_ACCOUNT=500MB", "MAX_CONCURRENT_UPLOADS=3",
		"SCREENING_FETCH_TIMEOUT=1m", "SCREENING_FETCH_MAX_BYTES=1024", "SCREENING_URL_EU=http://lists/eu.xml",
		"SCREENING_URL_UN=http://lists/un.xml", "SCREENING_INDEX_CHECK=0", "SCREENING_FETCH_INTERVAL=6h",
		"SCREENING_STALE_AFTER=30h", "STRIPE_SECRET_KEY=sk_test_1",
		"STRIPE_PUBLISHABLE_KEY=pk_test_1", "STRIPE_WEBHOOK_SECRET=whsec_1", "STRIPE_API_BASE=http://stripe-mock",
		"WORKERS=0", "SMTP_URL=smtp://mail:25", "SMTP_FROM=Compliance <kyc@example.com>", "JOB_TIMEOUT=30s",
		"SESSION_IDLE_TIMEOUT=2h", "SESSION_LIFETIME=10h", "PAYMENTS=stripe", "PEP_YEARS_AFTER_OFFICE=0",
		"SCREENING_WIKIDATA_TIMEOUT=2m", "SCREENING_WIKIDATA_ATTEMPTS=2", "OPERATOR_EMAIL=kyc@example.com", "UBO_THRESHOLD=10", "BUSINESS_DAYS=sun,mon,tue,wed,thu", "GLEIF_API_URL=http://gleif.test/api/v1/",
		"VIES_API_URL=http://vies.test/rest-api", "REGISTRY_TIMEOUT=3s", "SIGNING_KEY_FILE=/keys/seal.key",
		"SIGNING_CERT_FILE=/keys/seal.crt", "SIGNING_P12_FILE=/keys/seal.p12", "SIGNING_P12_PASSWORD=pw",
		"SIGNING_PREVIOUS_CERT_FILES=/keys/2025.crt, /keys/2024.crt", "OPERATOR_NAME=Acme Trust", "TSA_URL=https://tsa.example.com/",
		"TSA_TIMEOUT=3s", "UNRELATED=1")
	want := &Config{Addr: "127.0.0.1:9000", DataDir: "/srv/ttt", DatabaseURL: "postgres://db/ttt",
		PublicBaseURL: "https://verify.example.com", SessionSecret: []byte(strings.Repeat("n", 32)),
		PreviousSessionSecret: []byte(strings.Repeat("o", 40)), AuthRateLimit: 0,
		TrustedProxies: []*net.IPNet{{IP: net.IPv4(10, 0, 0, 0).To4(), Mask: net.CIDRMask(8, 32)},
			{IP: net.IPv4(192, 0, 2, 7).To4(), Mask: net.CIDRMask(32, 32)}},
		AdminEmail: "boss@example.com", AdminPassword: "a-long-password", AdminPromote: true,
		S3Endpoint: "minio:9000", S3Bucket: "files", S3AccessKey: "ak", S3SecretKey: "sk", S3UseSSL: true,
		S3Region: "eu-west-1", S3PresignedGets: true, ShareLinkTTL: 24 * time.Hour, DeletedFileRetention: 48 * time.Hour,
		PublicCacheTTL: 0, ReviewClaimTTL: 45 * time.Minute, FourEyes: verification.FourEyesAll, BenchBaseline: true, MetricsAddr: ":9100", PprofAddr: "127.0.0.1:6060",
		Timeouts: httpapi.Timeouts{ReadHeader: time.Second, Read: 2 * time.Second, Write: 3 * time.Second,
			Idle: 4 * time.Second, Transfer: 5 * time.Second},
		Limits: application.Limits{OpenVerifications: 7, FilesPerVerification: 8, StoragePerAccount: 500_000_000,
			UploadsPerUser: 3},
		ScreeningFetchTimeout: time.Minute, ScreeningFetchMaxBytes: 1024,
		ScreeningURLs:       map[string]string{"SCREENING_URL_EU": "http://lists/eu.xml", "SCREENING_URL_UN": "http://lists/un.xml"},
		ScreeningIndexCheck: 0, ScreeningFetchInterval: 6 * time.Hour, ScreeningStaleAfter: 30 * time.Hour,
		StripeSecretKey: "sk_test_1", StripePublishableKey: "pk_test_1",
		StripeWebhookSecret: "whsec_1", StripeAPIBase: "http://stripe-mock", Workers: 0, SMTPURL: "smtp://mail:25",
		SMTPFrom: "Compliance <kyc@example.com>", JobTimeout: 30 * time.Second,
		SessionIdleTimeout: 2 * time.Hour, SessionLifetime: 10 * time.Hour, Payments: "stripe", PEPYearsAfterOffice: 0,
		WikidataTimeout: 2 * time.Minute, WikidataAttempts: 2, OperatorEmail: "kyc@example.com", OwnerThreshold: 10,
		GLEIFAPIURL: "http://gleif.test/api/v1", VIESAPIURL: "http://vies.test/rest-api", RegistryTimeout: 3 * time.Second,
		Signing: signing.KeyConfig{KeyFile: "/keys/seal.key", CertFile: "/keys/seal.crt", P12File: "/keys/seal.p12",
			P12Password: "pw", PreviousCertFiles: []string{"/keys/2025.crt", "/keys/2024.crt"}, Operator: "Acme Trust"},
		TSAURL: "https://tsa.example.com/", TSATimeout: 3 * time.Second, BusinessDays: "sun,mon,tue,wed,thu"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("configuration (-want +got):\n%s", diff)
	}
}

// Sizes are read in bytes, decimal units (kB, MB, GB) or binary ones (KiB, MiB, GiB), in any case.
func TestConfigSizes(t *testing.T) {
	for value, want := range map[string]int64{"1073741824": 1 << 30, "2GiB": 2 << 30, "500MB": 500_000_000,
		"1.5 GiB": 3 << 29, "64kib": 64 << 10, "1TB": 1e12, "300 B": 300} {
		if c := configFrom(t, "MAX_STORAGE_PER_ACCOUNT="+value); c.Limits.StoragePerAccount != want {
			t.Errorf("MAX_STORAGE_PER_ACCOUNT=%s: %d bytes, want %d", value, c.Limits.StoragePerAccount, want)
		}
	}
}

// SCREENING_FETCH_INTERVAL=0 turns the scheduled refresh off; SCREENING_STALE_AFTER then needs no
// relation to it.
func TestConfigScreeningRefreshOff(t *testing.T) {
	c := configFrom(t, "SCREENING_FETCH_INTERVAL=0", "SCREENING_STALE_AFTER=1h")
	if c.ScreeningFetchInterval != 0 || c.ScreeningStaleAfter != time.Hour {
		t.Errorf("SCREENING_FETCH_INTERVAL=0, SCREENING_STALE_AFTER=1h read as %v, %v", c.ScreeningFetchInterval, c.ScreeningStaleAfter)
	}
}

// A bad value stops the server at start with a message that names the variable and says what it
// must be, and never repeats a secret.
func TestConfigRefusesBadValues(t *testing.T) {
	for _, tc := range []struct {
		environ []string
		want    string // the message starts with this
	}{
		{[]string{"AUTH_RATE_LIMIT=-1"}, "AUTH_RATE_LIMIT must be a whole number >= 0"},
		{[]string{"FOUR_EYES=on"}, `FOUR_EYES must be top, all or off, not "on"`},
		{[]string{"AUTH_RATE_LIMIT=ten"}, "AUTH_RATE_LIMIT must be a whole number >= 0"},
		{[]string{"MAX_OPEN_VERIFICATIONS=0"}, "MAX_OPEN_VERIFICATIONS must be a whole number >= 1"},
		{[]string{"MAX_FILES_PER_VERIFICATION=many"}, "MAX_FILES_PER_VERIFICATION must be a whole number >= 1"},
		{[]string{"WORKERS=-1"}, "WORKERS must be a whole number >= 0"},
		{[]string{"SHARE_LINK_TTL=3 days"}, "SHARE_LINK_TTL must be a positive duration"},
		{[]string{"DELETED_FILE_RETENTION=0"}, "DELETED_FILE_RETENTION must be a positive duration"},
		{[]string{"HTTP_WRITE_TIMEOUT=-5s"}, "HTTP_WRITE_TIMEOUT must be a positive duration"},
		{[]string{"JOB_TIMEOUT=soon"}, "JOB_TIMEOUT must be a positive duration"},
		{[]string{"SCREENING_FETCH_TIMEOUT=0s"}, "SCREENING_FETCH_TIMEOUT must be a positive duration"},
		{[]string{"PUBLIC_CACHE_TTL=-1s"}, "PUBLIC_CACHE_TTL must be a duration such as 30s, or 0"},
		{[]string{"SCREENING_INDEX_CHECK=often"}, "SCREENING_INDEX_CHECK must be a duration such as 30s, or 0"},
		{[]string{"PEP_YEARS_AFTER_OFFICE=-1"}, "PEP_YEARS_AFTER_OFFICE must be a whole number >= 0"},
		{[]string{"SCREENING_WIKIDATA_ATTEMPTS=0"}, "SCREENING_WIKIDATA_ATTEMPTS must be a whole number >= 1"},
		{[]string{"SCREENING_WIKIDATA_TIMEOUT=0"}, "SCREENING_WIKIDATA_TIMEOUT must be a positive duration"},
		{[]string{"OPERATOR_EMAIL=TTT <ops@example.com>"}, "OPERATOR_EMAIL must be an e-mail address such as ops@example.com"},
		{[]string{"SCREENING_FETCH_INTERVAL=daily"}, "SCREENING_FETCH_INTERVAL must be a duration such as 30s, or 0"},
		{[]string{"SCREENING_FETCH_INTERVAL=-24h"}, "SCREENING_FETCH_INTERVAL must be a duration such as 30s, or 0"},
		{[]string{"SCREENING_STALE_AFTER=0"}, "SCREENING_STALE_AFTER must be a positive duration"},
		{[]string{"SCREENING_STALE_AFTER=3 days"}, "SCREENING_STALE_AFTER must be a positive duration"},
		{[]string{"SCREENING_STALE_AFTER=24h"}, "SCREENING_STALE_AFTER (24h0m0s) must be longer than SCREENING_FETCH_INTERVAL (24h0m0s)"},
		{[]string{"SCREENING_FETCH_INTERVAL=96h"}, "SCREENING_STALE_AFTER (72h0m0s) must be longer than SCREENING_FETCH_INTERVAL (96h0m0s)"},
		{[]string{"SCREENING_FETCH_MAX_BYTES=256 apples"}, "SCREENING_FETCH_MAX_BYTES must be a positive size such as 2GiB"},
		{[]string{"MAX_STORAGE_PER_ACCOUNT=0"}, "MAX_STORAGE_PER_ACCOUNT must be a positive size such as 2GiB, 500MB or 1073741824 (bytes)"},
		{[]string{"MAX_STORAGE_PER_ACCOUNT=-1GiB"}, "MAX_STORAGE_PER_ACCOUNT must be a positive size"},
		{[]string{"MAX_STORAGE_PER_ACCOUNT=1.5"}, "MAX_STORAGE_PER_ACCOUNT must be a positive size"},
		{[]string{"MAX_STORAGE_PER_ACCOUNT=2GB of space"}, "MAX_STORAGE_PER_ACCOUNT must be a positive size"},
		{[]string{"MAX_CONCURRENT_UPLOADS=0"}, "MAX_CONCURRENT_UPLOADS must be a whole number >= 1"},
		{[]string{"BUSINESS_DAYS=mon,tue,wed,thu,fr"}, `BUSINESS_DAYS must be weekdays such as mon,tue,wed,thu,fri: "fr" is not a weekday`},
		{[]string{"BUSINESS_DAYS=mon,mon"}, "BUSINESS_DAYS must be weekdays such as mon,tue,wed,thu,fri: mon is named twice"},
		{[]string{"BUSINESS_DAYS=,"}, `BUSINESS_DAYS must be weekdays such as mon,tue,wed,thu,fri: "" is not a weekday`},
		{[]string{"HOLIDAYS_FILE=/nonexistent/holidays.txt"}, "HOLIDAYS_FILE must be a readable file of dates: open /nonexistent/holidays.txt"},
		{[]string{"UBO_THRESHOLD=0"}, "UBO_THRESHOLD must be a whole percentage from 1 to 100"},
		{[]string{"UBO_THRESHOLD=25%"}, "UBO_THRESHOLD must be a whole percentage from 1 to 100"},
		{[]string{"S3_USE_SSL=yes please"}, "S3_USE_SSL must be true or false"},
		{[]string{"ADMIN_PROMOTE=2"}, "ADMIN_PROMOTE must be true or false"},
		{[]string{"PUBLIC_BASE_URL=verify.example.com"}, "PUBLIC_BASE_URL must be an http(s) origin"},
		{[]string{"TRUSTED_PROXIES=10.0.0.0/8,10.0.0.0/33"}, `TRUSTED_PROXIES must list addresses or CIDRs such as 10.0.0.0/8; "10.0.0.0/33" is neither`},
		{[]string{"SMTP_URL=http://user:hunter2@mail.example.com"}, "SMTP_URL must look like smtp://"},
		{[]string{"SMTP_FROM=nobody"}, "SMTP_FROM must be an e-mail address"},
		{[]string{"SESSION_SECRET=hunter2"}, "SESSION_SECRET must be at least 32 characters"},
		{[]string{"SESSION_SECRET_PREVIOUS=" + strings.Repeat("p", 32)}, "SESSION_SECRET_PREVIOUS needs SESSION_SECRET"},
		{[]string{"ADMIN_EMAIL=boss@example.com"}, "set both ADMIN_EMAIL and ADMIN_PASSWORD"},
		{[]string{"STRIPE_PUBLISHABLE_KEY=pk_test_1"}, "STRIPE_PUBLISHABLE_KEY or STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not"},
		{[]string{"STRIPE_SECRET_KEY=sk_test_1"}, "STRIPE_SECRET_KEY is set, so STRIPE_PUBLISHABLE_KEY is needed too"},
		{[]string{"SESSION_IDLE_TIMEOUT=0"}, "SESSION_IDLE_TIMEOUT must be a positive duration"},
		{[]string{"SESSION_IDLE_TIMEOUT=200h"}, "SESSION_LIFETIME must be at least SESSION_IDLE_TIMEOUT"},
		{[]string{"PAYMENTS=paypal"}, "PAYMENTS must be stripe or simulated"},
		{[]string{"TSA_URL=tsa.example.com"}, "TSA_URL must be an http(s) address"},
		{[]string{"TSA_TIMEOUT=0"}, "TSA_TIMEOUT must be a positive duration"},
		{[]string{"PUBLIC_BASE_URL=https://verify.example.com"}, "PUBLIC_BASE_URL is https:// but STRIPE_SECRET_KEY is not set"},
	} {
		t.Run(strings.Join(tc.environ, " "), func(t *testing.T) {
			c, err := ConfigFrom(tc.environ)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("got %+v, %v; want an error starting %q", c, err, tc.want)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Errorf("the error repeats a secret: %v", err)
			}
		})
	}
}

// The holiday file is read at start: its days are not business days, and a line that is not a date
// stops the start naming the file and the line.
func TestConfigHolidaysFile(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "holidays.txt"), filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(good, []byte("# 2026\n2026-12-25 # Christmas\n\n2026-12-28\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("2026-12-25\n26.12.2026\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c := configFrom(t, "HOLIDAYS_FILE="+good)
	want := []time.Time{time.Date(2026, 12, 25, 0, 0, 0, 0, time.UTC), time.Date(2026, 12, 28, 0, 0, 0, 0, time.UTC)}
	if diff := cmp.Diff(want, c.Holidays); diff != "" {
		t.Errorf("holidays (-want +got):\n%s", diff)
	}
	cal := c.Calendar()
	for day, business := range map[string]bool{"2026-12-24": true, "2026-12-25": false, "2026-12-26": false, "2026-12-28": false, "2026-12-29": true} {
		d, _ := time.Parse(time.DateOnly, day)
		if cal.IsBusinessDay(d) != business {
			t.Errorf("%s business day: %v, want %v", day, !business, business)
		}
	}
	_, err := ConfigFrom([]string{"HOLIDAYS_FILE=" + bad})
	if want := "HOLIDAYS_FILE " + bad + `: line 2: "26.12.2026" is not a date like 2026-12-25`; err == nil || err.Error() != want {
		t.Errorf("bad file: %v, want %q", err, want)
	}
}

// LoadConfig reads the process's environment.
func TestLoadConfigReadsTheEnvironment(t *testing.T) {
	t.Setenv("MAX_OPEN_VERIFICATIONS", "3")
	t.Setenv("SCREENING_URL_UK", "http://lists/uk.xml")
	c, err := LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if c.Limits.OpenVerifications != 3 || c.ScreeningURLs["SCREENING_URL_UK"] != "http://lists/uk.xml" {
		t.Errorf("MAX_OPEN_VERIFICATIONS and SCREENING_URL_UK read as %d and %q", c.Limits.OpenVerifications,
			c.ScreeningURLs["SCREENING_URL_UK"])
	}
}

// serve --help shows each variable under its group, with its default and meaning.
func TestHelpListsEveryVariable(t *testing.T) {
	var out bytes.Buffer
	if err := WriteHelp(&out); err != nil {
		t.Fatal(err)
	}
	help := out.String()
	for _, want := range []string{"Server:\n  ADDR (default: :8080)\n      listen address\n",
		"  SHARE_LINK_TTL (default: 72h)\n", "  HTTP_IDLE_TIMEOUT (default: 2m)\n", "  DATABASE_URL (default: SQLite in DATA_DIR)\n",
		"  SMTP_FROM (default: TTT Verify <no-reply@HOST> (HOST from PUBLIC_BASE_URL))\n      sender of every e-mail\n"} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q:\n%s", want, help)
		}
	}
	n := 0
	for _, g := range configuration {
		if !strings.Contains(help, "\n"+g.title+":\n") {
			t.Errorf("help lacks the group %s", g.title)
		}
		for _, v := range g.vars {
			n++
			if !strings.Contains(help, "\n  "+v.name+" (default: "+plain(v.defaultText())+")\n      ") {
				t.Errorf("help lacks %s with its default and meaning", v.name)
			}
			if v.help == "" || strings.Contains(v.help, "|") {
				t.Errorf("%s: the meaning must be set and free of | (a README table cell)", v.name)
			}
		}
	}
	if lines := strings.Count(help, " (default: "); lines != n {
		t.Errorf("help shows %d variables, the configuration declares %d", lines, n)
	}
	for _, line := range strings.Split(help, "\n") {
		if len(line) > 100 {
			t.Errorf("help line longer than 100 characters: %q", line)
		}
	}
}

var update = flag.Bool("update", false, "rewrite the README's configuration tables from the declared configuration")

// Markers around the README's configuration tables, which readmeTables writes.
const (
	readmeBegin = "<!-- Generated from cmd/server/app/variables.go: go test ./cmd/server/app -run TestReadme -update -->\n"
	readmeEnd   = "<!-- End of the generated configuration. -->\n"
)

// readmeTables is the README's configuration section: a table per group.
func readmeTables() string {
	var b strings.Builder
	for i, g := range configuration {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("**" + g.title + "**\n\n| variable | default | meaning |\n|---|---|---|\n")
		for _, v := range g.vars {
			b.WriteString("| `" + v.name + "` | " + v.defaultText() + " | " + v.help + " |\n")
		}
	}
	return b.String()
}

// The README's configuration tables are the declared configuration; -update rewrites them.
func TestReadmeConfiguration(t *testing.T) {
	const path = "../../../README.md"
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := strings.Cut(string(readme), readmeBegin)
	_, after, ok2 := strings.Cut(rest, readmeEnd)
	if !ok || !ok2 {
		t.Fatalf("README.md lacks the markers %q and %q", readmeBegin, readmeEnd)
	}
	want := before + readmeBegin + readmeTables() + readmeEnd + after
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil { //nolint:gosec // G306: the README is public
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(want, string(readme)); diff != "" {
		t.Errorf("README.md's configuration differs from the declared one; run go test ./cmd/server/app -run TestReadme -update (-want +got):\n%s", diff)
	}
}
