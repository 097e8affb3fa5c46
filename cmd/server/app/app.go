package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"time"

	"github.com/labstack/echo/v5"

	httpapi "github.com/tttverify/tttverify/adapters/http"
	"github.com/tttverify/tttverify/adapters/metrics"
	"github.com/tttverify/tttverify/adapters/password"
	"github.com/tttverify/tttverify/adapters/pdf"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/registry"
	screeninglists "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/adapters/storage/filesystem"
	"github.com/tttverify/tttverify/adapters/storage/s3"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/frontend"
)

// App is the wired application: adapters behind the use cases.
type App struct {
	DB        *persistence.DB
	Blobs     application.BlobStore
	Auth      *application.Auth
	Svc       httpapi.Services
	Messaging *Messaging
	cfg       *Config
	clock     application.Clock
	log       *slog.Logger
	retention *application.FileRetention
	// stopListening ends the wait for other servers' changes (PostgreSQL notifications).
	stopListening func()
	metrics       *metrics.Metrics // nil without METRICS_ADDR
	metricsAddr   string
	stopMetrics   func()
}

// OpenDatabase connects, brings the schema up to date and makes the data directory private.
func OpenDatabase(ctx context.Context, cfg *Config, log *slog.Logger) (*persistence.DB, error) {
	db, err := persistence.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	n, err := persistence.Migrate(ctx, db)
	if err == nil { // after the migrations, so that the SQLite database and its journal exist
		err = secureDataDir(cfg.DataDir)
	}
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	engine := "sqlite (" + filepath.Join(cfg.DataDir, "ttt-verify.db") + ")"
	if db.Postgres() {
		engine = "postgres"
	}
	log.Info("database ready", "engine", engine, "migrations_applied", n)
	return db, nil
}

// openBlobStore selects S3 when S3_ENDPOINT is set, else the data directory.
func openBlobStore(ctx context.Context, cfg *Config, log *slog.Logger) (application.BlobStore, error) {
	if cfg.S3Endpoint != "" {
		store, err := s3.New(ctx, s3.Config{Endpoint: cfg.S3Endpoint, Bucket: cfg.S3Bucket, AccessKey: cfg.S3AccessKey,
			SecretKey: cfg.S3SecretKey, UseSSL: cfg.S3UseSSL, Region: cfg.S3Region})
		if err != nil {
			return nil, fmt.Errorf("open S3 store: %w", err)
		}
		log.Info("object storage ready", "engine", "s3", "endpoint", cfg.S3Endpoint, "bucket", cfg.S3Bucket)
		return store, nil
	}
	dir := filepath.Join(cfg.DataDir, "objects")
	store, err := filesystem.New(dir)
	if err != nil {
		return nil, fmt.Errorf("open file store: %w", err)
	}
	log.Info("object storage ready", "engine", "filesystem", "dir", dir)
	return store, nil
}

// TestHooks are settings only tests make; none is read from the environment, and Wire uses the
// zero value.
type TestHooks struct {
	Clock        application.Clock // nil: the system clock
	PasswordCost int               // 0: bcrypt's default cost
	// Jobs retry quickly and give up early in tests, so that retries and failures show in seconds.
	JobRetryDelay   func(attempt int) time.Duration // nil: River's exponential backoff
	JobMaxAttempts  int                             // 0: River's default, 25
	JobPollInterval time.Duration                   // 0: River's default, 1 s (SQLite's latency)
	// ScreeningFetchRetries replaces the waits between a list's attempts in one scheduled refresh.
	ScreeningFetchRetries []time.Duration // nil: application.DefaultFetchRetries
	RegistryBackoff       time.Duration   // 0: registry.DefaultConfig's wait between attempts
}

// Wire opens the database and object store and builds the use cases on them.
func Wire(ctx context.Context, cfg *Config, log *slog.Logger) (*App, error) {
	return WireWith(ctx, cfg, log, TestHooks{})
}

