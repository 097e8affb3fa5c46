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

func register[J application.Job](ws *river.Workers, handle func(context.Context, J) error) error {
	if handle == nil {
		return nil
	}
	return river.AddWorkerSafely(ws, &worker[J]{handle: handle})
}

// registerWorkers registers a worker for every kind the application handles.
func registerWorkers(h Handlers) (*river.Workers, error) {
	ws := river.NewWorkers()
	for _, err := range []error{
		register(ws, h.SendEmail),
		register(ws, h.GenerateCIS),
		register(ws, h.ExpiryScan),
		register(ws, h.ScreenVerification),
		register(ws, h.RescreenTop),
		register(ws, h.DailyRescreen),
	} {
		if err != nil {
			return nil, fmt.Errorf("register job worker: %w", err)
		}
	}
	return ws, nil
}

// insertParams turns an application job into River's insert parameters.
func insertParams(j application.Job) (river.InsertManyParams, error) {
	var a river.JobArgs
	switch j := j.(type) {
	case application.SendEmail:
		if j.Message.IdempotencyKey == "" {
			return river.InsertManyParams{}, fmt.Errorf("queue e-mail %q: it needs an idempotency key", j.Message.Subject)
		}
		a = args[application.SendEmail]{j}
	case application.GenerateCIS:
		a = args[application.GenerateCIS]{j}
	case application.ExpiryScan:
		a = args[application.ExpiryScan]{j}
	case application.ScreenVerification:
		a = args[application.ScreenVerification]{j}
	case application.RescreenTop:
		a = args[application.RescreenTop]{j}
	case application.DailyRescreen:
		a = args[application.DailyRescreen]{j}
	default:
		return river.InsertManyParams{}, fmt.Errorf("queue job: unknown kind %T", j)
	}
	return river.InsertManyParams{Args: a}, nil
}

// errorHandler logs failed attempts and reports a job's last failed attempt to OnDiscarded.
type errorHandler struct {
	onDiscarded func(context.Context, application.FailedJob)
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
		h.onDiscarded(ctx, application.FailedJob{ID: job.ID, Kind: job.Kind, Args: summarize(job.Kind, job.EncodedArgs),
			Attempts: job.Attempt, MaxAttempts: job.MaxAttempts, LastError: msg, FailedAt: time.Now().UTC(),
			CreatedAt: job.CreatedAt})
	}
}

// retryPolicy waits delay(attempt) before the next attempt.
type retryPolicy func(attempt int) time.Duration

func (p retryPolicy) NextRetry(job *rivertype.JobRow) time.Time {
	return time.Now().Add(p(job.Attempt))
}

// summarize shortens a job's arguments for administrators: an e-mail shows its recipients,
// subject and key, never its body.
func summarize(kind string, raw []byte) string {
	if kind == (application.SendEmail{}).JobKind() {
		var j application.SendEmail
		if json.Unmarshal(raw, &j) == nil {
			b, _ := json.Marshal(map[string]any{"to": j.Message.To, "subject": j.Message.Subject,
				"idempotencyKey": j.Message.IdempotencyKey})
			return string(b)
		}
	}
	const limit = 300
	if len(raw) > limit {
		return string(raw[:limit]) + "…"
	}
	return string(raw)
}
