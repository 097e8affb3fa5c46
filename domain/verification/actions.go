package verification

// Actions are what a caller may do with a verification now. They come from the same rules the
// actions themselves check, so a client that shows only these never offers a refused action.
type Actions struct {
	Submit   bool // send the complete draft for review
	Resubmit bool // reopen a rejected verification for editing
	Pay      bool // pay the verification fee
	Delete   bool
	Upgrade  bool // move from Basic to Top, directly or by paying the difference
	Decide   bool // approve or reject (administrators)
}

// Caller is who asks: a user, and whether they are an administrator.
type Caller struct {
	UserID  int64
	IsAdmin bool
}

// ActionsFor says what the caller may do now. The applicant's actions need the owner; deleting is
// the owner's for a never-paid draft and any administrator's; deciding is administrators'.
func (v *Verification) ActionsFor(c Caller) Actions {
	own := v.OwnedBy(c.UserID)
	_, upgradeErr := v.UpgradeNeedsPayment()
	return Actions{
		Submit:   own && v.mayMoveTo(Submitted, "submit") == nil && v.progress == CompleteProgress,
		Resubmit: own && v.mayMoveTo(Draft, "resubmit") == nil,
		Pay:      own && v.EnsurePaymentDue() == nil,
		Delete:   (own || c.IsAdmin) && v.mayDelete(c.IsAdmin) == nil,
		Upgrade:  own && upgradeErr == nil,
		Decide:   c.IsAdmin && v.mayMoveTo(Approved, "approve") == nil,
	}
}
