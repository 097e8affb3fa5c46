package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

type fetchAttemptRow struct {
	bun.BaseModel `bun:"table:screening_fetch_attempts,alias:fa"`
	ID            int64     `bun:"id,pk,autoincrement"`
	Source        string    `bun:"source"`
	StartedAt     time.Time `bun:"started_at"`
	FinishedAt    time.Time `bun:"finished_at"`
	OK            bool      `bun:"ok"`
	Error         string    `bun:"error"`
	By            string    `bun:"by_actor"`
	VersionID     *int64    `bun:"version_id"`
}

func (r *fetchAttemptRow) toApp() application.FetchAttempt {
	a := application.FetchAttempt{ID: r.ID, Source: screening.Source(r.Source), StartedAt: r.StartedAt.UTC(),
		FinishedAt: r.FinishedAt.UTC(), OK: r.OK, Error: r.Error, By: r.By}
	if r.VersionID != nil {
		a.VersionID = *r.VersionID
	}
	return a
}

// FetchAttempts stores the attempts to fetch lists.
type FetchAttempts struct{ db *DB }

// NewFetchAttempts returns the fetch attempt repository on db.
func NewFetchAttempts(db *DB) *FetchAttempts { return &FetchAttempts{db: db} }

var _ application.FetchAttempts = (*FetchAttempts)(nil)

// Record stores an attempt and sets its ID.
func (r *FetchAttempts) Record(ctx context.Context, a *application.FetchAttempt) error {
	row := &fetchAttemptRow{Source: string(a.Source), StartedAt: a.StartedAt.UTC(), FinishedAt: a.FinishedAt.UTC(), OK: a.OK,
		Error: a.Error, By: a.By}
	if a.VersionID != 0 {
		row.VersionID = &a.VersionID
	}
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("record the %s fetch attempt: %w", a.Source, err)
	}
	a.ID = row.ID
	return nil
}

// Records reads, for every list, its first, last and last successful attempts: three rows per
// list at most, found through the (source, id) index.
func (r *FetchAttempts) Records(ctx context.Context) (map[screening.Source]application.FetchRecord, error) {
	db := conn(ctx, r.db)
	var rows []fetchAttemptRow
	err := db.NewSelect().Model(&rows).
		Where("id IN (?)", db.NewSelect().Table("screening_fetch_attempts").ColumnExpr("max(id)").Group("source")).
		WhereOr("id IN (?)", db.NewSelect().Table("screening_fetch_attempts").ColumnExpr("min(id)").Group("source")).
		WhereOr("id IN (?)", db.NewSelect().Table("screening_fetch_attempts").ColumnExpr("max(id)").Where("ok").Group("source")).
		Order("id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the fetch attempts: %w", err)
	}
	out := map[screening.Source]application.FetchRecord{}
	for i := range rows { // by id: the first row of a list is its first attempt, the last its latest
		a := rows[i].toApp()
		rec, seen := out[a.Source]
		if !seen {
			rec.First = a
		}
		rec.Last = a
		if a.OK {
			ok := a
			rec.LastOK = &ok
		}
		out[a.Source] = rec
	}
	return out, nil
}
