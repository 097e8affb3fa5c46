package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
)

type firstApprovalRow struct {
	bun.BaseModel  `bun:"table:first_approvals,alias:fa"`
	VerificationID int64      `bun:"verification_id,pk"`
	ApproverID     int64      `bun:"approver_id"`
	ApproverEmail  string     `bun:"approver_email,scanonly"`
	ApprovedAt     time.Time  `bun:"approved_at"`
	SentBackBy     *int64     `bun:"sent_back_by"`
	SentBackEmail  *string    `bun:"sent_back_email,scanonly"`
	SentBackAt     *time.Time `bun:"sent_back_at"`
	Note           string     `bun:"note"`
}

func (r *firstApprovalRow) toDomain() application.FirstApproval {
	a := application.FirstApproval{VerificationID: r.VerificationID, ApproverID: r.ApproverID,
		ApproverEmail: r.ApproverEmail, ApprovedAt: r.ApprovedAt.UTC()}
	if r.SentBackAt != nil && r.SentBackBy != nil {
		a.SentBack = &application.SendBack{ByID: *r.SentBackBy, At: r.SentBackAt.UTC(), Note: r.Note}
		if r.SentBackEmail != nil {
			a.SentBack.ByEmail = *r.SentBackEmail
		}
	}
	return a
}

// FirstApprovals is the repository of first approvals under four eyes (application.FirstApprovalStore).
type FirstApprovals struct{ db *DB }

// NewFirstApprovals returns the first-approval repository on db.
func NewFirstApprovals(db *DB) *FirstApprovals { return &FirstApprovals{db: db} }

// Put stores the first approval over any other, clearing a send-back.
func (r *FirstApprovals) Put(ctx context.Context, a application.FirstApproval) error {
	row := &firstApprovalRow{VerificationID: a.VerificationID, ApproverID: a.ApproverID, ApprovedAt: a.ApprovedAt.UTC()}
	_, err := conn(ctx, r.db).NewInsert().Model(row).On("CONFLICT (verification_id) DO UPDATE").
		Set("approver_id = EXCLUDED.approver_id, approved_at = EXCLUDED.approved_at, sent_back_by = NULL, " +
			"sent_back_at = NULL, note = ''").Exec(ctx)
	if err != nil {
		return fmt.Errorf("put first approval of %d: %w", a.VerificationID, err)
	}
	return nil
}

// SendBack marks the verification's first approval as sent back.
func (r *FirstApprovals) SendBack(ctx context.Context, verificationID int64, b application.SendBack) error {
	_, err := conn(ctx, r.db).NewUpdate().Model((*firstApprovalRow)(nil)).
		Set("sent_back_by = ?, sent_back_at = ?, note = ?", b.ByID, b.At.UTC(), b.Note).
		Where("verification_id = ?", verificationID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("send back first approval of %d: %w", verificationID, err)
	}
	return nil
}

// Get returns the verification's first approval with the e-mails of who acted, or nil.
func (r *FirstApprovals) Get(ctx context.Context, verificationID int64) (*application.FirstApproval, error) {
	found, err := r.Of(ctx, []int64{verificationID})
	if a, ok := found[verificationID]; ok {
		return &a, err
	}
	return nil, err
}

// Delete removes the verification's first approval.
func (r *FirstApprovals) Delete(ctx context.Context, verificationID int64) error {
	_, err := conn(ctx, r.db).NewDelete().Model((*firstApprovalRow)(nil)).Where("verification_id = ?", verificationID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete first approval of %d: %w", verificationID, err)
	}
	return nil
}

// firstApprovalsOf reads the first approvals of a list of verifications with their reviewers'
// e-mails: every page of the admin list.
var firstApprovalsOf = "SELECT " + columnsOf[firstApprovalRow]("fa") + `, u.email AS approver_email, sb.email AS sent_back_email
	FROM first_approvals AS fa JOIN users AS u ON u.id = fa.approver_id LEFT JOIN users AS sb ON sb.id = fa.sent_back_by
	WHERE fa.verification_id %s`

// Of returns the first approvals of the verifications, by verification id.
func (r *FirstApprovals) Of(ctx context.Context, ids []int64) (map[int64]application.FirstApproval, error) {
	out := make(map[int64]application.FirstApproval, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []firstApprovalRow
	if err := scanAllIn(ctx, r.db, firstApprovalsOf, &rows, ids); err != nil {
		return nil, fmt.Errorf("read first approvals: %w", err)
	}
	for i := range rows {
		out[rows[i].VerificationID] = rows[i].toDomain()
	}
	return out, nil
}
