package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/errs"
)

// Inbox is the signed-in user's notification bell.
type Inbox struct {
	store Notifications
	clock Clock
}

// NewInbox wires the bell's use cases.
func NewInbox(store Notifications, clock Clock) *Inbox { return &Inbox{store: store, clock: clock} }

// NotificationPage is one page of a user's notifications.
type NotificationPage struct {
	Items  []Notification
	Total  int
	Unread int
}

// List returns the caller's own notifications, newest first.
func (s *Inbox) List(ctx context.Context, actor *User, page, pageSize int) (NotificationPage, error) {
	if actor == nil {
		return NotificationPage{}, ErrUnauthenticated
	}
	items, total, unread, err := s.store.List(ctx, actor.ID, max(page, 1), min(max(pageSize, 1), 100))
	return NotificationPage{Items: items, Total: total, Unread: unread}, err
}

// ErrBadNotificationIDs refuses a mark-read request naming no valid notification ids.
var ErrBadNotificationIDs = errs.Invalid("ids", "ids must be positive notification ids")

// MarkRead marks the caller's listed notifications read, or all of them when ids is nil; ids of
// other users' notifications change nothing.
func (s *Inbox) MarkRead(ctx context.Context, actor *User, ids []int64) error {
	if actor == nil {
		return ErrUnauthenticated
	}
	for _, id := range ids {
		if id <= 0 {
			return ErrBadNotificationIDs
		}
	}
	if ids != nil && len(ids) == 0 {
		return nil
	}
	return s.store.MarkRead(ctx, actor.ID, ids, s.clock.Now())
}
