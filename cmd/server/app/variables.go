package app

import (
	"errors"
	"fmt"
	"math"
	"net"
	netmail "net/mail"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	httpapi "github.com/tttverify/tttverify/adapters/http"
	"github.com/tttverify/tttverify/adapters/registry"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/businessday"
	"github.com/tttverify/tttverify/domain/verification"
)

// configuration declares every environment variable the server reads, by group: its name, its
// default, what it means (serve --help and the README's table print this) and where its value goes.
// Adding a variable is adding one entry here and its field to Config.
var configuration = []group{
	{"Server", []variable{
		{name: "ADDR", def: ":8080", help: "listen address", set: into(asIs, func(c *Config) *string { return &c.Addr })},
		{name: "PUBLIC_BASE_URL", def: "http://localhost:8080", help: "origin used in QR codes, share links, e-mails " +
			"and the Origin check; `https://` turns on Secure cookies and HSTS",
			set: into(origin, func(c *Config) *string { return &c.PublicBaseURL })},
		{name: "TRUSTED_PROXIES", help: "addresses or CIDRs of the load balancers, comma-separated: their " +
			"`X-Forwarded-For` names the client (the nearest address that is not a trusted proxy); from anyone " +
			"else the header is ignored. IPv6 clients are counted by their /64",
			set: into(networks, func(c *Config) *[]*net.IPNet { return &c.TrustedProxies })},
		{name: "HTTP_READ_HEADER_TIMEOUT", def: short(httpapi.DefaultTimeouts.ReadHeader),
			help: "how long a connection may take to send the request's headers",
			set:  into(positive, func(c *Config) *time.Duration { return &c.Timeouts.ReadHeader })},
		{name: "HTTP_READ_TIMEOUT", def: short(httpapi.DefaultTimeouts.Read),
			help: "how long a connection may take to send the whole request",
			set:  into(positive, func(c *Config) *time.Duration { return &c.Timeouts.Read })},
		{name: "HTTP_WRITE_TIMEOUT", def: short(httpapi.DefaultTimeouts.Write),
			help: "how long a connection may take to receive the response",
			set:  into(positive, func(c *Config) *time.Duration { return &c.Timeouts.Write })},
		{name: "HTTP_IDLE_TIMEOUT", def: short(httpapi.DefaultTimeouts.Idle),
			help: "how long a kept-alive connection may sit idle between requests",
			set:  into(positive, func(c *Config) *time.Duration { return &c.Timeouts.Idle })},
		{name: "HTTP_TRANSFER_TIMEOUT", def: short(httpapi.DefaultTimeouts.Transfer),
			help: "replaces the read and write timeouts on uploads and file downloads (30 MB at about 60 KB/s)",
			set:  into(positive, func(c *Config) *time.Duration { return &c.Timeouts.Transfer })},
	}},
	{"Database and files", []variable{
		{name: "DATA_DIR", def: "./data", help: "SQLite file, local objects, e-mail outbox, generated session secret",
			set: into(asIs, func(c *Config) *string { return &c.DataDir })},
		{name: "DATABASE_URL", shown: "SQLite in `DATA_DIR`", help: "`postgres://…` selects PostgreSQL",
			set: into(asIs, func(c *Config) *string { return &c.DatabaseURL })},
		{name: "S3_ENDPOINT", shown: "local files", help: "`host:port` of an S3 API (MinIO, AWS S3); selects S3 storage",
			set: into(asIs, func(c *Config) *string { return &c.S3Endpoint })},
		{name: "S3_BUCKET", def: "ttt-verify", help: "bucket, created at start when missing and allowed",
			set: into(asIs, func(c *Config) *string { return &c.S3Bucket })},
		{name: "S3_ACCESS_KEY", help: "access key of the S3 API", set: into(asIs, func(c *Config) *string { return &c.S3AccessKey })},
		{name: "S3_SECRET_KEY", help: "secret key of the S3 API", set: into(asIs, func(c *Config) *string { return &c.S3SecretKey })},
		{name: "S3_USE_SSL", def: "false", help: "HTTPS to the S3 endpoint",
			set: into(boolean, func(c *Config) *bool { return &c.S3UseSSL })},
		{name: "S3_REGION", def: "us-east-1", help: "bucket region", set: into(asIs, func(c *Config) *string { return &c.S3Region })},
		{name: "S3_PRESIGNED_DOWNLOADS", def: "false", help: "answer downloads with a short-lived presigned URL " +
			"instead of streaming (needs `S3_ENDPOINT`)",
			set: into(boolean, func(c *Config) *bool { return &c.S3PresignedGets })},
	}},
	{"Accounts and sessions", []variable{
		{name: "SESSION_SECRET", shown: "generated once into `DATA_DIR/session.secret`", help: "signs session " +
			"cookies (at least 32 characters); set the same value on every server",
			set: into(secret, func(c *Config) *[]byte { return &c.SessionSecret })},
		{name: "SESSION_SECRET_PREVIOUS", help: "the secret before a rotation (at least 32 characters): cookies it " +
			"signed are still accepted and re-signed with `SESSION_SECRET` when used (see docs/operations.md)",
			set: into(secret, func(c *Config) *[]byte { return &c.PreviousSessionSecret })},
		{name: "ADMIN_EMAIL", help: "create this administrator at start, with `ADMIN_PASSWORD` (its password is set " +
			"again only when it differs, which ends the account's sessions)",
			set: into(asIs, func(c *Config) *string { return &c.AdminEmail })},
		{name: "ADMIN_PASSWORD", help: "password of `ADMIN_EMAIL`, at least 12 characters",
			set: into(asIs, func(c *Config) *string { return &c.AdminPassword })},
		{name: "ADMIN_PROMOTE", def: "false", help: "let `ADMIN_EMAIL` name an existing non-administrator account " +
			"and promote it (its sessions end)", set: into(boolean, func(c *Config) *bool { return &c.AdminPromote })},
		{name: "AUTH_RATE_LIMIT", def: "10", help: "sign-in, registration and password-reset attempts per minute " +
			"per client address; also sign-in and password-change attempts per account per 15 minutes and coupon " +
			"codes tried per user per hour. Counted in the database, so several servers count together; `0` turns " +
			"every limit off", set: into(atLeast(0), func(c *Config) *int { return &c.AuthRateLimit })},
		{name: "SESSION_IDLE_TIMEOUT", def: short(application.DefaultApplicantSessions.Idle), help: "an applicant's " +
			"session ends after this long without a request (administrators: 30 minutes)",
			set: into(positive, func(c *Config) *time.Duration { return &c.SessionIdleTimeout })},
		{name: "SESSION_LIFETIME", def: short(application.DefaultApplicantSessions.Lifetime), help: "an applicant's " +
			"session ends this long after sign-in however active it is, at least `SESSION_IDLE_TIMEOUT` " +
			"(administrators: 12 hours)", set: into(positive, func(c *Config) *time.Duration { return &c.SessionLifetime })},
	}},
	{"Limits and retention", []variable{
		{name: "MAX_OPEN_VERIFICATIONS", def: strconv.Itoa(application.DefaultLimits.OpenVerifications),
			help: "drafts (not yet submitted) one user may have at once",
			set:  into(atLeast(1), func(c *Config) *int { return &c.Limits.OpenVerifications })},
		{name: "MAX_FILES_PER_VERIFICATION", def: strconv.Itoa(application.DefaultLimits.FilesPerVerification),
			help: "files (documents, passports, bank letters) on one verification",
			set:  into(atLeast(1), func(c *Config) *int { return &c.Limits.FilesPerVerification })},
		{name: "MAX_STORAGE_PER_ACCOUNT", def: "2GiB", help: "bytes of files one account may hold, such as `2GiB`, " +
			"`500MB` or `1073741824`; deleted files count until `DELETED_FILE_RETENTION` has them removed, and an " +
			"upload in progress holds room for the largest file (30 MiB) until it ends",
			set: into(positiveBytes, func(c *Config) *int64 { return &c.Limits.StoragePerAccount })},
		{name: "MAX_CONCURRENT_UPLOADS", def: strconv.Itoa(application.DefaultLimits.UploadsPerUser),
			help: "uploads one user may have in progress at once; more are refused (429) until one ends",
			set:  into(atLeast(1), func(c *Config) *int { return &c.Limits.UploadsPerUser })},
		{name: "SHARE_LINK_TTL", def: short(DefaultShareLinkTTL),
			help: "how long a shared CIS link works (its owner can withdraw it sooner)",
			set:  into(positive, func(c *Config) *time.Duration { return &c.ShareLinkTTL })},
		{name: "PUBLIC_CACHE_TTL", def: "60s", help: "how long a server keeps a public certificate in memory; a " +
			"change clears it at once on the server that made it and, on PostgreSQL, on every other server within " +
			"a second (`LISTEN/NOTIFY`); `0` turns the cache off",
			set: into(notNegative, func(c *Config) *time.Duration { return &c.PublicCacheTTL })},
		{name: "REVIEW_CLAIM_TTL", def: short(application.DefaultReviewClaimTTL), help: "a reviewer's claim on a " +
			"verification (\"Start review\") lapses after this long without their activity; `0` keeps claims until " +
			"released or taken over", set: into(notNegative, func(c *Config) *time.Duration { return &c.ReviewClaimTTL })},
		{name: "FOUR_EYES", def: verification.FourEyesOff.String(), help: "which approvals need a second " +
			"administrator: `top` (Top verifications; recommended), `all` or `off` (one approval issues the certificate). " +
			"A first approval issues nothing and the applicant sees no change until another administrator confirms it; " +
			"they may send it back to the queue with a note instead", set: into(verification.ParseFourEyes, func(c *Config) *verification.FourEyes { return &c.FourEyes })},
		{name: "DELETED_FILE_RETENTION", def: short(application.DefaultDeletedFileRetention), help: "how long the " +
			"object of a deleted document is kept before the daily job removes it (the row stays, marked deleted)",
			set: into(positive, func(c *Config) *time.Duration { return &c.DeletedFileRetention })},
		{name: "BUSINESS_DAYS", def: businessday.Weekdays, help: "the weekdays a review's wait is counted on, " +
			"comma-separated (`mon` … `sun`): the queue shows each verification's business days in review, more than " +
			"2 is overdue",
			set: into(weekdays, func(c *Config) *string { return &c.BusinessDays })},
		{name: "HOLIDAYS_FILE", shown: "none", help: "a file of days that are not business days, one ISO date " +
			"(`2026-12-25`) per line, `#` starts a comment; read at start",
			set: into(holidayFile, func(c *Config) *[]time.Time { return &c.Holidays })},
		{name: "UBO_THRESHOLD", def: strconv.Itoa(verification.DefaultOwnerThreshold), help: "ownership percentage " +
			"(1-100) that makes a beneficial owner of a Top verification; the applicants' declaration that nobody " +
			"reaches it states it", set: into(percent, func(c *Config) *int { return &c.OwnerThreshold })},
	}},
	{"Payments", []variable{
		{name: "STRIPE_SECRET_KEY", shown: "simulated provider", help: "Stripe's secret key; without it the " +
			"simulated test-mode card provider is used", set: into(asIs, func(c *Config) *string { return &c.StripeSecretKey })},
		{name: "STRIPE_PUBLISHABLE_KEY", help: "Stripe's publishable key, which the browser loads Stripe with; " +
			"needed with `STRIPE_SECRET_KEY`", set: into(asIs, func(c *Config) *string { return &c.StripePublishableKey })},
		{name: "STRIPE_WEBHOOK_SECRET", help: "signing secret of Stripe's webhooks; without it webhooks are " +
			"refused and a payment completes only when the browser returns",
			set: into(asIs, func(c *Config) *string { return &c.StripeWebhookSecret })},
		{name: "STRIPE_API_BASE", shown: "Stripe's", help: "another Stripe API endpoint (stripe-mock in tests)",
			set: into(asIs, func(c *Config) *string { return &c.StripeAPIBase })},
		{name: "PAYMENTS", shown: "`stripe` when `STRIPE_SECRET_KEY` is set, else `simulated`", help: "card provider: " +
			"`stripe` or `simulated`; with an `https://` `PUBLIC_BASE_URL` and no Stripe keys the server refuses to " +
			"start unless `PAYMENTS=simulated` is set explicitly",
			set: into(asIs, func(c *Config) *string { return &c.Payments })},
	}},
	{"Background jobs and e-mail", []variable{
		{name: "WORKERS", def: "4", help: "background jobs (e-mails, CIS generation, the daily expiry scan) this " +
			"instance works at once; `0` makes a web-only instance that only queues jobs for the others",
			set: into(atLeast(0), func(c *Config) *int { return &c.Workers })},
		{name: "JOB_TIMEOUT", def: "5m", help: "how long one attempt of a background job may run; a job left " +
			"running by a server that died runs again elsewhere after 1.2 times this",
			set: into(positive, func(c *Config) *time.Duration { return &c.JobTimeout })},
		{name: "SMTP_URL", shown: "outbox", help: "`smtp://user:pass@host:port` sends through that server, with " +
			"STARTTLS when it offers it; `smtps://user:pass@host:port` uses TLS from the start. Unset: each e-mail " +
			"is written as an `.eml` file under `DATA_DIR/outbox` and logged",
			set: into(smtpURL, func(c *Config) *string { return &c.SMTPURL })},
		{name: "SMTP_FROM", shown: "`TTT Verify <no-reply@HOST>` (`HOST` from `PUBLIC_BASE_URL`)",
			help: "sender of every e-mail", set: into(mailbox, func(c *Config) *string { return &c.SMTPFrom })},
	}},
	{"Sanctions and PEP lists", []variable{
		{name: "SCREENING_URL_<SOURCE>", shown: "the publisher's address", help: "where `screening " +
			"fetch` downloads a list, e.g. `SCREENING_URL_OFAC_SDN`, `SCREENING_URL_UN`, `SCREENING_URL_EU`, " +
			"`SCREENING_URL_UK`, `SCREENING_URL_US_CSL`, `SCREENING_URL_FTM`, `SCREENING_URL_PEP_CSV`; for OFAC a " +
			"base address the file names are appended to; `SCREENING_URL_PEP_WIKIDATA` is the SPARQL service " +
			"`pep_wikidata` asks (Wikidata's, `https://query.wikidata.org/sparql`)",
			set: func(c *Config, name, value string) error { c.ScreeningURLs[name] = value; return nil }},
		{name: "SCREENING_FETCH_TIMEOUT", def: "5m", help: "how long one list file may take to download",
			set: into(positive, func(c *Config) *time.Duration { return &c.ScreeningFetchTimeout })},
		// The largest official file (the EU's XML) is tens of MB.
		{name: "SCREENING_FETCH_MAX_BYTES", def: "268435456", shown: "`268435456` (256 MiB)", help: "largest " +
			"list file `screening fetch` and `screening import` accept",
			set: into(positiveBytes, func(c *Config) *int64 { return &c.ScreeningFetchMaxBytes })},
		{name: "PEP_YEARS_AFTER_OFFICE", def: "5", help: "how many years after leaving a position a person stays " +
			"politically exposed: `pep_wikidata` asks for the people who hold a position or left it this many years ago " +
			"or less; `0` asks for current holders only",
			set: into(atLeast(0), func(c *Config) *int { return &c.PEPYearsAfterOffice })},
		// The service stops a query after 60 s; the rest is the answer's transfer.
		{name: "SCREENING_WIKIDATA_TIMEOUT", def: "90s", help: "how long one query of `pep_wikidata` to Wikidata's " +
			"SPARQL service may take, answer included",
			set: into(positive, func(c *Config) *time.Duration { return &c.WikidataTimeout })},
		{name: "SCREENING_WIKIDATA_ATTEMPTS", def: "4", help: "how often one query of `pep_wikidata` is tried when the " +
			"service refuses it for now (429 or 503, honouring `Retry-After`; other 5xx; no answer in time), " +
			"waiting 5 s, then twice as long each time",
			set: into(atLeast(1), func(c *Config) *int { return &c.WikidataAttempts })},
		{name: "OPERATOR_EMAIL", def: "support@tttverify.com", help: "the operator's contact address, named in the " +
			"`User-Agent` of the queries to Wikidata (with `PUBLIC_BASE_URL`), as Wikimedia's User-Agent policy asks; " +
			"set it to an address that reads mail",
			set: into(emailAddress, func(c *Config) *string { return &c.OperatorEmail })},
		{name: "SCREENING_INDEX_CHECK", def: "30s", help: "how often a server looks for list imports made by " +
			"another process (the `screening` subcommand, another server) and rebuilds its in-memory index; `0` " +
			"checks before every search", set: into(notNegative, func(c *Config) *time.Duration { return &c.ScreeningIndexCheck })},
		{name: "SCREENING_FETCH_INTERVAL", def: "24h", help: "how often a scheduled job (once across servers) runs " +
			"`screening fetch` of every list with an address that was imported or fetched before; a failed fetch " +
			"keeps the version in force and is tried again. `0` turns the schedule off",
			set: into(notNegative, func(c *Config) *time.Duration { return &c.ScreeningFetchInterval })},
		{name: "SCREENING_STALE_AFTER", def: "72h", help: "age, since its last successful fetch or import, at " +
			"which a list counts as out of date: the admin screening page marks it and the scheduled refresh tells " +
			"the administrators (bell and e-mail), once until it succeeds again",
			set: into(positive, func(c *Config) *time.Duration { return &c.ScreeningStaleAfter })},
	}},
	{"Registry lookups", []variable{
		{name: "GLEIF_API_URL", def: registry.DefaultGLEIFURL, help: "GLEIF's API, where a Top verification's LEI is " +
			"looked up (`lei-records/{lei}`)", set: into(origin, func(c *Config) *string { return &c.GLEIFAPIURL })},
		{name: "VIES_API_URL", def: registry.DefaultVIESURL, help: "the EU's VIES REST API, where a Top verification's " +
			"VAT number is checked (`check-vat-number`)", set: into(origin, func(c *Config) *string { return &c.VIESAPIURL })},
		{name: "REGISTRY_TIMEOUT", def: short(registry.DefaultConfig.Timeout), help: "how long one request to GLEIF " +
			"or VIES may take; each is tried three times before the check is recorded as unavailable",
			set: into(positive, func(c *Config) *time.Duration { return &c.RegistryTimeout })},
	}},
	{"Document signing", []variable{
		{name: "SIGNING_KEY_FILE", shown: "generated once into `DATA_DIR/signing.key`", help: "PEM private key " +
			"(ECDSA P-256 or P-384, or RSA) that signs every certificate, CIS and verifiable credential, with " +
			"`SIGNING_CERT_FILE`. Unset (and no `SIGNING_P12_FILE`): a test key and a self-signed certificate are " +
			"generated once, and documents say they carry a test signature",
			set: into(asIs, func(c *Config) *string { return &c.Signing.KeyFile })},
		{name: "SIGNING_CERT_FILE", help: "PEM certificate of `SIGNING_KEY_FILE`, its issuers' certificates after it",
			set: into(asIs, func(c *Config) *string { return &c.Signing.CertFile })},
		{name: "SIGNING_P12_FILE", help: "PKCS#12 file with the key, its certificate and chain, instead of the two PEM " +
			"files", set: into(asIs, func(c *Config) *string { return &c.Signing.P12File })},
		{name: "SIGNING_P12_PASSWORD", help: "password of `SIGNING_P12_FILE`",
			set: into(asIs, func(c *Config) *string { return &c.Signing.P12Password })},
		{name: "SIGNING_PREVIOUS_CERT_FILES", help: "comma-separated PEM certificates of keys used before a " +
			"rotation: `/.well-known/did.json` keeps listing them, so credentials and PDFs they signed still " +
			"verify (see docs/operations.md)", set: into(fileList, func(c *Config) *[]string { return &c.Signing.PreviousCertFiles })},
		{name: "OPERATOR_NAME", def: "TTT Verify", help: "the operator's name: the issuer of verifiable " +
			"credentials and the name on the generated test certificate",
			set: into(asIs, func(c *Config) *string { return &c.Signing.Operator })},
		{name: "TSA_URL", shown: "none", help: "RFC 3161 timestamp authority asked to timestamp every PDF signature; " +
			"while it cannot be reached no PDF is issued (503)", set: into(httpURL, func(c *Config) *string { return &c.TSAURL })},
		{name: "TSA_TIMEOUT", def: "10s", help: "how long one request to `TSA_URL` may take (three attempts)",
			set: into(positive, func(c *Config) *time.Duration { return &c.TSATimeout })},
	}},
	{"Operations", []variable{
		{name: "METRICS_ADDR", shown: "off", help: "serve Prometheus metrics at `http://METRICS_ADDR/metrics` " +
			"(bind it to a private address)", set: into(asIs, func(c *Config) *string { return &c.MetricsAddr })},
		{name: "PPROF_ADDR", shown: "off", help: "serve Go's profiler (`/debug/pprof/`: goroutines, heap) on this " +
			"address, for soak runs and incidents; keep it on loopback",
			set: into(asIs, func(c *Config) *string { return &c.PprofAddr })},
		{name: "BENCH_BASELINE", def: "false", help: "serve `GET /bench/baseline`, a bare handler the benchmark " +
			"compares against", set: into(boolean, func(c *Config) *bool { return &c.BenchBaseline })},
	}},
}

