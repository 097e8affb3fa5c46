package jobs

import (
	"context"
	"fmt"
)

// Count is how many jobs of one kind are in one state.
type Count struct {
	Kind, State string
	N           int
}

// Counts returns the jobs not yet done, by kind and state, across every instance: available
// (waiting for a worker), scheduled (waiting for their time), running, retryable (failed, to be
// tried again) and discarded (failed for good, kept for administrators). Completed and
// cancelled jobs are not counted.
func (q *Queue) Counts(ctx context.Context) ([]Count, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT kind, state, count(*) FROM river_job
		WHERE state IN ('available', 'scheduled', 'running', 'retryable', 'discarded') GROUP BY kind, state`)
	if err != nil {
		return nil, fmt.Errorf("count jobs: %w", err)
	}
	defer rows.Close()
	var out []Count
	for rows.Next() {
		var c Count
		if err := rows.Scan(&c.Kind, &c.State, &c.N); err != nil {
			return nil, fmt.Errorf("count jobs: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
