package jobs_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/jobs"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/application"
)

// forEachEngine runs fn on a fresh migrated database of every engine.
func forEachEngine(t *testing.T, fn func(t *testing.T, db *persistence.DB, url string)) {
	for _, engine := range dbtest.Engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			db, url := dbtest.Open(t, engine)
			fn(t, db, url)
		})
	}
}

// newQueue builds and starts a queue whose retries come quickly; it stops when the test ends.
func newQueue(t *testing.T, db *persistence.DB, url string, cfg jobs.Config) *jobs.Queue {
	t.Helper()
	cfg.DatabaseURL = url
	cfg.PollInterval = 50 * time.Millisecond
	if cfg.RetryDelay == nil {
		cfg.RetryDelay = func(int) time.Duration { return 50 * time.Millisecond }
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	q, err := jobs.New(context.Background(), db, cfg)
	if err != nil {
		t.Fatalf("new queue: %v", err)
	}
	if err := q.Start(context.Background()); err != nil {
		t.Fatalf("start queue: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := q.Stop(ctx); err != nil {
			t.Errorf("stop queue: %v", err)
		}
	})
	return q
}

// cisOnly is a job table of one kind, GenerateCIS, worked by handle.
func cisOnly(handle func(context.Context, application.GenerateCIS) error) []jobs.Kind {
	return []jobs.Kind{jobs.Work[application.GenerateCIS]{Handle: handle}}
}

// recorder collects the jobs a handler was given.
type recorder[J any] struct {
	mu   sync.Mutex
	got  []J
	seen chan struct{}
}

func newRecorder[J any]() *recorder[J] { return &recorder[J]{seen: make(chan struct{}, 100)} }

func (r *recorder[J]) handle(_ context.Context, j J) error {
	r.mu.Lock()
	r.got = append(r.got, j)
	r.mu.Unlock()
	r.seen <- struct{}{}
	return nil
}

func (r *recorder[J]) jobs() []J {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]J(nil), r.got...)
}

func waitFor(t *testing.T, what string, ch <-chan struct{}) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(20 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}

func countJobs(t *testing.T, db *persistence.DB, kind string) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), "SELECT count(*) FROM river_job WHERE kind = ?", kind).Scan(&n); err != nil {
		t.Fatalf("count jobs: %v", err)
	}
	return n
}

func TestJobsJoinTheCallersTransaction(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *persistence.DB, url string) {
		cis := newRecorder[application.GenerateCIS]()
		q := newQueue(t, db, url, jobs.Config{Workers: 2, Kinds: cisOnly(cis.handle)})
		tx := persistence.NewTransactor(db)
		ctx := context.Background()

		errRollback := errors.New("the change fails after queueing its job")
		err := tx.WithinTx(ctx, func(ctx context.Context) error {
			if err := q.Enqueue(ctx, application.GenerateCIS{VerificationID: 1}); err != nil {
				return err
			}
			if n := countJobs(t, db, "generate_cis"); n != 0 {
				t.Errorf("%d jobs visible outside the open transaction, want 0", n)
			}
			return errRollback
		})
		if !errors.Is(err, errRollback) {
			t.Fatalf("WithinTx = %v, want the rollback error", err)
		}
		if n := countJobs(t, db, "generate_cis"); n != 0 {
			t.Fatalf("%d jobs after rollback, want 0", n)
		}

		if err := tx.WithinTx(ctx, func(ctx context.Context) error {
			return q.Enqueue(ctx, application.GenerateCIS{VerificationID: 2})
		}); err != nil {
			t.Fatalf("commit: %v", err)
		}
		waitFor(t, "the committed job", cis.seen)
		time.Sleep(300 * time.Millisecond) // a job of the rolled-back transaction would arrive too
		if got := cis.jobs(); len(got) != 1 || got[0].VerificationID != 2 {
			t.Fatalf("worked %+v, want only verification 2", got)
		}
	})
}