// group is a heading of serve --help and of the README's configuration table.
type group struct {
	title string
	vars  []variable
}

// variable is one environment variable, or a family of them when its name ends in <PART>.
type variable struct {
	name  string
	def   string // the value used when the variable is unset or empty
	shown string // the default as documented, where def alone does not say it (derived, a behaviour)
	help  string // what it means, in Markdown (code spans only)
	// set parses value into c; its error says what the value must be. name is the variable's full
	// name, which tells the members of a family apart.
	set func(c *Config, name, value string) error
}

// load reads v from values into c.
func (v variable) load(c *Config, values map[string]string) error {
	if prefix, _, family := strings.Cut(v.name, "<"); family {
		for name, value := range values {
			if strings.HasPrefix(name, prefix) && value != "" {
				if err := v.set(c, name, value); err != nil {
					return fmt.Errorf("%s %w", name, err)
				}
			}
		}
		return nil
	}
	value := values[v.name]
	if value == "" {
		value = v.def
	}
	if err := v.set(c, v.name, value); err != nil {
		return fmt.Errorf("%s %w", v.name, err)
	}
	return nil
}

// into stores what parse makes of a value in the field of Config that field points to.
func into[T any](parse func(string) (T, error), field func(*Config) *T) func(*Config, string, string) error {
	return func(c *Config, _, value string) error {
		v, err := parse(value)
		if err == nil {
			*field(c) = v
		}
		return err
	}
}

