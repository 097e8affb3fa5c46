package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
)

type notificationRow struct {
	bun.BaseModel `bun:"table:notifications"`
	ID            int64      `bun:"id,pk,autoincrement"`
	UserID        int64      `bun:"user_id"`
	Key           string     `bun:"key"`
	Kind          string     `bun:"kind"`
	Title         string     `bun:"title"`
	Body          string     `bun:"body"`
	Link          *string    `bun:"link"`
	CreatedAt     time.Time  `bun:"created_at"`
	ReadAt        *time.Time `bun:"read_at"`
}

func (r *notificationRow) toApp() application.Notification {
	n := application.Notification{ID: r.ID, UserID: r.UserID, Key: r.Key, Kind: r.Kind, Title: r.Title, Body: r.Body,
		CreatedAt: r.CreatedAt.UTC(), ReadAt: utc(r.ReadAt)}
	if r.Link != nil {
		n.Link = *r.Link
	}
	return n
}

// Notifications is the repository of the bell's notifications.
type Notifications struct{ db *DB }

// NewNotifications returns the notification repository on db.
func NewNotifications(db *DB) *Notifications { return &Notifications{db: db} }

// Add inserts n unless the user already has a notification with its key.
func (r *Notifications) Add(ctx context.Context, n *application.Notification) (bool, error) {
	row := &notificationRow{UserID: n.UserID, Key: n.Key, Kind: n.Kind, Title: n.Title, Body: n.Body,
		CreatedAt: n.CreatedAt}
	if n.Link != "" {
		row.Link = &n.Link
	}
	res, err := conn(ctx, r.db).NewInsert().Model(row).On("CONFLICT (user_id, key) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("insert notification %s: %w", n.Key, err)
	}
	added, err := res.RowsAffected()
	return added == 1, err
}

// List returns a user's notifications newest first, the total and the unread count.
func (r *Notifications) List(ctx context.Context, userID int64, page, pageSize int) ([]application.Notification, int, int, error) {
	db := conn(ctx, r.db)
	var rows []notificationRow
	total, err := db.NewSelect().Model(&rows).Where("user_id = ?", userID).
		OrderExpr("created_at DESC, id DESC").Limit(int64(pageSize)).Offset(int64((page - 1) * pageSize)).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("list notifications of %d: %w", userID, err)
	}
	unread, err := db.NewSelect().Model((*notificationRow)(nil)).Where("user_id = ?", userID).
		Where("read_at IS NULL").Count(ctx)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("count unread notifications of %d: %w", userID, err)
	}
	out := make([]application.Notification, len(rows))
	for i := range rows {
		out[i] = rows[i].toApp()
	}
	return out, int(total), int(unread), nil
}

// MarkRead sets read_at on the user's unread notifications among ids, or on all of them.
func (r *Notifications) MarkRead(ctx context.Context, userID int64, ids []int64, at time.Time) error {
	q := conn(ctx, r.db).NewUpdate().Table("notifications").Set("read_at = ?", at).
		Where("user_id = ?", userID).Where("read_at IS NULL")
	if ids != nil {
		q = q.Where("id IN (?)", bun.List(ids))
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("mark notifications of %d read: %w", userID, err)
	}
	return nil
}

var _ application.Notifications = (*Notifications)(nil)
