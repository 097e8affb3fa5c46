package persistence

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/user"
)

type userRow struct {
	bun.BaseModel `bun:"table:users"`
	ID            int64     `bun:"id,pk,autoincrement"`
	Email         string    `bun:"email"`
	PasswordHash  string    `bun:"password_hash"`
	Role          string    `bun:"role"`
	CreatedAt     time.Time `bun:"created_at"`
}

func (r *userRow) toApp() (*application.User, error) {
	role, err := user.ParseRole(r.Role)
	if err != nil {
		return nil, fmt.Errorf("user %d: %w", r.ID, err)
	}
	return &application.User{ID: r.ID, Email: r.Email, PasswordHash: r.PasswordHash, Role: role, CreatedAt: r.CreatedAt.UTC()}, nil
}

// Users is the account repository.
type Users struct{ db *DB }

// NewUsers returns the account repository on db.
func NewUsers(db *DB) *Users { return &Users{db: db} }

// Create inserts u and sets its id.
func (r *Users) Create(ctx context.Context, u *application.User) error {
	row := &userRow{Email: u.Email, PasswordHash: u.PasswordHash, Role: u.Role.String(), CreatedAt: u.CreatedAt}
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return application.ErrEmailTaken
		}
		return fmt.Errorf("insert user: %w", err)
	}
	u.ID = row.ID
	return nil
}

// ByEmail finds an account by its normalised e-mail.
func (r *Users) ByEmail(ctx context.Context, email string) (*application.User, error) {
	row := new(userRow)
	if err := conn(ctx, r.db).NewSelect().Model(row).Where("email = ?", email).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return row.toApp()
}

// ByID finds an account by id.
func (r *Users) ByID(ctx context.Context, id int64) (*application.User, error) {
	row := new(userRow)
	if err := conn(ctx, r.db).NewSelect().Model(row).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return row.toApp()
}

// UpdatePassword replaces an account's password hash.
func (r *Users) UpdatePassword(ctx context.Context, id int64, hash string) error {
	return r.set(ctx, id, "password_hash = ?", hash)
}

// SetRole gives an account a staff role, or takes it away (user.NoRole).
func (r *Users) SetRole(ctx context.Context, id int64, role user.Role) error {
	return r.set(ctx, id, "role = ?", role.String())
}

func (r *Users) set(ctx context.Context, id int64, expr string, value any) error {
	res, err := conn(ctx, r.db).NewUpdate().Table("users").Set(expr, value).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update user %d: %w", id, err)
	}
	return oneRow(res)
}

// oneRow turns an update that matched nothing into ErrNotFound.
func oneRow(res interface{ RowsAffected() (int64, error) }) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return application.ErrNotFound
	}
	return nil
}

type sessionRow struct {
	bun.BaseModel `bun:"table:sessions"`
	ID            string     `bun:"id,pk"`
	UserID        int64      `bun:"user_id"`
	CreatedAt     time.Time  `bun:"created_at"`
	ExpiresAt     time.Time  `bun:"expires_at"`
	RevokedAt     *time.Time `bun:"revoked_at"`
}

// HashToken is how bearer secrets (session ids, share tokens) are stored: a leaked table holds
// no usable secret.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Sessions is the session repository.
type Sessions struct{ db *DB }

// NewSessions returns the session repository on db.
func NewSessions(db *DB) *Sessions { return &Sessions{db: db} }

// Create stores a new session.
func (r *Sessions) Create(ctx context.Context, s application.Session) error {
	row := &sessionRow{ID: HashToken(s.ID), UserID: s.UserID, CreatedAt: s.CreatedAt, ExpiresAt: s.ExpiresAt}
	_, err := conn(ctx, r.db).NewInsert().Model(row).Exec(ctx)
	return err
}

// activeSession reads a live session (by its hashed id, and now) with its user: every signed-in
// request runs it.
const activeSession = `SELECT s.id, s.user_id, s.created_at, s.expires_at,
	u.id AS u_id, u.email AS u_email, u.password_hash AS u_password_hash, u.role AS u_role, u.created_at AS u_created_at
	FROM sessions AS s JOIN users AS u ON u.id = s.user_id
	WHERE s.id = ? AND s.revoked_at IS NULL AND s.expires_at > ?`

// Active returns a live session with its user in one query.
func (r *Sessions) Active(ctx context.Context, id string, now time.Time) (*application.Session, *application.User, error) {
	var out struct {
		sessionRow
		User userRow `bun:"u,embed:u_"`
	}
	err := r.db.scanOne(ctx, activeSession, &out, HashToken(id), now)
	if err != nil {
		return nil, nil, notFound(err)
	}
	u, err := out.User.toApp()
	if err != nil {
		return nil, nil, err
	}
	return &application.Session{ID: id, UserID: out.UserID, CreatedAt: out.CreatedAt, ExpiresAt: out.ExpiresAt}, u, nil
}

// Extend moves a live session's idle deadline.
func (r *Sessions) Extend(ctx context.Context, id string, expiresAt time.Time) error {
	_, err := conn(ctx, r.db).NewUpdate().Table("sessions").Set("expires_at = ?", expiresAt).
		Where("id = ?", HashToken(id)).Where("revoked_at IS NULL").Exec(ctx)
	return err
}

// Revoke ends one session.
func (r *Sessions) Revoke(ctx context.Context, id string) error {
	_, err := conn(ctx, r.db).NewUpdate().Table("sessions").Set("revoked_at = ?", time.Now().UTC()).
		Where("id = ?", HashToken(id)).Where("revoked_at IS NULL").Exec(ctx)
	return err
}

// RevokeAllExcept ends every session of a user but one.
func (r *Sessions) RevokeAllExcept(ctx context.Context, userID int64, keepID string) error {
	_, err := conn(ctx, r.db).NewUpdate().Table("sessions").Set("revoked_at = ?", time.Now().UTC()).
		Where("user_id = ?", userID).Where("id <> ?", HashToken(keepID)).Where("revoked_at IS NULL").Exec(ctx)
	return err
}

// Staff lists the staff accounts (reviewers and administrators), oldest first.
func (r *Users) Staff(ctx context.Context) ([]application.User, error) {
	var rows []userRow
	if err := conn(ctx, r.db).NewSelect().Model(&rows).Where("role <> ''").Order("id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("list staff: %w", err)
	}
	out := make([]application.User, len(rows))
	for i := range rows {
		u, err := rows[i].toApp()
		if err != nil {
			return nil, err
		}
		out[i] = *u
	}
	return out, nil
}
