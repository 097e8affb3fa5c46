package application

import (
	"context"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/user"
	"github.com/tttverify/tttverify/domain/verification"
)

// Notification is one event a user is told about in the bell, beside the e-mail of the same event.
type Notification struct {
	ID     int64
	UserID int64
	// Key is the e-mail's idempotency key: a user is told about one event once.
	Key       string
	Kind      string // the e-mail's template, e.g. "verification_approved"
	Title     string
	Body      string
	Link      string // a path in the SPA, or ""
	CreatedAt time.Time
	ReadAt    *time.Time
}

// Notifications stores the bell's notifications.
type Notifications interface {
	// Add stores n unless the user was told about its key before; added says which.
	Add(ctx context.Context, n *Notification) (added bool, err error)
	// List returns a user's notifications newest first, with the total and the unread count.
	List(ctx context.Context, userID int64, page, pageSize int) (list []Notification, total, unread int, err error)
	// MarkRead marks the listed notifications of the user read, or all of them when ids is nil.
	MarkRead(ctx context.Context, userID int64, ids []int64, at time.Time) error
}

// Staff lists the staff accounts, reviewers and administrators: they hear about reviews, and
// administrators about failed jobs and lists out of date.
type Staff interface {
	Staff(ctx context.Context) ([]User, error)
}

// Notifier tells people about events: for each recipient it renders the e-mail, queues it and
// writes the bell's notification, all in the transaction ctx carries, so that a change that rolls
// back tells nobody. The use cases take it through the small interfaces they declare for their role
// (OwnerNotifier, ReviewNotifier, AccountNotifier, AdminNotifier).
type Notifier struct {
	emails   Emails
	jobs     JobQueue
	store    Notifications
	users    Users
	staff    Staff
	sections Sections
	clock    Clock
}

// NotifierDeps are the ports a Notifier needs.
type NotifierDeps struct {
	Emails        Emails
	Jobs          JobQueue
	Notifications Notifications
	Users         Users
	Staff         Staff
	Sections      Sections
	Clock         Clock
}

// NewNotifier builds a Notifier.
func NewNotifier(d NotifierDeps) *Notifier {
	return &Notifier{emails: d.Emails, jobs: d.Jobs, store: d.Notifications, users: d.Users, staff: d.Staff,
		sections: d.Sections, clock: d.Clock}
}

// Tell queues the e-mail and adds the notification of one event for one user. An event told
// before (the same key) is not told again; told says whether this call told it.
func (n *Notifier) Tell(ctx context.Context, to *User, key string, data EmailData) (told bool, err error) {
	return n.tell(ctx, to, key, key, data)
}

func (n *Notifier) tell(ctx context.Context, to *User, key, mailKey string, data EmailData) (bool, error) {
	bell := data.notice()
	added, err := n.store.Add(ctx, &Notification{UserID: to.ID, Key: key, Kind: data.Template(), Title: bell.title,
		Body: bell.body, Link: bell.link, CreatedAt: n.clock.Now()})
	if err != nil || !added {
		return false, err
	}
	msg, err := n.emails.Render(to.Email, mailKey, data)
	if err != nil {
		return false, fmt.Errorf("render %s: %w", data.Template(), err)
	}
	return true, n.jobs.Enqueue(ctx, SendEmail{Message: msg})
}

// TellOwner tells the owner of v; data is built with the company's name.
func (n *Notifier) TellOwner(ctx context.Context, v *verification.Verification, key string,
	data func(company string) EmailData) (bool, error) {
	owner, err := n.users.ByID(ctx, v.UserID())
	if err != nil {
		return false, fmt.Errorf("owner of %d: %w", v.ID(), err)
	}
	return n.Tell(ctx, owner, key, data(companyName(ctx, n.sections, v.ID())))
}

// TellAdmins tells every administrator, each in an own e-mail (key:admin:<id>): the back office's
// events (failed jobs, lists out of date), which reviewers cannot act on.
func (n *Notifier) TellAdmins(ctx context.Context, key string, data EmailData) error {
	return n.tellStaff(ctx, key, data, user.Role.Administers)
}

// TellReviewers tells all staff, reviewers and administrators, each in an own e-mail
// (key:admin:<id>): the review queue's events.
func (n *Notifier) TellReviewers(ctx context.Context, key string, data EmailData) error {
	return n.tellStaff(ctx, key, data, user.Role.Reviews)
}

// tellStaff tells the staff whose role may.
func (n *Notifier) tellStaff(ctx context.Context, key string, data EmailData, may func(user.Role) bool) error {
	staff, err := n.staff.Staff(ctx)
	if err != nil {
		return fmt.Errorf("list staff: %w", err)
	}
	for i := range staff {
		if !may(staff[i].Role) {
			continue
		}
		if _, err := n.tell(ctx, &staff[i], key, fmt.Sprintf("%s:admin:%d", key, staff[i].ID), data); err != nil {
			return err
		}
	}
	return nil
}

// companyName is the verification's company name, or "" before the company section exists.
func companyName(ctx context.Context, sections Sections, id int64) string {
	c, err := sections.Company(ctx, id)
	if err != nil || c == nil {
		return ""
	}
	return c.CompanyName
}

// ReviewEntered tells the reviewers (administrators included) that v now waits for review; a verification in any
// other status tells nobody.
func (n *Notifier) ReviewEntered(ctx context.Context, v *verification.Verification) error {
	if v.Status() != verification.InReview {
		return nil
	}
	return n.TellReviewers(ctx, fmt.Sprintf("review:%d:%d", v.ID(), v.Version()), ReviewEntered{VerificationID: v.ID(),
		CompanyName: companyName(ctx, n.sections, v.ID()), Tier: v.Tier().String()})
}
