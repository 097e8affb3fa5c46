package app

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/tttverify/tttverify/adapters/jobs"
	"github.com/tttverify/tttverify/adapters/mail"
	"github.com/tttverify/tttverify/adapters/metrics"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// Messaging is the job queue and the e-mail it sends.
type Messaging struct {
	Jobs   *jobs.Queue
	Mailer application.Mailer // each e-mail counted in the metrics
	Emails *mail.Templates
}

// countedMailer sends through the mailer and counts each e-mail in the metrics.
type countedMailer struct {
	mailer  *mail.Mailer
	metrics *metrics.Metrics
}

func (m countedMailer) Send(ctx context.Context, msg application.Message) error {
	err := m.mailer.Send(ctx, msg)
	if !errors.Is(err, mail.ErrBeingSent) { // another worker's attempt, counted there
		m.metrics.Email(err)
	}
	return err
}

// jobWork is the application's work behind each kind of job. The queue is built before the use
// cases (they queue jobs), so the job table's handlers look the use cases up here when a job runs.
type jobWork struct {
	certificates *application.Certificates
	resets       *application.PasswordResets
	expiry       *application.ExpiryReminders
	digest       *application.ReviewDigest
	follows      *application.Follows
	retention    *application.FileRetention
	jobs         *application.Jobs
	checks       *application.TopChecks
	screening    *application.Screening
	metrics      *metrics.Metrics
}

// kinds is the job table: one entry for every job type in application/port_jobs.go, with the
// work it does and, for a periodic kind, its schedule (UTC).
func (w *jobWork) kinds(mailer application.Mailer, refresh application.ListRefresh) []jobs.Kind {
	return []jobs.Kind{
		jobs.Email(func(ctx context.Context, m application.Message) error { return mailer.Send(ctx, m) }),
		jobs.Work[application.PasswordResetRequested]{Handle: func(ctx context.Context, j application.PasswordResetRequested) error {
			return w.resets.SendResetLink(ctx, j.Email)
		}},
		jobs.Work[application.FollowRequested]{Handle: func(ctx context.Context, j application.FollowRequested) error {
			return w.follows.SendConfirmation(ctx, j.VerificationID, j.Email)
		}},
		jobs.Work[application.CertificateChanged]{Handle: func(ctx context.Context, j application.CertificateChanged) error {
			return w.follows.SendUpdates(ctx, j)
		}},
		jobs.Work[application.GenerateCIS]{Handle: func(ctx context.Context, j application.GenerateCIS) error {
			return w.certificates.GenerateCISOnApproval(ctx, j.VerificationID)
		}},
		// The daily scan also applies the retention rule to deleted documents' objects.
		jobs.Work[application.ExpiryScan]{Schedule: jobs.Daily(3), Handle: func(ctx context.Context, _ application.ExpiryScan) error {
			_, scanErr := w.expiry.Scan(ctx)
			_, purgeErr := w.retention.Purge(ctx)
			return errors.Join(scanErr, purgeErr)
		}},
		// Early morning in Europe, before the reviewers' day.
		jobs.Work[application.SendOverdueDigest]{Schedule: jobs.Daily(6), Handle: func(ctx context.Context, _ application.SendOverdueDigest) error {
			_, err := w.digest.Send(ctx)
			return err
		}},
		jobs.Work[application.ScreenVerification]{Handle: func(ctx context.Context, j application.ScreenVerification) error {
			return w.checks.Run(ctx, j.RunID)
		}},
		jobs.Work[application.RescreenTop]{Handle: func(ctx context.Context, _ application.RescreenTop) error {
			_, err := w.checks.Rescreen(ctx, screening.TriggerListUpdate)
			return err
		}},
		// After the expiry scan.
		jobs.Work[application.DailyRescreen]{Schedule: jobs.Daily(4), Handle: func(ctx context.Context, _ application.DailyRescreen) error {
			_, err := w.checks.Rescreen(ctx, screening.TriggerDaily)
			return err
		}},
		// Hourly (SCREENING_FETCH_INTERVAL=0: never); each run fetches the lists that are due.
		jobs.Work[application.ScreeningRefresh]{Schedule: jobs.Aligned(refresh.Tick()),
			Handle: func(ctx context.Context, _ application.ScreeningRefresh) error { return w.screening.RefreshLists(ctx) }},
	}
}

// openMessaging builds the mailer (SMTP or the outbox), the e-mail templates and the job queue
// (River, migrated). Workers start with StartWorkers.
func openMessaging(ctx context.Context, cfg *Config, hooks TestHooks, db *persistence.DB, log *slog.Logger, work *jobWork) (*Messaging, error) {
	smtp, err := mail.New(mail.Config{URL: cfg.SMTPURL, From: cfg.SMTPFrom, OutboxDir: filepath.Join(cfg.DataDir, "outbox"),
		AttemptTimeout: cfg.JobTimeout, Log: log}, db.DB)
	if err != nil {
		return nil, err
	}
	mailer := countedMailer{mailer: smtp, metrics: work.metrics}
	emails, err := mail.NewTemplates(cfg.PublicBaseURL)
	if err != nil {
		return nil, err
	}
	queue, err := jobs.New(ctx, db, jobs.Config{
		DatabaseURL:  cfg.DatabaseURL,
		Workers:      cfg.Workers,
		RetryDelay:   hooks.JobRetryDelay,
		MaxAttempts:  hooks.JobMaxAttempts,
		PollInterval: hooks.JobPollInterval,
		JobTimeout:   cfg.JobTimeout,
		Log:          log,
		Kinds:        work.kinds(mailer, listRefresh(cfg, hooks)),
		OnDiscarded: func(ctx context.Context, j application.FailedJob) {
			log.ErrorContext(ctx, "job failed permanently", "job_id", j.ID, "kind", j.Kind, "attempts", j.Attempts,
				"error", j.LastError)
			if err := work.jobs.Discarded(ctx, j); err != nil {
				log.ErrorContext(ctx, "tell administrators about a failed job", "job_id", j.ID, "error", err)
			}
		},
	})
	if err != nil {
		return nil, err
	}
	log.Info("messaging ready", "mail", smtp.String(), "workers", cfg.Workers, "scheduled", queue.Scheduled())
	return &Messaging{Jobs: queue, Mailer: mailer, Emails: emails}, nil
}

// listRefresh is the list refresh's schedule from the configuration; tests shorten the retries.
func listRefresh(cfg *Config, hooks TestHooks) application.ListRefresh {
	r := application.ListRefresh{Interval: cfg.ScreeningFetchInterval, StaleAfter: cfg.ScreeningStaleAfter,
		Retries: application.DefaultFetchRetries}
	if hooks.ScreeningFetchRetries != nil {
		r.Retries = hooks.ScreeningFetchRetries
	}
	return r
}

// StartWorkers runs this instance's job workers (none with WORKERS=0) until Close.
func (a *App) StartWorkers(ctx context.Context) error { return a.Messaging.Jobs.Start(ctx) }

// stopWorkers lets running jobs finish for a few seconds, then cancels them; they run again later.
func (a *App) stopWorkers() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.Messaging.Jobs.Stop(ctx); err != nil {
		a.log.Warn("stop job workers", "error", err)
	}
}
