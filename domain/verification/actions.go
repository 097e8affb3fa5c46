package verification

import "time"

// Actions are what a caller may do with a verification now. They come from the same rules the
// actions themselves check, so a client that shows only these never offers a refused action.
type Actions struct {
	Submit   bool // send the complete draft for review
	Resubmit bool // reopen a rejected verification for editing
	Pay      bool // pay the verification fee
	Delete   bool
	Upgrade  bool // move from Basic to Top, directly or by paying the difference
	Decide   bool // approve or reject (administrators)
	// The papers of a certificate that still vouches (MayIssue).
	Certificate bool // download the certificate PDF
	CIS         bool // download the CIS
	ShareCIS    bool // make a temporary link to the CIS (the owner)
	GenerateCIS bool // make or remake the CIS (administrators)
}

// Caller is who asks: a user, and whether they are an administrator.
type Caller struct {
	UserID  int64
	IsAdmin bool
}

// ActionsFor says what the caller may do at now. The applicant's actions need the owner; deleting is
// the owner's for a never-paid draft and any administrator's; deciding and generating the CIS are
// administrators'; the certificate's papers are the owner's and administrators' while it vouches.
func (v *Verification) ActionsFor(c Caller, now time.Time) Actions {
	own := v.OwnedBy(c.UserID)
	_, upgradeErr := v.UpgradeNeedsPayment()
	vouches := !v.deleted && v.MayIssue(CIS, now) == nil
	hasCIS := vouches && v.cisFormPath != ""
	return Actions{
		Submit:   own && v.mayMoveTo(Submitted, "submit") == nil && v.progress == CompleteProgress,
		Resubmit: own && v.mayMoveTo(Draft, "resubmit") == nil,
		Pay:      own && v.EnsurePaymentDue() == nil,
		Delete:   (own || c.IsAdmin) && v.mayDelete(c.IsAdmin) == nil,
		Upgrade:  own && upgradeErr == nil,
		Decide:   c.IsAdmin && v.mayMoveTo(Approved, "approve") == nil,

		Certificate: (own || c.IsAdmin) && vouches,
		CIS:         (own || c.IsAdmin) && hasCIS,
		ShareCIS:    own && hasCIS,
		GenerateCIS: c.IsAdmin && vouches,
	}
}