func TestJobsOutsideTransactionAndMany(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *persistence.DB, url string) {
		cis, sent := newRecorder[application.GenerateCIS](), newRecorder[application.Message]()
		kinds := append(cisOnly(cis.handle), jobs.Email(sent.handle))
		q := newQueue(t, db, url, jobs.Config{Workers: 2, Kinds: kinds})
		if err := q.Enqueue(context.Background(), application.GenerateCIS{VerificationID: 7},
			application.GenerateCIS{VerificationID: 8}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "first job", cis.seen)
		waitFor(t, "second job", cis.seen)
		if err := q.Enqueue(context.Background(), application.ExpiryScan{}); err == nil {
			t.Error("a kind that is not in the job table was queued; want an error")
		}
		if err := q.Enqueue(context.Background(), application.SendEmail{}); err == nil {
			t.Error("an e-mail without an idempotency key was queued; want an error")
		}
		keyed := application.Message{To: []string{"a@example.com"}, Subject: "Receipt", IdempotencyKey: "receipt:7"}
		if err := q.Enqueue(context.Background(), application.SendEmail{Message: keyed}); err != nil {
			t.Fatalf("an e-mail with its key: %v", err)
		}
		waitFor(t, "the e-mail", sent.seen)
		if got := sent.jobs(); len(got) != 1 || got[0].IdempotencyKey != "receipt:7" {
			t.Errorf("sent %+v, want the one keyed e-mail", got)
		}
	})
}

func TestWebOnlyInstanceQueuesForWorkers(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *persistence.DB, url string) {
		cis := newRecorder[application.GenerateCIS]()
		kinds := cisOnly(cis.handle)
		web := newQueue(t, db, url, jobs.Config{Workers: 0, Kinds: kinds})
		tx := persistence.NewTransactor(db)
		if err := tx.WithinTx(context.Background(), func(ctx context.Context) error {
			return web.Enqueue(ctx, application.GenerateCIS{VerificationID: 3})
		}); err != nil {
			t.Fatal(err)
		}
		select {
		case <-cis.seen:
			t.Fatal("a web-only instance worked a job")
		case <-time.After(300 * time.Millisecond):
		}
		newQueue(t, db, url, jobs.Config{Workers: 1, Kinds: kinds})
		waitFor(t, "the worker instance", cis.seen)
	})
}

func TestFailingJobRetriesThenIsRecorded(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *persistence.DB, url string) {
		var calls atomic.Int32
		discarded := make(chan application.FailedJob, 1)
		mail := func(context.Context, application.Message) error {
			calls.Add(1)
			return errors.New("smtp: 421 try later")
		}
		q := newQueue(t, db, url, jobs.Config{Workers: 1, MaxAttempts: 3,
			Kinds:       []jobs.Kind{jobs.Email(mail)},
			OnDiscarded: func(_ context.Context, j application.FailedJob) { discarded <- j }})
		msg := application.Message{To: []string{"a@example.com"}, Subject: "Receipt", Text: "secret body",
			IdempotencyKey: "receipt:1"}
		if err := q.Enqueue(context.Background(), application.SendEmail{Message: msg}); err != nil {
			t.Fatal(err)
		}
		var told application.FailedJob
		select {
		case told = <-discarded:
		case <-time.After(30 * time.Second):
			t.Fatalf("no discard after %d attempts", calls.Load())
		}
		if told.Attempts != 3 || told.Kind != "send_email" || told.LastError != "smtp: 421 try later" {
			t.Errorf("OnDiscarded got %+v", told)
		}
		var list []application.FailedJob
		deadline := time.Now().Add(10 * time.Second)
		for len(list) == 0 && time.Now().Before(deadline) { // River records the discard just after the handler
			var total int
			var err error
			if list, total, err = q.ListFailed(context.Background(), 1, 10); err != nil {
				t.Fatal(err)
			} else if total != len(list) {
				t.Fatalf("total %d for %d listed", total, len(list))
			}
			time.Sleep(50 * time.Millisecond)
		}
		if len(list) != 1 {
			t.Fatalf("ListFailed = %+v, want one job", list)
		}
		f := list[0]
		if f.Kind != "send_email" || f.Attempts != 3 || f.MaxAttempts != 3 || f.LastError != "smtp: 421 try later" ||
			f.FailedAt.IsZero() || f.CreatedAt.IsZero() || f.FailedAt.Before(f.CreatedAt) {
			t.Errorf("failed job = %+v", f)
		}
		if want := `{"idempotencyKey":"receipt:1","subject":"Receipt","to":["a@example.com"]}`; f.Args != want {
			t.Errorf("args summary = %s, want %s (no body)", f.Args, want)
		}
		if n := calls.Load(); n != 3 {
			t.Errorf("%d attempts, want 3", n)
		}
		if past, total, err := q.ListFailed(context.Background(), 3, 10); err != nil || len(past) != 0 || total != 1 {
			t.Errorf("a page past the end: %v, total %d, %v; want none of 1", past, total, err)
		}
	})
}