// WireWith is Wire with the settings of a test.
func WireWith(ctx context.Context, cfg *Config, log *slog.Logger, hooks TestHooks) (*App, error) {
	var clock application.Clock = application.SystemClock{}
	if hooks.Clock != nil {
		clock = hooks.Clock
	}
	signed, err := openSigning(cfg, clock, log)
	if err != nil {
		return nil, err
	}
	db, err := OpenDatabase(ctx, cfg, log)
	if err != nil {
		return nil, err
	}
	blobs, err := openBlobStore(ctx, cfg, log)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	tx := persistence.NewTransactor(db)
	work := &jobWork{metrics: newMetrics(cfg, log)}
	messaging, err := openMessaging(ctx, cfg, hooks, db, log, work)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	publicCache := application.NewPublicCache(cfg.PublicCacheTTL, 100_000)
	verificationRows := persistence.NewVerifications(db)
	verifications := application.ForgettingSaves(verificationRows, publicCache)
	sections := persistence.NewSections(db, clock.Now)
	users := persistence.NewUsers(db)
	notifications := persistence.NewNotifications(db)
	notify := application.NewNotifier(application.NotifierDeps{Emails: messaging.Emails, Jobs: messaging.Jobs,
		Notifications: notifications, Users: users, Staff: users, Sections: sections, Clock: clock})
	documents := persistence.NewDocuments(db)
	audit := persistence.NewAuditLog(db)
	pending := persistence.NewPendingObjects(db)
	screening, err := newScreening(cfg, log, db, application.ScreeningDeps{Tx: tx, Blobs: blobs, Clock: clock,
		Jobs: messaging.Jobs, Notify: notify, Refresh: listRefresh(cfg, hooks)})
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	claims := application.NewReviewClaims(application.ReviewClaimsDeps{Tx: tx, Repo: verifications,
		Store: persistence.NewReviewClaims(db), Audit: audit, Clock: clock, TTL: cfg.ReviewClaimTTL})
	checks := application.NewTopChecks(application.TopChecksDeps{Tx: tx, Repo: verifications, Sections: sections,
		Records: persistence.NewScreeningRecords(db), Lists: persistence.NewScreeningLists(db),
		Jurisdictions: persistence.NewJurisdictionLists(db), Index: screening.Index(), Registries: newRegistries(cfg, hooks),
		RegistryChecks: persistence.NewRegistryChecks(db), CountryOf: screeninglists.CountryCode, Jobs: messaging.Jobs, Audit: audit,
		Notify: notify, Public: publicCache, Clock: clock, Log: log, Claims: claims})
	var signInThrottle application.Throttle = application.Unthrottled{} // AUTH_RATE_LIMIT=0 turns every limit off
	if cfg.AuthRateLimit > 0 {
		signInThrottle = persistence.NewThrottles(db)
	}
	follows := application.NewFollows(application.FollowsDeps{Repo: verifications, Store: persistence.NewFollowers(db),
		Sections: sections, Jobs: messaging.Jobs, Emails: messaging.Emails, Mailer: messaging.Mailer, Clock: clock,
		Throttle: signInThrottle})
	payments, err := newPayments(cfg, db, application.PaymentsDeps{Tx: tx, Repo: verifications, Audit: audit, Clock: clock,
		Log: log, Notify: notify, Checks: checks, Followers: follows})
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	sessions, hasher, accountEvents := persistence.NewSessions(db), password.Bcrypt{Cost: hooks.PasswordCost}, persistence.NewAccountEvents(db)
	commonPasswords := password.NewCommon()
	auth, err := application.NewAuth(application.AuthDeps{Tx: tx, Users: users, Sessions: sessions, Hasher: hasher,
		Clock: clock, Events: accountEvents, Notify: notify, Guards: application.AuthGuards{Common: commonPasswords,
			Throttle: signInThrottle, SignIn: application.Rate{Burst: cfg.AuthRateLimit, Per: application.AccountAttemptsPeriod},
			Applicants: application.SessionPolicy{Idle: cfg.SessionIdleTimeout, Lifetime: cfg.SessionLifetime}}})
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	docs := application.NewDocuments(application.DocumentsDeps{Tx: tx, Repo: verifications, Sections: sections,
		Docs: documents, Audit: audit, Blobs: blobs, Pending: pending, Usage: persistence.NewStorageUsage(db), Clock: clock,
		Log: log, Limits: cfg.Limits})
	if cfg.S3PresignedGets && !docs.CanLinkDownloads() {
		_ = db.Close()
		return nil, errors.New("S3_PRESIGNED_DOWNLOADS=true needs an object store that presigns links: set S3_ENDPOINT")
	}
	sectionsSvc := application.NewSections(application.SectionsDeps{Tx: tx, Repo: verifications, Sections: sections,
		Docs: documents, Audit: audit, Clock: clock, OwnerThreshold: cfg.OwnerThreshold})
	shareLinks, credentialStatuses := persistence.NewShareLinks(db), persistence.NewCredentialStatuses(db)
	certificates := application.NewCertificates(application.CertificatesDeps{Tx: tx, Repo: verifications,
		Sections: sections, Docs: documents, Blobs: blobs, Renderer: pdf.New(), Links: shareLinks,
		Audit: audit, Clock: clock, PublicBaseURL: cfg.PublicBaseURL, ShareTTL: cfg.ShareLinkTTL, Log: log,
		PublicCache: publicCache, Pending: pending, Notify: notify, Checks: checks, Signer: signed.pdfs,
		Credentials: signed.credentials, Statuses: credentialStatuses})
	work.certificates = certificates
	work.screening = screening
	work.checks = checks
	work.expiry = application.NewExpiryReminders(tx, verificationRows, notify, follows, clock)
	work.digest = application.NewReviewDigest(application.ReviewDigestDeps{Tx: tx, Repo: verifications, Notify: notify,
		Clock: clock, Calendar: cfg.Calendar()})
	work.follows = follows
	work.retention = application.NewFileRetention(documents, pending, blobs, clock, cfg.DeletedFileRetention)
	work.jobs = application.NewJobs(tx, messaging.Jobs, notify)
	a := &App{DB: db, Blobs: blobs, Auth: auth, Messaging: messaging, cfg: cfg, clock: clock, log: log, retention: work.retention, Svc: httpapi.Services{
		Screening: screening,
		TopChecks: checks,
		Auth:      auth,
		Verifications: application.NewVerifications(application.VerificationsDeps{Tx: tx, Repo: verifications,
			Sections: sections, Audit: audit, Clock: clock, Notify: notify, Checks: checks, Limits: cfg.Limits}),
		Sections:  sectionsSvc,
		Documents: docs,
		Payments:  payments,
		Admin: application.NewAdmin(application.AdminDeps{Tx: tx, Repo: verifications, Audit: audit, Clock: clock,
			Notify: notify, Checks: checks, Jobs: messaging.Jobs, Links: shareLinks, Followers: follows, Claims: claims,
			Calendar: cfg.Calendar(), FourEyes: cfg.FourEyes, FirstApprovals: persistence.NewFirstApprovals(db),
			Statuses: credentialStatuses}),
		ReviewClaims: claims,
		Charts:       application.NewCharts(application.ChartsDeps{Reader: persistence.NewCharts(db), Clock: clock}),
		Follows:      follows,
		Inbox:        application.NewInbox(notifications, clock),
		Jobs:         work.jobs,
		Review:       application.NewReview(sectionsSvc, docs, certificates, documents),
		Certificates: certificates,
		Proofs: application.NewProofs(application.ProofsDeps{PDFs: signed.inspector, Credentials: signed.credentials,
			Public: certificates}),
		PasswordResets: application.NewPasswordResets(application.PasswordResetDeps{Tx: tx, Users: users,
			Sessions: sessions, Tokens: persistence.NewResetTokens(db), Events: accountEvents,
			Hasher: hasher, Clock: clock, Jobs: messaging.Jobs, Emails: messaging.Emails, Mailer: messaging.Mailer,
			Notify: notify, Common: commonPasswords, Throttle: signInThrottle}),
	}}
	work.resets = a.Svc.PasswordResets
	a.Svc.AuditExport = application.NewAuditExport(application.AuditExportDeps{Tx: tx, Trails: a.Svc.Admin,
		Screening: checks, Archive: persistence.NewAuditArchive(db), Renderer: pdf.New(), Signer: signed.pdfs, Clock: clock})
	a.stopListening = listenForChanges(cfg, db, publicCache, log)
	a.metrics, a.stopMetrics = work.metrics, func() {}
	a.instrument()
	return a, nil
}

