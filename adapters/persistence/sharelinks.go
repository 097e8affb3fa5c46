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
	return &application.ShareLink{ID: row.ID, VerificationID: row.VerificationID, TokenHash: row.Token,
		ExpiresAt: row.ExpiresAt.UTC(), CreatedAt: row.CreatedAt.UTC(), IsUsed: row.IsUsed, UsedAt: utc(row.UsedAt)}, nil
}

// MarkUsed records that the link was opened; the first use is kept.
func (r *ShareLinks) MarkUsed(ctx context.Context, id int64, at time.Time) error {
	_, err := conn(ctx, r.db).NewUpdate().Table("temporary_urls").Set("is_used = ?", true).
		Set("used_at = COALESCE(used_at, ?)", at).Where("id = ?", id).Exec(ctx)
	return err
}

var _ application.ShareLinks = (*ShareLinks)(nil)
