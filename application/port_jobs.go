package application

import (
	"context"
	"time"
)

// JobQueue queues work that must happen after a change: an e-mail, a CIS, a scan. Enqueue takes
// part in the transaction that ctx carries (the one WithinTx passes to its function), so a change
// that rolls back queues nothing and a committed change never loses its jobs. Without a
// transaction in ctx the jobs are inserted on their own.
type JobQueue interface {
	Enqueue(ctx context.Context, jobs ...Job) error
}

// Job is one kind of queued work; its fields are the job's arguments, stored as JSON. A new kind
// is its type here and one entry in the job table (jobWork.kinds in cmd/server/app/jobs.go),
// which says what work it does; a test there fails while a type here has no entry.
type Job interface {
	// JobKind names the kind of work in the queue's table. Queued jobs keep it, so it never
	// changes.
	JobKind() string
}

// SendEmail delivers one message. The message's IdempotencyKey makes a retried job send nothing
// twice.
type SendEmail struct {
	Message Message `json:"message"`
}

// JobKind names the kind of work.
func (SendEmail) JobKind() string { return "send_email" }

// PasswordResetRequested sends a reset link to the account with this e-mail, if there is one
// (PasswordResets.SendResetLink). A request queues it for known and unknown addresses alike, and
// only the worker looks the account up and makes the link: the request's work tells nobody who
// has an account, and no secret waits in the job table.
type PasswordResetRequested struct {
	Email string `json:"email"` // normalised
}

// JobKind names the kind of work.
func (PasswordResetRequested) JobKind() string { return "password_reset_requested" }

// FollowRequested sends a confirmation link to an address that asked to follow a certificate
// (Follows.SendConfirmation). The request queues it whether or not the address follows already,
// and only the worker looks that up and makes the link: no secret waits in the job table.
type FollowRequested struct {
	VerificationID int64  `json:"verificationId"`
	Email          string `json:"email"` // normalised
}

// JobKind names the kind of work.
func (FollowRequested) JobKind() string { return "follow_requested" }

// CertificateChanged tells a certificate's confirmed followers about one change of it
// (Follows.SendUpdates), each in an own message with an own unsubscribe link.
type CertificateChanged struct {
	VerificationID int64       `json:"verificationId"`
	Event          FollowEvent `json:"event"`
	At             time.Time   `json:"at"`
	Tier           string      `json:"tier"`
	ExpiresAt      time.Time   `json:"expiresAt"`
	// Key names the change for good ("revoked:12:7"); each follower's message key is built from it,
	// so a retried job sends nobody the same news twice.
	Key string `json:"key"`
}

// JobKind names the kind of work.
func (CertificateChanged) JobKind() string { return "certificate_changed" }

// GenerateCIS renders and stores the CIS of an approved verification.
type GenerateCIS struct {
	VerificationID int64 `json:"verificationId"`
}

// JobKind names the kind of work.
func (GenerateCIS) JobKind() string { return "generate_cis" }

// ExpiryScan finds certificates 30 days from expiry and expired ones and queues each reminder
// once. It runs daily, on one instance at a time.
type ExpiryScan struct{}

// JobKind names the kind of work.
func (ExpiryScan) JobKind() string { return "expiry_scan" }

// SendOverdueDigest tells the reviewers which verifications become overdue on the next business day.
// It runs daily, on one instance at a time.
type SendOverdueDigest struct{}

// JobKind names the kind of work.
func (SendOverdueDigest) JobKind() string { return "overdue_digest" }

// ScreenVerification works one queued screening run of a Top verification.
type ScreenVerification struct {
	RunID int64 `json:"runId"`
}

// JobKind names the kind of work.
func (ScreenVerification) JobKind() string { return "screen_verification" }

// RescreenTop queues a screening run for every Top verification a change of the lists concerns:
// those submitted, in review or approved.
type RescreenTop struct {
	Reason string `json:"reason"` // what changed, for the logs: "ofac_sdn version 12"
}

// JobKind names the kind of work.
func (RescreenTop) JobKind() string { return "rescreen_top" }

// DailyRescreen queues a full screening of every approved Top certificate. It runs daily, on one
// instance at a time.
type DailyRescreen struct{}

// JobKind names the kind of work.
func (DailyRescreen) JobKind() string { return "daily_rescreen" }

// ScreeningRefresh fetches the lists that are due and tells administrators about lists out of
// date (Screening.RefreshLists). It runs every ListRefresh.Tick, on one instance at a time.
type ScreeningRefresh struct{}

// JobKind names the kind of work.
func (ScreeningRefresh) JobKind() string { return "screening_refresh" }

// FailedJob is a job that kept failing and was given up (discarded) after its last attempt.
type FailedJob struct {
	ID          int64
	Kind        string
	Args        string // the arguments, shortened for display
	Attempts    int
	MaxAttempts int
	LastError   string
	FailedAt    time.Time
	CreatedAt   time.Time
}

// FailedJobs lists the jobs that failed permanently, newest first, for administrators.
type FailedJobs interface {
	ListFailed(ctx context.Context, page, pageSize int) (jobs []FailedJob, total int, err error)
}
