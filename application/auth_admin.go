package application

import (
	"context"
	"errors"
	"fmt"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/user"
)

// Account event actions of the administrator set-up.
const (
	EventAdminPromoted    = "admin-promoted"
	EventAdminPasswordSet = "admin-password-set"
)

// ErrPromotionNotAllowed refuses to turn an existing applicant account into an administrator
// unless the operator asked for it: whoever registered that e-mail first would inherit the rights.
var ErrPromotionNotAllowed = errs.Conflict("An account with this e-mail exists and is not an administrator; " +
	"promote it explicitly (create-admin --promote, or ADMIN_PROMOTE=true)")

// EnsureAdmin creates the administrator account, or sets the password of an existing administrator
// when it differs. It refuses to promote an existing non-administrator (see PromoteAdmin).
func (a *Auth) EnsureAdmin(ctx context.Context, email, password string) (*User, error) {
	return a.ensureAdmin(ctx, email, password, false)
}

// PromoteAdmin is EnsureAdmin that may also promote an existing account; the promoted account's
// password is replaced and every one of its sessions ends, so nobody keeps a session that gained rights.
func (a *Auth) PromoteAdmin(ctx context.Context, email, password string) (*User, error) {
	return a.ensureAdmin(ctx, email, password, true)
}

func (a *Auth) ensureAdmin(ctx context.Context, email, password string, promote bool) (*User, error) {
	if err := user.ValidateAdminCredentials(email, password); err != nil {
		return nil, err
	}
	hash, err := a.hasher.Hash(password)
	if err != nil {
		return nil, fmt.Errorf("hash password: %w", err)
	}
	email = user.NormalizeEmail(email)
	var u *User
	err = a.tx.WithinTx(ctx, func(ctx context.Context) error {
		existing, err := a.users.ByEmail(ctx, email)
		switch {
		case errors.Is(err, ErrNotFound):
			u = &User{Email: email, PasswordHash: hash, IsAdmin: true, CreatedAt: a.clock.Now()}
			return a.users.Create(ctx, u)
		case err != nil:
			return err
		}
		u = existing
		changed := false
		if !existing.IsAdmin {
			if !promote {
				return ErrPromotionNotAllowed
			}
			if err := a.users.SetAdmin(ctx, existing.ID, true); err != nil {
				return err
			}
			if err := a.events.Record(ctx, existing.ID, EventAdminPromoted, a.clock.Now()); err != nil {
				return fmt.Errorf("record promotion: %w", err)
			}
			existing.IsAdmin, changed = true, true
		}
		// A restart with the same ADMIN_PASSWORD must not touch the account or its sessions.
		if !a.hasher.Matches(existing.PasswordHash, password) {
			if err := a.users.UpdatePassword(ctx, existing.ID, hash); err != nil {
				return err
			}
			if err := a.events.Record(ctx, existing.ID, EventAdminPasswordSet, a.clock.Now()); err != nil {
				return fmt.Errorf("record password change: %w", err)
			}
			existing.PasswordHash, changed = hash, true
		}
		if changed {
			return a.sessions.RevokeAllExcept(ctx, existing.ID, "")
		}
		return nil
	})
	return u, err
}
