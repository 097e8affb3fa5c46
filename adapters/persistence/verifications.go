package persistence

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

type verificationRow struct {
	bun.BaseModel      `bun:"table:verifications,alias:v"`
	ID                 int64      `bun:"id,pk,autoincrement"`
	UserID             int64      `bun:"user_id"`
	Tier               string     `bun:"tier"`
	Status             string     `bun:"status"`
	Progress           int        `bun:"progress"`
	PublicID           string     `bun:"public_id"`
	RejectionReason    string     `bun:"rejection_reason"`
	Deleted            bool       `bun:"deleted"`
	PaymentStatus      string     `bun:"payment_status"`
	PaymentAmount      *int64     `bun:"payment_amount"`
	PaymentID          string     `bun:"payment_id"`
	PaymentDate        *time.Time `bun:"payment_date"`
	CISFormPath        string     `bun:"cis_form_path"`
	CISFormGeneratedAt *time.Time `bun:"cis_form_generated_at"`
	ApprovedAt         *time.Time `bun:"approved_at"`
	ExpiresAt          *time.Time `bun:"expires_at"`
	RevokedAt          *time.Time `bun:"revoked_at"`
	RevocationReason   string     `bun:"revocation_reason"`
	Version            int64      `bun:"version"`
	CreatedAt          time.Time  `bun:"created_at"`
	UpdatedAt          time.Time  `bun:"updated_at"`
}

func toVerificationRow(v *verification.Verification) *verificationRow {
	s := v.Snapshot()
	row := &verificationRow{
		ID: s.ID, UserID: s.UserID, Tier: s.Tier.String(), Status: s.Status.String(), Progress: s.Progress,
		PublicID: s.PublicID, RejectionReason: s.RejectionReason, Deleted: s.Deleted,
		PaymentStatus: s.Payment.Status.String(), PaymentID: s.Payment.ID, PaymentDate: s.Payment.Date,
		CISFormPath: s.CISFormPath, CISFormGeneratedAt: s.CISFormGenerated, ApprovedAt: s.ApprovedAt,
		ExpiresAt: s.ExpiresAt, RevokedAt: s.RevokedAt, RevocationReason: s.RevokedReason,
		Version: s.Version, CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt,
	}
	if s.Payment.Paid() || s.Payment.Amount != 0 {
		amount := s.Payment.Amount
		row.PaymentAmount = &amount
	}
	return row
}

func (r *verificationRow) toDomain() (*verification.Verification, error) {
	tier, err := verification.ParseTier(r.Tier)
	if err != nil {
		return nil, err
	}
	status, err := verification.ParseStatus(r.Status)
	if err != nil {
		return nil, err
	}
	pay, err := verification.ParsePaymentStatus(r.PaymentStatus)
	if err != nil {
		return nil, err
	}
	var amount int64
	if r.PaymentAmount != nil {
		amount = *r.PaymentAmount
	}
	return verification.Restore(verification.Snapshot{
		ID: r.ID, UserID: r.UserID, Tier: tier, Status: status, Progress: r.Progress, PublicID: r.PublicID,
		RejectionReason: r.RejectionReason, Deleted: r.Deleted,
		Payment:     verification.Payment{Status: pay, Amount: amount, ID: r.PaymentID, Date: utc(r.PaymentDate)},
		CISFormPath: r.CISFormPath, CISFormGenerated: utc(r.CISFormGeneratedAt), ApprovedAt: utc(r.ApprovedAt),
		ExpiresAt: utc(r.ExpiresAt), RevokedAt: utc(r.RevokedAt), RevokedReason: r.RevocationReason,
		Version: r.Version, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}), nil
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// Verifications is the verification repository.
type Verifications struct{ db *DB }

// NewVerifications returns the verification repository on db.
func NewVerifications(db *DB) *Verifications { return &Verifications{db: db} }

// Create inserts v and gives it its id and first version.
func (r *Verifications) Create(ctx context.Context, v *verification.Verification) error {
	row := toVerificationRow(v)
	row.Version = 1
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert verification: %w", err)
	}
	s := v.Snapshot()
	s.ID, s.Version = row.ID, 1
	*v = *verification.Restore(s)
	return nil
}

