package verification

import (
	"time"

	"github.com/tttverify/tttverify/domain/user"
)

// Actions are what a caller may do with a verification now. They come from the same rules the
// actions themselves check, so a client that shows only these never offers a refused action.
type Actions struct {
	Submit   bool // send the complete draft for review
	Resubmit bool // reopen a rejected verification for editing
	Pay      bool // pay the verification fee
	Delete   bool
	Upgrade  bool // move from Basic to Top, directly or by paying the difference
	Decide   bool // approve or reject (staff)
	// The papers of a certificate that still vouches (MayIssue).
	Certificate bool // download the certificate PDF
	CIS         bool // download the CIS
	ShareCIS    bool // make a temporary link to the CIS (the owner)
	GenerateCIS bool // make or remake the CIS (staff)
}

// Caller is who asks: a user, and their staff role (user.NoRole for applicants).
type Caller struct {
	UserID int64
	Role   user.Role
}

// ActionsFor says what the caller may do at now. The applicant's actions need the owner; deleting is
// the owner's for a never-paid draft and any administrator's; deciding and generating the CIS are
// staff's (reviewers and administrators); the certificate's papers are the owner's and staff's while
// it vouches.
func (v *Verification) ActionsFor(c Caller, now time.Time) Actions {
	own, staff, admin := v.OwnedBy(c.UserID), c.Role.Reviews(), c.Role.Administers()
	_, upgradeErr := v.UpgradeNeedsPayment()
	vouches := !v.deleted && v.MayIssue(CIS, now) == nil
	hasCIS := vouches && v.cisFormPath != ""
	return Actions{
		Submit:   own && v.mayMoveTo(Submitted, "submit") == nil && v.progress == CompleteProgress,
		Resubmit: own && v.mayMoveTo(Draft, "resubmit") == nil,
		Pay:      own && v.EnsurePaymentDue() == nil,
		Delete:   (own || admin) && v.mayDelete(admin) == nil,
		Upgrade:  own && upgradeErr == nil,
		Decide:   staff && v.mayMoveTo(Approved, "approve") == nil,

		Certificate: (own || staff) && vouches,
		CIS:         (own || staff) && hasCIS,
		ShareCIS:    own && hasCIS,
		GenerateCIS: staff && vouches,
	}
}
