package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/riverqueue/river"

	"github.com/tttverify/tttverify/application"
)

// Work is one entry of the job table (Config.Kinds): what the application does with the jobs of
// type J and, for a periodic kind, when they are queued. River knows the kind by J's JobKind.
type Work[J application.Job] struct {
	// Handle works one job. A failed job runs again, so it must be safe to repeat.
	Handle func(ctx context.Context, job J) error
	// Schedule, when set, queues the job periodically (Daily, Aligned, Every).
	Schedule Schedule

	// check refuses a job when it is queued rather than after its attempts fail; summary shows
	// a failed one to administrators instead of its JSON. Only Email needs them so far.
	check   func(J) error
	summary func(J) string
}

// Kind is an entry of the job table: a Work of some job type.
type Kind interface {
	// Name is the kind's name in River's table: its job type's JobKind.
	Name() string
	register(ws *river.Workers) error
	insertParams(j application.Job) (river.InsertManyParams, error)
	summarize(raw []byte) string
	periodic() *river.PeriodicJob
}

// Name is the kind's name in River's table: J's JobKind.
func (Work[J]) Name() string { return args[J]{}.Kind() }

func (w Work[J]) register(ws *river.Workers) error {
	if w.Handle == nil {
		return fmt.Errorf("job kind %s has no handler", w.Name())
	}
	return river.AddWorkerSafely(ws, &worker[J]{handle: w.Handle})
}

func (w Work[J]) insertParams(j application.Job) (river.InsertManyParams, error) {
	job, ok := j.(J)
	if !ok {
		return river.InsertManyParams{}, fmt.Errorf("queue %s: the job is a %T", w.Name(), j)
	}
	if w.check != nil {
		if err := w.check(job); err != nil {
			return river.InsertManyParams{}, fmt.Errorf("queue %s: %w", w.Name(), err)
		}
	}
	return river.InsertManyParams{Args: args[J]{job}}, nil
}

func (w Work[J]) summarize(raw []byte) string {
	var job J
	if w.summary != nil && json.Unmarshal(raw, &job) == nil {
		return w.summary(job)
	}
	return shorten(raw)
}

func (w Work[J]) periodic() *river.PeriodicJob {
	if w.Schedule.at == nil {
		return nil
	}
	opts := w.Schedule.opts
	return river.NewPeriodicJob(w.Schedule.at, func() (river.JobArgs, *river.InsertOpts) {
		return args[J]{}, opts
	}, &river.PeriodicJobOpts{ID: w.Name()})
}

// table is the job table by kind name.
type table map[string]Kind

// newTable indexes the kinds and registers a River worker for each.
func newTable(kinds []Kind) (table, *river.Workers, error) {
	t, ws := table{}, river.NewWorkers()
	for _, k := range kinds {
		if _, twice := t[k.Name()]; twice {
			return nil, nil, fmt.Errorf("job kind %s is in the table twice", k.Name())
		}
		if err := k.register(ws); err != nil {
			return nil, nil, fmt.Errorf("register job worker: %w", err)
		}
		t[k.Name()] = k
	}
	return t, ws, nil
}

// insertParams turns an application job into River's insert parameters.
func (t table) insertParams(j application.Job) (river.InsertManyParams, error) {
	k, ok := t[j.JobKind()]
	if !ok {
		return river.InsertManyParams{}, fmt.Errorf("queue job: kind %s is not in the job table", j.JobKind())
	}
	return k.insertParams(j)
}

// summarize shortens a job's arguments for administrators.
func (t table) summarize(kind string, raw []byte) string {
	if k, ok := t[kind]; ok {
		return k.summarize(raw)
	}
	return shorten(raw) // a kind this version no longer has
}

// shorten cuts a job's JSON arguments to a length an administrator's list can show.
func shorten(raw []byte) string {
	const limit = 300
	if len(raw) > limit {
		return string(raw[:limit]) + "…"
	}
	return string(raw)
}