// Get returns a verification that is not deleted.
func (r *Verifications) Get(ctx context.Context, id int64) (*verification.Verification, error) {
	return r.one(ctx, false, "v.id = ?", id)
}

// GetForUpdate returns a verification and, on PostgreSQL, locks its row for the transaction.
// SQLite transactions here take the database write lock when they begin, which serialises them.
func (r *Verifications) GetForUpdate(ctx context.Context, id int64) (*verification.Verification, error) {
	return r.one(ctx, true, "v.id = ?", id)
}

// ByPublicID returns a verification that is not deleted by its public id.
func (r *Verifications) ByPublicID(ctx context.Context, publicID string) (*verification.Verification, error) {
	return r.one(ctx, false, "v.public_id = ?", publicID)
}

// ByCISPath returns the verification whose CIS form is stored at path.
func (r *Verifications) ByCISPath(ctx context.Context, path string) (*verification.Verification, error) {
	if path == "" {
		return nil, application.ErrNotFound
	}
	return r.one(ctx, false, "v.cis_form_path = ?", path)
}

func (r *Verifications) one(ctx context.Context, lock bool, where string, arg any) (*verification.Verification, error) {
	row := new(verificationRow)
	q := conn(ctx, r.db).NewSelect().Model(row).Where(where, arg).Where("v.deleted = ?", false)
	if lock && r.db.postgres {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return row.toDomain()
}

// Save writes v only if its stored version is the one it was read at, then bumps the version.
func (r *Verifications) Save(ctx context.Context, v *verification.Verification) error {
	row := toVerificationRow(v)
	read := row.Version
	row.Version = read + 1
	res, err := conn(ctx, r.db).NewUpdate().Model(row).ExcludeColumn("id", "user_id", "public_id", "created_at").
		WherePK().Where("version = ?", read).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update verification %d: %w", row.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return application.ErrConflict
	}
	s := v.Snapshot()
	s.Version = row.Version
	*v = *verification.Restore(s)
	return nil
}

// sortColumns maps API sort fields to columns; anything else is refused before the query.
var sortColumns = map[application.SortField]string{
	application.SortID: "v.id", application.SortStatus: "v.status", application.SortTier: "v.tier",
	application.SortCreatedAt: "v.created_at", application.SortUpdatedAt: "v.updated_at",
}

// List returns one page of verifications with their owners' e-mails, and the total count.
func (r *Verifications) List(ctx context.Context, f application.VerificationFilter) ([]application.VerificationListItem, int, error) {
	var rows []struct {
		verificationRow
		UserEmail string `bun:"user_email"`
	}
	col, ok := sortColumns[f.Sort]
	if !ok {
		col = "v.updated_at"
	}
	dir := "ASC"
	if f.Desc {
		dir = "DESC"
	}
	q := conn(ctx, r.db).NewSelect().Model((*verificationRow)(nil)).ColumnExpr("v.*").ColumnExpr("u.email AS user_email").
		Join("JOIN users AS u ON u.id = v.user_id")
	if err := r.filter(ctx, q, f, true); err != nil {
		return nil, 0, err
	}
	q = q.OrderExpr(col + " " + dir).OrderExpr("v.id " + dir).Limit(int64(f.PageSize)).Offset(int64((f.Page - 1) * f.PageSize))
	var total int
	if countable(f) {
		counts, err := r.counted(ctx, f.Tier)
		if err != nil {
			return nil, 0, err
		}
		for st, n := range counts {
			if (f.Status == nil || *f.Status == st) && (len(f.Statuses) == 0 || slices.Contains(f.Statuses, st)) {
				total += n
			}
		}
		if err := q.Scan(ctx, &rows); err != nil {
			return nil, 0, fmt.Errorf("list verifications: %w", err)
		}
	} else {
		n, err := q.ScanAndCount(ctx, &rows)
		if err != nil {
			return nil, 0, fmt.Errorf("list verifications: %w", err)
		}
		total = int(n)
	}
	items := make([]application.VerificationListItem, 0, len(rows))
	for i := range rows {
		v, err := rows[i].toDomain()
		if err != nil {
			return nil, 0, err
		}
		items = append(items, application.VerificationListItem{Verification: v, UserEmail: rows[i].UserEmail})
	}
	return items, total, nil
}

