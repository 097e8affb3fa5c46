package user

import (
	"fmt"
	"slices"
)

// Role is what a staff member may do; applicants have none (NoRole).
type Role struct{ name string }

// The roles: a reviewer works the queue (claims, screening hits, approvals and rejections, the
// dashboard); an administrator also revokes and reinstates certificates and runs the back office
// (lists, failed jobs, coupons, accounts, the audit export of a date range).
var (
	NoRole   = Role{}
	Reviewer = Role{"reviewer"}
	Admin    = Role{"admin"}
)

// StaffRoles are the roles an operator may give an account, least rights first.
var StaffRoles = []Role{Reviewer, Admin}

// ParseRole reads a staff role by its name ("reviewer" or "admin"); "" is NoRole.
func ParseRole(name string) (Role, error) {
	if name == "" {
		return NoRole, nil
	}
	if i := slices.IndexFunc(StaffRoles, func(r Role) bool { return r.name == name }); i >= 0 {
		return StaffRoles[i], nil
	}
	return NoRole, fmt.Errorf("unknown role %q: want reviewer or admin", name)
}

// String is the role's name as stored and shown ("" for NoRole).
func (r Role) String() string { return r.name }

// Reviews reports whether the role works the review queue (reviewers and administrators).
func (r Role) Reviews() bool { return r != NoRole }

// Administers reports whether the role may do everything, the back office included.
func (r Role) Administers() bool { return r == Admin }

// Equal reports whether r and o are the same role (go-cmp compares roles with it).
func (r Role) Equal(o Role) bool { return r == o }
