package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/application"
)

// lastError is the message of a discarded job's last attempt, in each engine's JSON dialect:
// River keeps errors as a jsonb[] on PostgreSQL and as a JSONB array on SQLite.
const (
	failedColumnsPostgres = `id, kind, args::text, attempt, max_attempts,
		coalesce(errors[array_upper(errors, 1)]->>'error', ''), finalized_at, created_at`
	failedColumnsSQLite = `id, kind, json(args), attempt, max_attempts,
		coalesce(json_extract(errors, '$[#-1].error'), ''), finalized_at, created_at`
)

// ListFailed lists the jobs that failed permanently, last failed first. They stay in River's job
// table (discarded jobs are kept without limit) until someone removes them. The total comes with
// the page (a window count), so a job discarded meanwhile cannot make the two disagree.
func (q *Queue) ListFailed(ctx context.Context, page, pageSize int) ([]application.FailedJob, int, error) {
	page, pageSize = max(page, 1), min(max(pageSize, 1), 100)
	cols := failedColumnsSQLite
	if q.db.Postgres() {
		cols = failedColumnsPostgres
	}
	rows, err := q.db.QueryContext(ctx, `SELECT `+cols+`, count(*) OVER () FROM river_job WHERE state = 'discarded'
		ORDER BY finalized_at DESC, id DESC LIMIT ? OFFSET ?`, pageSize, (page-1)*pageSize)
	if err != nil {
		return nil, 0, fmt.Errorf("list failed jobs: %w", err)
	}
	defer rows.Close()
	var (
		out   []application.FailedJob
		total int
	)
	for rows.Next() {
		var (
			j                   application.FailedJob
			args                string
			finalized, createdA anyTime
		)
		if err := rows.Scan(&j.ID, &j.Kind, &args, &j.Attempts, &j.MaxAttempts, &j.LastError, &finalized, &createdA, &total); err != nil {
			return nil, 0, fmt.Errorf("read failed job: %w", err)
		}
		j.Args, j.FailedAt, j.CreatedAt = q.table.summarize(j.Kind, []byte(args)), finalized.t, createdA.t
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("list failed jobs: %w", err)
	}
	if len(out) == 0 && page > 1 { // past the last page: the window had no row to count on
		if err := q.db.QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE state = 'discarded'`).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count failed jobs: %w", err)
		}
	}
	return out, total, nil
}

// anyTime reads a timestamp as PostgreSQL returns it (time.Time) or as River's SQLite driver
// stores it (text).
type anyTime struct{ t time.Time }

var timeLayouts = []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999"}

func (a *anyTime) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		a.t = time.Time{}
		return nil
	case time.Time:
		a.t = v.UTC()
		return nil
	case []byte:
		return a.Scan(string(v))
	case string:
		for _, layout := range timeLayouts {
			if t, err := time.Parse(layout, v); err == nil {
				a.t = t.UTC()
				return nil
			}
		}
		return fmt.Errorf("unreadable time %q", v)
	}
	return fmt.Errorf("unreadable time of type %T", v)
}

var _ sql.Scanner = (*anyTime)(nil)