// newRegistries is the client of GLEIF and VIES at the configured addresses.
func newRegistries(cfg *Config, hooks TestHooks) *registry.Client {
	c := registry.DefaultConfig
	c.GLEIFURL, c.VIESURL, c.Timeout = cfg.GLEIFAPIURL, cfg.VIESAPIURL, cfg.RegistryTimeout
	if hooks.RegistryBackoff > 0 {
		c.Backoff = hooks.RegistryBackoff
	}
	return registry.New(c)
}

// newScreening wires the list use cases on d: the parsers, the publishers' addresses, the list
// and fetch attempt repositories and the in-memory index.
func newScreening(cfg *Config, log *slog.Logger, db *persistence.DB, d application.ScreeningDeps) (*application.Screening, error) {
	parsers := screeninglists.NewRegistry()
	fetcher, err := screeninglists.NewFetcher(parsers, screeninglists.FetcherConfig{Timeout: cfg.ScreeningFetchTimeout,
		MaxBytes: cfg.ScreeningFetchMaxBytes,
		Getenv:   func(name string) string { return cfg.ScreeningURLs[name] },
		Wikidata: screeninglists.WikidataConfig{UserAgent: screeninglists.WikidataUserAgent(cfg.PublicBaseURL, cfg.OperatorEmail),
			Timeout: cfg.WikidataTimeout, Attempts: cfg.WikidataAttempts, YearsAfterOffice: cfg.PEPYearsAfterOffice,
			Now: d.Clock.Now}})
	if err != nil {
		return nil, err
	}
	d.Lists, d.Parsers, d.Source, d.Attempts, d.Log = persistence.NewScreeningLists(db), parsers, fetcher, persistence.NewFetchAttempts(db), log
	d.Index = application.NewScreeningIndexHolder(d.Lists, screeninglists.BuildIndex, cfg.ScreeningIndexCheck, log)
	return application.NewScreening(d), nil
}

