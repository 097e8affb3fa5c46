package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
)

type reviewClaimRow struct {
	bun.BaseModel  `bun:"table:review_claims,alias:rc"`
	VerificationID int64     `bun:"verification_id,pk"`
	HolderID       int64     `bun:"holder_id"`
	HolderEmail    string    `bun:"holder_email,scanonly"`
	ClaimedAt      time.Time `bun:"claimed_at"`
	ActiveAt       time.Time `bun:"active_at"`
}

func (r *reviewClaimRow) toDomain() application.ReviewClaim {
	return application.ReviewClaim{VerificationID: r.VerificationID, HolderID: r.HolderID, HolderEmail: r.HolderEmail,
		ClaimedAt: r.ClaimedAt.UTC(), ActiveAt: r.ActiveAt.UTC()}
}

func toReviewClaimRow(c application.ReviewClaim) *reviewClaimRow {
	return &reviewClaimRow{VerificationID: c.VerificationID, HolderID: c.HolderID, ClaimedAt: c.ClaimedAt.UTC(),
		ActiveAt: c.ActiveAt.UTC()}
}

// ReviewClaims is the repository of reviewers' claims (application.ClaimStore).
type ReviewClaims struct{ db *DB }

// NewReviewClaims returns the claim repository on db.
func NewReviewClaims(db *DB) *ReviewClaims { return &ReviewClaims{db: db} }

// claimUpsert and claimSet replace a verification's claim with the one inserted.
const (
	claimUpsert = "CONFLICT (verification_id) DO UPDATE"
	claimSet    = "holder_id = EXCLUDED.holder_id, claimed_at = EXCLUDED.claimed_at, active_at = EXCLUDED.active_at"
)

// Take inserts the claim, or replaces one whose activity is older than liveSince, in one
// statement: on PostgreSQL a concurrent insert waits for the first and then finds its claim live.
func (r *ReviewClaims) Take(ctx context.Context, c application.ReviewClaim, liveSince time.Time) (bool, error) {
	res, err := conn(ctx, r.db).NewInsert().Model(toReviewClaimRow(c)).On(claimUpsert).
		Set(claimSet).
		Where("rc.active_at < ?", liveSince.UTC()).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("take claim of %d: %w", c.VerificationID, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Put stores the claim over any other.
func (r *ReviewClaims) Put(ctx context.Context, c application.ReviewClaim) error {
	_, err := conn(ctx, r.db).NewInsert().Model(toReviewClaimRow(c)).On(claimUpsert).
		Set(claimSet).Exec(ctx)
	if err != nil {
		return fmt.Errorf("put claim of %d: %w", c.VerificationID, err)
	}
	return nil
}

// Get returns a verification's claim with its holder's e-mail, or nil.
func (r *ReviewClaims) Get(ctx context.Context, verificationID int64) (*application.ReviewClaim, error) {
	claims, err := r.read(ctx, "rc.verification_id = ?", verificationID)
	if err != nil || len(claims) == 0 {
		return nil, err
	}
	return &claims[0], nil
}

// Delete removes a verification's claim.
func (r *ReviewClaims) Delete(ctx context.Context, verificationID int64) error {
	_, err := conn(ctx, r.db).NewDelete().Model((*reviewClaimRow)(nil)).Where("verification_id = ?", verificationID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete claim of %d: %w", verificationID, err)
	}
	return nil
}

// Live returns the claims of the verifications active at or after liveSince.
func (r *ReviewClaims) Live(ctx context.Context, ids []int64, liveSince time.Time) (map[int64]application.ReviewClaim, error) {
	out := make(map[int64]application.ReviewClaim, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []reviewClaimRow
	if err := scanAllIn(ctx, r.db, liveClaimsOf, &rows, ids, liveSince.UTC()); err != nil {
		return nil, fmt.Errorf("read claims: %w", err)
	}
	for i := range rows {
		out[rows[i].VerificationID] = rows[i].toDomain()
	}
	return out, nil
}

// liveClaimsOf reads the live claims of a list of verifications with their holders' e-mails: every
// page of the admin list.
var liveClaimsOf = "SELECT " + columnsOf[reviewClaimRow]("rc") + `, u.email AS holder_email
	FROM review_claims AS rc JOIN users AS u ON u.id = rc.holder_id WHERE rc.verification_id %s AND rc.active_at >= ?`

// read returns the claims matching where, with their holders' e-mails.
func (r *ReviewClaims) read(ctx context.Context, where string, args ...any) ([]application.ReviewClaim, error) {
	var rows []reviewClaimRow
	err := conn(ctx, r.db).NewSelect().Model(&rows).ColumnExpr("rc.*, u.email AS holder_email").
		Join("JOIN users AS u ON u.id = rc.holder_id").Where(where, args...).Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("read claims: %w", err)
	}
	out := make([]application.ReviewClaim, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}
