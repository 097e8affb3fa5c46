package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
)

type shareLinkRow struct {
	bun.BaseModel  `bun:"table:temporary_urls"`
	ID             int64      `bun:"id,pk,autoincrement"`
	VerificationID int64      `bun:"verification_id"`
	Token          string     `bun:"token"` // the SHA-256 of the token, never the token
	ExpiresAt      time.Time  `bun:"expires_at"`
	CreatedAt      time.Time  `bun:"created_at"`
	IsUsed         bool       `bun:"is_used"`
	UsedAt         *time.Time `bun:"used_at"`
	RevokedAt      *time.Time `bun:"revoked_at"`
}

func (row *shareLinkRow) toLink() application.ShareLink {
	return application.ShareLink{ID: row.ID, VerificationID: row.VerificationID, TokenHash: row.Token,
		ExpiresAt: row.ExpiresAt.UTC(), CreatedAt: row.CreatedAt.UTC(), IsUsed: row.IsUsed, UsedAt: utc(row.UsedAt),
		RevokedAt: utc(row.RevokedAt)}
}

// ShareLinks is the repository of temporary CIS links.
type ShareLinks struct{ db *DB }

// NewShareLinks returns the share link repository on db.
func NewShareLinks(db *DB) *ShareLinks { return &ShareLinks{db: db} }

// Create stores a link and sets its id.
func (r *ShareLinks) Create(ctx context.Context, l *application.ShareLink) error {
	row := &shareLinkRow{VerificationID: l.VerificationID, Token: l.TokenHash, ExpiresAt: l.ExpiresAt, CreatedAt: l.CreatedAt}
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert share link: %w", err)
	}
	l.ID = row.ID
	return nil
}

// ByTokenHash finds a link by the hash of its token.
func (r *ShareLinks) ByTokenHash(ctx context.Context, hash string) (*application.ShareLink, error) {
	row := new(shareLinkRow)
	if err := conn(ctx, r.db).NewSelect().Model(row).Where("token = ?", hash).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	l := row.toLink()
	return &l, nil
}

// Active lists the verification's links that are neither expired nor revoked at now, newest first.
func (r *ShareLinks) Active(ctx context.Context, verificationID int64, now time.Time) ([]application.ShareLink, error) {
	var rows []shareLinkRow
	err := conn(ctx, r.db).NewSelect().Model(&rows).Where("verification_id = ?", verificationID).
		Where("expires_at > ?", now.UTC()).Where("revoked_at IS NULL").OrderExpr("created_at DESC, id DESC").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("list share links of %d: %w", verificationID, err)
	}
	out := make([]application.ShareLink, len(rows))
	for i := range rows {
		out[i] = rows[i].toLink()
	}
	return out, nil
}

// Revoke withdraws one of the verification's links; ErrNotFound when it has no such link.
func (r *ShareLinks) Revoke(ctx context.Context, verificationID, id int64, at time.Time) error {
	res, err := conn(ctx, r.db).NewUpdate().Table("temporary_urls").Set("revoked_at = COALESCE(revoked_at, ?)", at.UTC()).
		Where("id = ?", id).Where("verification_id = ?", verificationID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("revoke share link %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return application.ErrNotFound
	}
	return nil
}

// RevokeAll withdraws every link of the verification that is neither expired nor revoked at at.
func (r *ShareLinks) RevokeAll(ctx context.Context, verificationID int64, at time.Time) (int, error) {
	res, err := conn(ctx, r.db).NewUpdate().Table("temporary_urls").Set("revoked_at = ?", at.UTC()).
		Where("verification_id = ?", verificationID).Where("revoked_at IS NULL").Where("expires_at > ?", at.UTC()).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("revoke the share links of %d: %w", verificationID, err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// MarkUsed records that the link was opened; the first use is kept.
func (r *ShareLinks) MarkUsed(ctx context.Context, id int64, at time.Time) error {
	_, err := conn(ctx, r.db).NewUpdate().Table("temporary_urls").Set("is_used = ?", true).
		Set("used_at = COALESCE(used_at, ?)", at).Where("id = ?", id).Exec(ctx)
	return err
}

var _ application.ShareLinks = (*ShareLinks)(nil)
