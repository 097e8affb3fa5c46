package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
)

type followerRow struct {
	bun.BaseModel    `bun:"table:certificate_followers"`
	ID               int64      `bun:"id,pk,autoincrement"`
	VerificationID   int64      `bun:"verification_id"`
	Email            string     `bun:"email"`
	CreatedAt        time.Time  `bun:"created_at"`
	ConfirmHash      *string    `bun:"confirm_hash"`
	ConfirmExpiresAt *time.Time `bun:"confirm_expires_at"`
	ConfirmedAt      *time.Time `bun:"confirmed_at"`
}

func (r *followerRow) toDomain() application.Follower {
	f := application.Follower{ID: r.ID, VerificationID: r.VerificationID, Email: r.Email, CreatedAt: r.CreatedAt.UTC()}
	if r.ConfirmExpiresAt != nil {
		t := r.ConfirmExpiresAt.UTC()
		f.ConfirmExpiresAt = &t
	}
	if r.ConfirmedAt != nil {
		t := r.ConfirmedAt.UTC()
		f.ConfirmedAt = &t
	}
	return f
}

// Followers is the repository of certificate followers and their unsubscribe tokens.
type Followers struct{ db *DB }

// NewFollowers returns the follower repository on db.
func NewFollowers(db *DB) *Followers { return &Followers{db: db} }

// Find returns the follower of a certificate with this address.
func (r *Followers) Find(ctx context.Context, verificationID int64, email string) (*application.Follower, error) {
	row := new(followerRow)
	err := conn(ctx, r.db).NewSelect().Model(row).Where("verification_id = ?", verificationID).Where("email = ?", email).Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	f := row.toDomain()
	return &f, nil
}

// Pending stores a pending follower or renews its link in one statement; a confirmed one stays.
func (r *Followers) Pending(ctx context.Context, verificationID int64, email, confirmHash string, expires, now time.Time) (int64, error) {
	db := conn(ctx, r.db)
	var ids []int64
	err := db.NewRaw(`INSERT INTO certificate_followers (verification_id, email, created_at, confirm_hash, confirm_expires_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (verification_id, email) DO UPDATE
		SET confirm_hash = excluded.confirm_hash, confirm_expires_at = excluded.confirm_expires_at
		WHERE certificate_followers.confirmed_at IS NULL
		RETURNING id`, verificationID, email, now, confirmHash, expires).Scan(ctx, &ids)
	if err != nil {
		return 0, fmt.Errorf("store follower: %w", err)
	}
	if len(ids) == 1 {
		return ids[0], nil
	}
	f, err := r.Find(ctx, verificationID, email) // confirmed: the statement changed nothing
	if err != nil {
		return 0, err
	}
	return f.ID, nil
}

// Confirm confirms the follower whose live link has this hash in one conditional update.
func (r *Followers) Confirm(ctx context.Context, confirmHash string, now time.Time) (*application.Follower, error) {
	row := new(followerRow)
	err := conn(ctx, r.db).NewUpdate().Model(row).Set("confirmed_at = COALESCE(confirmed_at, ?)", now).
		Where("confirm_hash = ?", confirmHash).Where("confirm_expires_at > ?", now).
		Returning("id, verification_id, email, created_at, confirm_expires_at, confirmed_at").Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	f := row.toDomain()
	return &f, nil
}

// Confirmed lists a certificate's confirmed followers, oldest first.
func (r *Followers) Confirmed(ctx context.Context, verificationID int64) ([]application.Follower, error) {
	var rows []followerRow
	err := conn(ctx, r.db).NewSelect().Model(&rows).Where("verification_id = ?", verificationID).
		Where("confirmed_at IS NOT NULL").Order("id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("list followers of %d: %w", verificationID, err)
	}
	out := make([]application.Follower, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// Count counts a certificate's confirmed followers.
func (r *Followers) Count(ctx context.Context, verificationID int64) (int, error) {
	n, err := conn(ctx, r.db).NewSelect().Model((*followerRow)(nil)).Where("verification_id = ?", verificationID).
		Where("confirmed_at IS NOT NULL").Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count followers of %d: %w", verificationID, err)
	}
	return int(n), nil
}

// AddUnsubscribe stores one message's unsubscribe token hash.
func (r *Followers) AddUnsubscribe(ctx context.Context, followerID int64, tokenHash string, now time.Time) error {
	_, err := conn(ctx, r.db).NewRaw(`INSERT INTO follower_unsubscribe_tokens (token_hash, follower_id, created_at)
		VALUES (?, ?, ?)`, tokenHash, followerID, now).Exec(ctx)
	return err
}

// Unsubscribe deletes the follower a token names with every token of it (no cascade is relied on:
// SQLite enforces foreign keys only where the connection asks).
func (r *Followers) Unsubscribe(ctx context.Context, tokenHash string) (bool, error) {
	removed := false
	err := r.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var ids []int64
		if err := tx.NewRaw("SELECT follower_id FROM follower_unsubscribe_tokens WHERE token_hash = ?", tokenHash).
			Scan(ctx, &ids); err != nil || len(ids) == 0 {
			return err
		}
		if _, err := tx.NewRaw("DELETE FROM follower_unsubscribe_tokens WHERE follower_id = ?", ids[0]).Exec(ctx); err != nil {
			return err
		}
		res, err := tx.NewRaw("DELETE FROM certificate_followers WHERE id = ?", ids[0]).Exec(ctx)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		removed = n > 0
		return err
	})
	return removed, err
}

var _ application.FollowerStore = (*Followers)(nil)