// CountByStatus counts the filter's verifications per status, ignoring its status fields.
func (r *Verifications) CountByStatus(ctx context.Context, f application.VerificationFilter) (map[verification.Status]int, error) {
	if countable(f) {
		return r.counted(ctx, f.Tier)
	}
	var rows []statusCount
	q := conn(ctx, r.db).NewSelect().Model((*verificationRow)(nil)).ColumnExpr("v.status, COUNT(*) AS n").GroupExpr("v.status")
	if err := r.filter(ctx, q, f, false); err != nil {
		return nil, err
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("count verifications: %w", err)
	}
	return byStatus(rows)
}

// statusCount is one status's count in a GROUP BY result.
type statusCount struct {
	Status string `bun:"status"`
	N      int    `bun:"n"`
}

// byStatus maps counted rows to every status, zero where none.
func byStatus(rows []statusCount) (map[verification.Status]int, error) {
	counts := make(map[verification.Status]int, len(verification.Statuses))
	for _, st := range verification.Statuses {
		counts[st] = 0
	}
	for _, row := range rows {
		st, err := verification.ParseStatus(row.Status)
		if err != nil {
			return nil, err
		}
		counts[st] = row.N
	}
	return counts, nil
}

// countable reports whether the filter's total can come from the maintained counts (status and tier
// only) instead of counting rows.
func countable(f application.VerificationFilter) bool {
	return f.UserID == 0 && f.Email == "" && f.PublicID == "" && f.ID == 0
}

// counted reads the live counts per status, for one tier or both; triggers keep them in step with
// the verifications table in the same transaction.
func (r *Verifications) counted(ctx context.Context, tier *verification.Tier) (map[verification.Status]int, error) {
	var rows []statusCount
	q := conn(ctx, r.db).NewSelect().Table("verification_counts").ColumnExpr("status, SUM(n) AS n").GroupExpr("status")
	if tier != nil {
		q = q.Where("tier = ?", tier.String())
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read verification counts: %w", err)
	}
	return byStatus(rows)
}

func (r *Verifications) filter(ctx context.Context, q *bun.SelectQuery, f application.VerificationFilter, byStatus bool) error {
	q.Where("v.deleted = ?", false)
	if f.UserID != 0 {
		q.Where("v.user_id = ?", f.UserID)
	}
	if byStatus && f.Status != nil {
		q.Where("v.status = ?", f.Status.String())
	}
	if byStatus && len(f.Statuses) > 0 {
		names := make([]string, len(f.Statuses))
		for i, s := range f.Statuses {
			names[i] = s.String()
		}
		q.Where("v.status IN (?)", bun.List(names))
	}
	if f.Tier != nil {
		q.Where("v.tier = ?", f.Tier.String())
	}
	if f.Email != "" {
		if err := r.filterByEmail(ctx, q, f.Email); err != nil {
			return err
		}
	}
	if f.PublicID != "" {
		q.Where("v.public_id = ?", f.PublicID)
	}
	if f.ID != 0 {
		q.Where("v.id = ?", f.ID)
	}
	return nil
}

// maxListedUsers is how many users an e-mail search may match and still be looked up first.
const maxListedUsers = 500

// filterByEmail keeps the verifications of users whose e-mail contains part. A search that matches
// few users (the usual case: one company) looks them up first, so the verifications come from the
// per-user index; a broad one filters with a subquery instead of a long id list.
func (r *Verifications) filterByEmail(ctx context.Context, q *bun.SelectQuery, part string) error {
	pattern := "%" + escapeLike(strings.ToLower(part)) + "%"
	var ids []int64
	err := conn(ctx, r.db).NewSelect().Table("users").Column("id").Where("email LIKE ? ESCAPE '\\'", pattern).
		Limit(maxListedUsers+1).Scan(ctx, &ids)
	switch {
	case err != nil:
		return fmt.Errorf("find users matching %q: %w", part, err)
	case len(ids) > maxListedUsers:
		q.Where("v.user_id IN (SELECT id FROM users WHERE email LIKE ? ESCAPE '\\')", pattern)
	case len(ids) == 0:
		q.Where("1 = 0")
	default:
		q.Where("v.user_id IN (?)", bun.List(ids))
	}
	return nil
}

// escapeLike makes user input match literally inside a LIKE pattern.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
