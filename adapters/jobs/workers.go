package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/tttverify/tttverify/application"
)

// args carries an application job as River's job arguments: the job's fields are the JSON.
type args[J application.Job] struct{ job J }

func (args[J]) Kind() string {
	var j J
	return j.JobKind()
}

func (a args[J]) MarshalJSON() ([]byte, error)  { return json.Marshal(a.job) }
func (a *args[J]) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &a.job) }

// worker calls the application's handler for one kind of job.
type worker[J application.Job] struct {
	river.WorkerDefaults[args[J]]
	handle func(context.Context, J) error
}

func (w *worker[J]) Work(ctx context.Context, job *river.Job[args[J]]) error {
	return w.handle(ctx, job.Args.job)
}

// errorHandler logs failed attempts and reports a job's last failed attempt to OnDiscarded.
type errorHandler struct {
	onDiscarded func(context.Context, application.FailedJob)
	table       table
	log         *slog.Logger
}

func (h *errorHandler) HandleError(ctx context.Context, job *rivertype.JobRow, err error) *river.ErrorHandlerResult {
	h.failed(ctx, job, err.Error())
	return nil
}

func (h *errorHandler) HandlePanic(ctx context.Context, job *rivertype.JobRow, v any, _ string) *river.ErrorHandlerResult {
	h.failed(ctx, job, fmt.Sprintf("panic: %v", v))
	return nil
}

func (h *errorHandler) failed(ctx context.Context, job *rivertype.JobRow, msg string) {
	last := job.Attempt >= job.MaxAttempts
	h.log.WarnContext(ctx, "job attempt failed", "job_id", job.ID, "kind", job.Kind, "attempt", job.Attempt,
		"max_attempts", job.MaxAttempts, "discarded", last, "error", msg)
	if last && h.onDiscarded != nil {
		h.onDiscarded(ctx, application.FailedJob{ID: job.ID, Kind: job.Kind, Args: h.table.summarize(job.Kind, job.EncodedArgs),
			Attempts: job.Attempt, MaxAttempts: job.MaxAttempts, LastError: msg, FailedAt: time.Now().UTC(),
			CreatedAt: job.CreatedAt})
	}
}

// retryPolicy waits delay(attempt) before the next attempt.
type retryPolicy func(attempt int) time.Duration

func (p retryPolicy) NextRetry(job *rivertype.JobRow) time.Time {
	return time.Now().Add(p(job.Attempt))
}
