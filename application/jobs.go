package application

import (
	"context"
	"fmt"
	"strings"
)

// Jobs holds the administrators' view of background jobs.
type Jobs struct {
	tx     Transactor
	failed FailedJobs
	notify AdminNotifier
}

// AdminNotifier tells every administrator about an event (Notifier).
type AdminNotifier interface {
	TellAdmins(ctx context.Context, key string, data EmailData) error
}

// ReviewerNotifier tells all staff, reviewers and administrators, about an event of the queue (Notifier).
type ReviewerNotifier interface {
	TellReviewers(ctx context.Context, key string, data EmailData) error
}

// NewJobs wires the job use cases.
func NewJobs(tx Transactor, failed FailedJobs, notify AdminNotifier) *Jobs {
	return &Jobs{tx: tx, failed: failed, notify: notify}
}

// ListFailed lists the jobs that failed permanently, last failed first; administrators only.
func (s *Jobs) ListFailed(ctx context.Context, actor *User, page, pageSize int) ([]FailedJob, int, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, 0, err
	}
	return s.failed.ListFailed(ctx, max(page, 1), min(max(pageSize, 1), 100))
}

// Discarded tells every administrator that a job failed permanently. A failed e-mail that was
// itself such a message tells nobody, so a broken mail server cannot feed a loop of them.
func (s *Jobs) Discarded(ctx context.Context, j FailedJob) error {
	if j.Kind == (SendEmail{}).JobKind() && strings.Contains(j.Args, `"idempotencyKey":"job_failed:`) {
		return nil
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.notify.TellAdmins(ctx, fmt.Sprintf("job_failed:%d", j.ID), JobFailedPermanently{Job: j})
	})
}