func asIs(s string) (string, error) { return s, nil }

func boolean(s string) (bool, error) {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, errors.New("must be true or false")
	}
	return b, nil
}

// atLeast parses a whole number no smaller than lowest.
// percent reads a whole percentage from 1 to 100.
func percent(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 100 {
		return 0, errors.New("must be a whole percentage from 1 to 100")
	}
	return n, nil
}

func atLeast(lowest int) func(string) (int, error) {
	return func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < lowest {
			return 0, fmt.Errorf("must be a whole number >= %d", lowest)
		}
		return n, nil
	}
}

// byteUnits are the units a size may carry: decimal (kB, MB, GB, TB) and binary (KiB, MiB, GiB,
// TiB), in any case.
var byteUnits = map[string]int64{"": 1, "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
	"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40}

// positiveBytes reads a size: a whole number of bytes, or of a unit (500MB, 2GiB, 1.5 GiB).
func positiveBytes(s string) (int64, error) {
	bad := errors.New("must be a positive size such as 2GiB, 500MB or 1073741824 (bytes)")
	number := strings.TrimRight(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ")
	unit, ok := byteUnits[strings.ToLower(strings.TrimSpace(s[len(number):]))]
	if !ok {
		return 0, bad
	}
	if unit == 1 {
		n, err := strconv.ParseInt(number, 10, 64)
		if err != nil || n <= 0 {
			return 0, bad
		}
		return n, nil
	}
	f, err := strconv.ParseFloat(number, 64)
	if err != nil || f*float64(unit) < 1 || f*float64(unit) > math.MaxInt64/2 {
		return 0, bad
	}
	return int64(f * float64(unit)), nil
}

func positive(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, errors.New("must be a positive duration such as 90s, 5m or 72h")
	}
	return d, nil
}

func notNegative(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, errors.New("must be a duration such as 30s, or 0")
	}
	return d, nil
}

