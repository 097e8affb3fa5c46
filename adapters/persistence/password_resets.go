package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
)

type resetTokenRow struct {
	bun.BaseModel `bun:"table:password_reset_tokens"`
	ID            int64      `bun:"id,pk,autoincrement"`
	UserID        int64      `bun:"user_id"`
	TokenHash     string     `bun:"token_hash"`
	CreatedAt     time.Time  `bun:"created_at"`
	ExpiresAt     time.Time  `bun:"expires_at"`
	UsedAt        *time.Time `bun:"used_at"`
	SupersededAt  *time.Time `bun:"superseded_at"`
}

// ResetTokens is the repository of password reset tokens.
type ResetTokens struct{ db *DB }

// NewResetTokens returns the reset token repository on db.
func NewResetTokens(db *DB) *ResetTokens { return &ResetTokens{db: db} }

// Supersede ends the user's unused tokens.
func (r *ResetTokens) Supersede(ctx context.Context, userID int64, at time.Time) error {
	_, err := conn(ctx, r.db).NewUpdate().Table("password_reset_tokens").Set("superseded_at = ?", at).
		Where("user_id = ?", userID).Where("used_at IS NULL").Where("superseded_at IS NULL").Exec(ctx)
	return err
}

// Create stores a token and sets its id.
func (r *ResetTokens) Create(ctx context.Context, t *application.ResetToken) error {
	row := &resetTokenRow{UserID: t.UserID, TokenHash: t.TokenHash, CreatedAt: t.CreatedAt, ExpiresAt: t.ExpiresAt}
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert reset token: %w", err)
	}
	t.ID = row.ID
	return nil
}

// Consume marks a live token used in one conditional update, so two concurrent uses cannot both win.
func (r *ResetTokens) Consume(ctx context.Context, hash string, now time.Time) (*application.ResetToken, error) {
	row := new(resetTokenRow)
	err := conn(ctx, r.db).NewUpdate().Model(row).Set("used_at = ?", now).
		Where("token_hash = ?", hash).Where("used_at IS NULL").Where("superseded_at IS NULL").Where("expires_at > ?", now).
		Returning("id, user_id, token_hash, created_at, expires_at").Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return &application.ResetToken{ID: row.ID, UserID: row.UserID, TokenHash: row.TokenHash,
		CreatedAt: row.CreatedAt.UTC(), ExpiresAt: row.ExpiresAt.UTC()}, nil
}

type accountEventRow struct {
	bun.BaseModel `bun:"table:account_events"`
	ID            int64     `bun:"id,pk,autoincrement"`
	UserID        int64     `bun:"user_id"`
	Action        string    `bun:"action"`
	CreatedAt     time.Time `bun:"created_at"`
}

// AccountEvents is the repository of account audit events.
type AccountEvents struct{ db *DB }

// NewAccountEvents returns the account event repository on db.
func NewAccountEvents(db *DB) *AccountEvents { return &AccountEvents{db: db} }

// Record stores one event.
func (r *AccountEvents) Record(ctx context.Context, userID int64, action string, at time.Time) error {
	_, err := conn(ctx, r.db).NewInsert().Model(&accountEventRow{UserID: userID, Action: action, CreatedAt: at}).Exec(ctx)
	return err
}

var (
	_ application.ResetTokens   = (*ResetTokens)(nil)
	_ application.AccountEvents = (*AccountEvents)(nil)
)
