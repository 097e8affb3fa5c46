package application

import (
	"context"
	"errors"
	"fmt"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/user"
)

// Account event actions of the staff set-up: an account given a role (EventAdminPromoted for the
// administrator's), and a staff password set by the operator.
const (
	EventAdminPromoted    = "admin-promoted"
	EventReviewerAssigned = "reviewer-assigned"
	EventAdminPasswordSet = "admin-password-set"
)

// ErrPromotionNotAllowed refuses to give an existing account a role it does not have (an applicant
// becoming staff, or a change between reviewer and administrator) unless the operator asked for it:
// whoever registered that e-mail first would inherit the rights.
var ErrPromotionNotAllowed = errs.Conflict("An account with this e-mail exists with another role; " +
	"change it explicitly (create-admin --promote, or ADMIN_PROMOTE=true)")

// EnsureAdmin creates the administrator account, or sets the password of an existing administrator
// when it differs. It refuses to change the role of an existing account (see PromoteAdmin).
func (a *Auth) EnsureAdmin(ctx context.Context, email, password string) (*User, error) {
	return a.EnsureStaff(ctx, email, password, user.Admin, false)
}

// PromoteAdmin is EnsureAdmin that may also make an existing account an administrator.
func (a *Auth) PromoteAdmin(ctx context.Context, email, password string) (*User, error) {
	return a.EnsureStaff(ctx, email, password, user.Admin, true)
}

// EnsureStaff creates a staff account with role (reviewer or administrator), or sets the password
// of an existing account of that role when it differs. Giving an existing account another role
// needs promote; the account's password is then replaced and every one of its sessions ends, so
// nobody keeps a session whose rights changed.
func (a *Auth) EnsureStaff(ctx context.Context, email, password string, role user.Role, promote bool) (*User, error) {
	if !role.Reviews() {
		return nil, errs.Invalid("role", "The role must be reviewer or admin")
	}
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
			u = &User{Email: email, PasswordHash: hash, Role: role, CreatedAt: a.clock.Now()}
			return a.users.Create(ctx, u)
		case err != nil:
			return err
		}
		u = existing
		changed := false
		if existing.Role != role {
			if !promote {
				return ErrPromotionNotAllowed
			}
			if err := a.users.SetRole(ctx, existing.ID, role); err != nil {
				return err
			}
			event := EventReviewerAssigned
			if role.Administers() {
				event = EventAdminPromoted
			}
			if err := a.events.Record(ctx, existing.ID, event, a.clock.Now()); err != nil {
				return fmt.Errorf("record role change: %w", err)
			}
			existing.Role, changed = role, true
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