func TestFailingJobSucceedsOnRetry(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *persistence.DB, url string) {
		var calls atomic.Int32
		done := make(chan struct{})
		cis := func(context.Context, application.GenerateCIS) error {
			if calls.Add(1) < 3 {
				return errors.New("object store unavailable")
			}
			close(done)
			return nil
		}
		q := newQueue(t, db, url, jobs.Config{Workers: 1, Kinds: cisOnly(cis)})
		if err := q.Enqueue(context.Background(), application.GenerateCIS{VerificationID: 1}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the third attempt", done)
		if list, total, err := q.ListFailed(context.Background(), 1, 10); err != nil || total != 0 || len(list) != 0 {
			t.Errorf("ListFailed = %v, %d, %v; want nothing", list, total, err)
		}
	})
}

// Two instances on one database: only the elected leader enqueues the periodic expiry scan, so
// it runs once per interval, not once per instance.
func TestPeriodicJobRunsOnceAcrossInstances(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *persistence.DB, url string) {
		const every = 400 * time.Millisecond
		var runs atomic.Int32
		scan := func(context.Context, application.ExpiryScan) error { runs.Add(1); return nil }
		cfg := jobs.Config{Workers: 1, Kinds: []jobs.Kind{jobs.Work[application.ExpiryScan]{Handle: scan, Schedule: jobs.Every(every)}}}
		start := time.Now()
		newQueue(t, db, url, cfg)
		newQueue(t, db, url, cfg)
		deadline := time.Now().Add(20 * time.Second)
		for runs.Load() < 3 && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		time.Sleep(2 * every)
		elapsed, n := time.Since(start), int(runs.Load())
		queued := countJobs(t, db, "expiry_scan")
		// One leader queues at most one scan per interval (plus one for the interval under way);
		// two schedulers would queue about twice as many.
		if most := int(elapsed/every) + 1; n < 3 || queued > most {
			t.Fatalf("%d scans run and %d queued in %v with a %v interval; want 3 to %d", n, queued, elapsed, every, most)
		}
		var leaders int
		if err := db.QueryRowContext(context.Background(), "SELECT count(*) FROM river_leader").Scan(&leaders); err != nil || leaders != 1 {
			t.Fatalf("river_leader rows = %d (%v), want 1", leaders, err)
		}
	})
}

// Stop waits for running jobs until its context ends, then cancels them; a cancelled job runs
// again on another instance.
func TestStopCancelsLongJobsAndTheyRunAgain(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *persistence.DB, url string) {
		started, again := make(chan struct{}, 1), make(chan struct{})
		var calls atomic.Int32
		cis := func(ctx context.Context, _ application.GenerateCIS) error {
			if calls.Add(1) == 1 {
				started <- struct{}{}
				<-ctx.Done() // a job that outlives the shutdown
				return ctx.Err()
			}
			close(again)
			return nil
		}
		cfg := jobs.Config{DatabaseURL: url, Workers: 1, PollInterval: 50 * time.Millisecond,
			RetryDelay: func(int) time.Duration { return 50 * time.Millisecond }, Kinds: cisOnly(cis)}
		first, err := jobs.New(context.Background(), db, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := first.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := first.Enqueue(context.Background(), application.GenerateCIS{VerificationID: 5}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the long job", started)
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		begun := time.Now()
		_ = first.Stop(ctx)
		if d := time.Since(begun); d > 8*time.Second {
			t.Fatalf("Stop took %v", d)
		}
		newQueue(t, db, url, cfg)
		waitFor(t, "the job on the next instance", again)
	})
}