// origin is an http(s) origin without a trailing slash.
func origin(s string) (string, error) {
	s = strings.TrimRight(s, "/")
	if u, err := url.Parse(s); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("must be an http(s) origin such as https://verify.example.com, not %q", s)
	}
	return s, nil
}

// secret is a key of at least 32 characters, or nothing. The value is never repeated in an error.
func secret(s string) ([]byte, error) {
	if s == "" {
		return nil, nil
	}
	if len(s) < 32 {
		return nil, errors.New("must be at least 32 characters")
	}
	return []byte(s), nil
}

// smtpURL is an smtp:// or smtps:// address, or nothing. It may hold a password: never repeated.
func smtpURL(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	if u, err := url.Parse(s); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return "", errors.New("must look like smtp://user:pass@host:port or smtps://user:pass@host:port")
	}
	return s, nil
}

// mailbox is an e-mail address, possibly with a display name, or nothing (the default is derived).
func mailbox(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	if _, err := netmail.ParseAddress(s); err != nil {
		return "", fmt.Errorf("must be an e-mail address such as \"TTT Verify <no-reply@example.com>\": %w", err)
	}
	return s, nil
}

// emailAddress is a bare e-mail address.
func emailAddress(s string) (string, error) {
	a, err := netmail.ParseAddress(s)
	if err != nil || a.Name != "" {
		return "", fmt.Errorf("must be an e-mail address such as ops@example.com, not %q", s)
	}
	return a.Address, nil
}

