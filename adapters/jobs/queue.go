// Package jobs is the River job queue on the application's database: PostgreSQL through pgx, or
// the SQLite file through database/sql. Jobs are inserted in the caller's transaction (see
// persistence.Transactor), worked by the instances that run workers, retried with backoff, and kept
// when they fail for good so that administrators can see them.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/riverqueue/river"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// Config sets up the queue.
type Config struct {
	// DatabaseURL is the postgres:// URL of db; River opens its own pgx pool on it. Unused on SQLite.
	DatabaseURL string
	// Workers is how many jobs this instance works at once; 0 makes a web-only instance that
	// inserts jobs and works none (WORKERS=0).
	Workers int
	// Kinds is the job table: every kind of job this application queues, with its work. A kind
	// that is not in it cannot be queued.
	Kinds []Kind
	// OnDiscarded, when set, is told about a job that failed its last attempt (e.g. to e-mail the
	// administrators). It runs on the worker that gave up.
	OnDiscarded func(ctx context.Context, job application.FailedJob)
	// MaxAttempts is how often a job runs before it is discarded; 0 means River's default (25,
	// about three weeks of backoff).
	MaxAttempts int
	// RetryDelay, when set, replaces River's exponential backoff (tests make it short).
	RetryDelay func(attempt int) time.Duration
	// PollInterval is how often workers look for new jobs when not notified; 0 means River's
	// default (1 s). SQLite has no notifications, so this is its latency.
	PollInterval time.Duration
	// JobTimeout bounds one attempt; 0 means 5 minutes.
	JobTimeout time.Duration
	Log        *slog.Logger
}

// Queue is the River client of this instance. It implements application.JobQueue and
// application.FailedJobs.
type Queue struct {
	db      *persistence.DB
	table   table
	engine  engine
	workers bool
	started bool
	log     *slog.Logger
}

// engine is River on one database: the client is generic over the transaction type.
type engine interface {
	// insert adds jobs in the transaction that ctx carries, or on their own without one.
	insert(ctx context.Context, params []river.InsertManyParams) error
	start(ctx context.Context) error
	stop(ctx context.Context) error
	stopAndCancel(ctx context.Context) error
	close()
}

var (
	_ application.JobQueue   = (*Queue)(nil)
	_ application.FailedJobs = (*Queue)(nil)
)

// New brings River's tables up to date (River's own migrations) and builds the client. Workers
// do not run until Start.
func New(ctx context.Context, db *persistence.DB, cfg Config) (*Queue, error) {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	t, workers, err := newTable(cfg.Kinds)
	if err != nil {
		return nil, err
	}
	rc := riverConfig(cfg, t, workers)
	var e engine
	if db.Postgres() {
		e, err = newPostgres(ctx, cfg.DatabaseURL, rc, cfg.Log)
	} else {
		e, err = newSQLite(ctx, db, rc, cfg.Log)
	}
	if err != nil {
		return nil, err
	}
	return &Queue{db: db, table: t, engine: e, workers: cfg.Workers > 0, log: cfg.Log}, nil
}

// Start runs the workers and, on the elected leader among the instances, the periodic jobs,
// until Stop; cancelling ctx does not stop them (Stop lets running jobs finish). A web-only
// instance (Workers 0) starts nothing.
func (q *Queue) Start(ctx context.Context) error {
	if !q.workers {
		q.log.Info("job workers off on this instance (WORKERS=0); jobs are only queued")
		return nil
	}
	if err := q.engine.start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("start job workers: %w", err)
	}
	q.started = true
	return nil
}

// Stop lets running jobs finish until ctx ends, then cancels the rest, and releases River's
// pool. A cancelled job runs again later, on this or another instance.
func (q *Queue) Stop(ctx context.Context) error {
	defer q.engine.close()
	if !q.started {
		return nil
	}
	q.started = false
	err := q.engine.stop(ctx)
	if err != nil && ctx.Err() != nil {
		q.log.Warn("jobs still running at shutdown; cancelling them", "error", err)
		cancelCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		return q.engine.stopAndCancel(cancelCtx)
	}
	return err
}

// Scheduled names the kinds of job this application queues periodically, whichever instance
// turns out to be the leader.
func (q *Queue) Scheduled() []string {
	var names []string
	for name, k := range q.table {
		if k.periodic() != nil {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// Enqueue inserts jobs in the transaction that ctx carries, so they exist exactly when the change
// that caused them commits.
func (q *Queue) Enqueue(ctx context.Context, jobs ...application.Job) error {
	if len(jobs) == 0 {
		return nil
	}
	params := make([]river.InsertManyParams, 0, len(jobs))
	for _, j := range jobs {
		p, err := q.table.insertParams(j)
		if err != nil {
			return err
		}
		params = append(params, p)
	}
	if err := q.engine.insert(ctx, params); err != nil {
		return fmt.Errorf("queue %s: %w", jobs[0].JobKind(), err)
	}
	return nil
}

// riverConfig is the client configuration both engines share.
func riverConfig(cfg Config, t table, workers *river.Workers) *river.Config {
	rc := &river.Config{
		Workers:                     workers,
		Logger:                      cfg.Log,
		MaxAttempts:                 cfg.MaxAttempts,
		JobTimeout:                  cfg.JobTimeout,
		FetchPollInterval:           cfg.PollInterval,
		DiscardedJobRetentionPeriod: -1, // failed jobs stay until an administrator has seen them
		ErrorHandler:                &errorHandler{onDiscarded: cfg.OnDiscarded, table: t, log: cfg.Log},
	}
	if rc.JobTimeout == 0 {
		rc.JobTimeout = 5 * time.Minute
	}
	// A job whose server died mid-run is still marked running; River's leader gives it to another
	// worker once it has run a fifth longer than any attempt may (River's default waits an hour).
	rc.RescueStuckJobsAfter = rc.JobTimeout + rc.JobTimeout/5
	if cfg.PollInterval > 0 {
		rc.FetchCooldown = min(cfg.PollInterval, 100*time.Millisecond)
	}
	if cfg.RetryDelay != nil {
		rc.RetryPolicy = retryPolicy(cfg.RetryDelay)
	}
	if cfg.Workers > 0 {
		rc.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.Workers}}
		for _, k := range cfg.Kinds {
			if p := k.periodic(); p != nil {
				rc.PeriodicJobs = append(rc.PeriodicJobs, p)
			}
		}
	}
	return rc
}

// errNoTx is returned for an engine that needs a transaction it cannot find in ctx.
var errNoTx = errors.New("the transaction in ctx is not one this queue can join")
