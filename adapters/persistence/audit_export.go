package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
)

var _ application.AuditArchive = (*AuditArchive)(nil)

type adminEventRow struct {
	bun.BaseModel `bun:"table:admin_events"`
	ID            int64     `bun:"id,pk,autoincrement"`
	ActorID       int64     `bun:"actor_id"`
	Action        string    `bun:"action"`
	Detail        string    `bun:"detail"`
	CreatedAt     time.Time `bun:"created_at"`
}

// AuditArchive reads the audit log by time and keeps the administrators' own events.
type AuditArchive struct{ db *DB }

// NewAuditArchive returns the audit archive on db.
func NewAuditArchive(db *DB) *AuditArchive { return &AuditArchive{db: db} }

// RecordAdmin appends an administrator's event.
func (r *AuditArchive) RecordAdmin(ctx context.Context, e application.AuditEvent) error {
	_, err := conn(ctx, r.db).NewInsert().Model(&adminEventRow{ActorID: e.ActorID, Action: e.Action, Detail: e.Reason,
		CreatedAt: e.CreatedAt.UTC()}).Exec(ctx)
	if err != nil {
		return fmt.Errorf("record %s by %d: %w", e.Action, e.ActorID, err)
	}
	return nil
}

// archiveRow is a row of either table as the range export reads it.
type archiveRow struct {
	Kind           int       `bun:"kind"` // 0 a verification's event, 1 an administrator's
	ID             int64     `bun:"id"`
	VerificationID int64     `bun:"verification_id"`
	ActorID        *int64    `bun:"actor_id"`
	ActorEmail     string    `bun:"actor_email"`
	Action         string    `bun:"action"`
	FromStatus     string    `bun:"from_status"`
	ToStatus       string    `bun:"to_status"`
	Reason         string    `bun:"reason"`
	CreatedAt      time.Time `bun:"created_at"`
}

// Between calls each for every event created in [from, to), oldest first, one row at a time: the
// rows are never collected, so an export of a year holds one row in memory.
func (r *AuditArchive) Between(ctx context.Context, from, to time.Time, each func(application.AuditEvent) error) error {
	db := conn(ctx, r.db)
	events := db.NewSelect().TableExpr("audit_events AS a").
		ColumnExpr("0 AS kind, a.id, a.verification_id, a.actor_id, COALESCE(u.email, '') AS actor_email, a.action").
		ColumnExpr("a.from_status, a.to_status, a.reason, a.created_at").
		Join("LEFT JOIN users AS u ON u.id = a.actor_id").Where("a.created_at >= ?", from.UTC()).Where("a.created_at < ?", to.UTC())
	admins := db.NewSelect().TableExpr("admin_events AS e").
		ColumnExpr("1 AS kind, e.id, 0 AS verification_id, e.actor_id, COALESCE(u.email, '') AS actor_email, e.action").
		ColumnExpr("'' AS from_status, '' AS to_status, e.detail AS reason, e.created_at").
		Join("LEFT JOIN users AS u ON u.id = e.actor_id").Where("e.created_at >= ?", from.UTC()).Where("e.created_at < ?", to.UTC())
	rows, err := db.NewSelect().TableExpr("(? UNION ALL ?) AS x", events, admins).ColumnExpr("x.*").
		OrderExpr("x.created_at, x.kind, x.id").Rows(ctx)
	if err != nil {
		return fmt.Errorf("read audit events from %s: %w", from.Format(time.DateOnly), err)
	}
	defer rows.Close()
	for rows.Next() {
		var row archiveRow
		if err := r.db.ScanRow(ctx, rows, &row); err != nil {
			return fmt.Errorf("read audit events: %w", err)
		}
		e := application.AuditEvent{ID: row.ID, VerificationID: row.VerificationID, ActorEmail: row.ActorEmail, Action: row.Action,
			From: row.FromStatus, To: row.ToStatus, Reason: row.Reason, CreatedAt: row.CreatedAt.UTC()}
		if row.ActorID != nil {
			e.ActorID = *row.ActorID
		}
		if err := each(e); err != nil {
			return err
		}
	}
	return rows.Err()
}