// StartScreeningIndex builds the screening index in the background, so that the server answers
// at once and the first search finds the index ready.
func (a *App) StartScreeningIndex(ctx context.Context) {
	go func() {
		if err := a.Svc.Screening.Index().Rebuild(ctx); err != nil {
			a.log.Error("build screening index", "error", err)
		}
	}()
}

// SweepEvery is how often a server looks for objects that a crash left without their rows.
const SweepEvery = time.Minute

// StartSweeper removes, at once and then every SweepEvery until ctx ends, what writes interrupted
// by a crash left behind (objects without rows, unfinished multipart uploads). Only writes older
// than the transfer timeout and a minute are touched, so no upload still running is.
func (a *App) StartSweeper(ctx context.Context) {
	after := a.cfg.Timeouts.Transfer + time.Minute
	go func() {
		tick := time.NewTicker(SweepEvery)
		defer tick.Stop()
		for {
			if n, err := a.retention.SweepAbandoned(ctx, after); err != nil {
				a.log.Warn("sweep abandoned objects", "error", err)
			} else if n > 0 {
				a.log.Info("removed objects that interrupted writes left behind", "count", n)
			}
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()
}

// Handler builds the HTTP routes.
func (a *App) Handler() *echo.Echo {
	cfg, log := a.cfg, a.log
	return httpapi.New(httpapi.Config{
		SessionSecret:      cfg.SessionSecret,
		SecureCookies:      cfg.secureCookies(),
		PublicBaseURL:      cfg.PublicBaseURL,
		AuthRateLimit:      cfg.AuthRateLimit,
		Throttle:           persistence.NewThrottles(a.DB),
		TrustedProxies:     cfg.TrustedProxies,
		Logger:             log,
		SPA:                frontend.Dist(),
		Readiness:          map[string]httpapi.Checker{"database": a.DB, "storage": a.Blobs},
		Clock:              a.clock,
		Baseline:           cfg.BenchBaseline,
		PresignedDownloads: cfg.S3PresignedGets,
		Observe:            a.metrics.Middleware(),
		OldSessionSecret:   cfg.PreviousSessionSecret,
		TransferTimeout:    cfg.Timeouts.Transfer,
	}, a.Svc)
}

// HTTPServer is the server for Handler with the configured timeouts.
func (a *App) HTTPServer(addr string) *http.Server {
	srv := &http.Server{Addr: addr, Handler: a.Handler()} //nolint:gosec // G112: Apply sets ReadHeaderTimeout with the others
	a.cfg.Timeouts.Apply(srv)
	return srv
}

// Close stops the job workers and releases the database and the object store.
func (a *App) Close() {
	a.stopListening()
	a.stopMetrics()
	a.stopWorkers()
	if c, ok := a.Blobs.(interface{ Close() error }); ok {
		_ = c.Close()
	}
	_ = a.DB.Close()
}