// fileList reads a comma-separated list of file names.
func fileList(list string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(list, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out, nil
}

// weekdays is a business week such as mon,tue,wed,thu,fri.
func weekdays(s string) (string, error) {
	if _, err := businessday.New(s, nil); err != nil {
		return "", fmt.Errorf("must be weekdays such as %s: %w", businessday.Weekdays, err)
	}
	return s, nil
}

// holidayFile reads the holidays in the file at path, or none.
func holidayFile(path string) ([]time.Time, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path) //nolint:gosec // G304: the operator's own setting (HOLIDAYS_FILE)
	if err != nil {
		return nil, fmt.Errorf("must be a readable file of dates: %w", err)
	}
	defer f.Close()
	days, err := businessday.ParseHolidays(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return days, nil
}

// httpURL is an http(s) address, or nothing.
func httpURL(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	if u, err := url.Parse(s); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("must be an http(s) address, not %q", s)
	}
	return s, nil
}

// networks reads a comma- or space-separated list of CIDRs; a bare address stands for itself alone.
func networks(list string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, item := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
		n, err := network(item)
		if err != nil {
			return nil, fmt.Errorf("must list addresses or CIDRs such as 10.0.0.0/8; %q is neither", item)
		}
		out = append(out, n)
	}
	return out, nil
}

func network(item string) (*net.IPNet, error) {
	if strings.Contains(item, "/") {
		_, n, err := net.ParseCIDR(item)
		return n, err
	}
	ip := net.ParseIP(item)
	if ip == nil {
		return nil, errors.New("not an address")
	}
	bits := 128
	if ip.To4() != nil {
		ip, bits = ip.To4(), 32
	}
	return &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)}, nil
}

// short writes a whole number of hours or minutes without the zero units: 72h, not 72h0m0s.
func short(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
