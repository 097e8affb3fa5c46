package verification

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/domain/user"
)

// actions reads a space-separated list of action names.
func actions(names string) Actions {
	var a Actions
	for _, n := range strings.Fields(names) {
		switch n {
		case "submit":
			a.Submit = true
		case "resubmit":
			a.Resubmit = true
		case "pay":
			a.Pay = true
		case "delete":
			a.Delete = true
		case "upgrade":
			a.Upgrade = true
		case "decide":
			a.Decide = true
		case "certificate":
			a.Certificate = true
		case "cis":
			a.CIS = true
		case "share":
			a.ShareCIS = true
		case "generate":
			a.GenerateCIS = true
		default:
			panic("unknown action " + n)
		}
	}
	return a
}

// TestActionsForEveryStatusAndRole covers every status, paid or not, for the owner, an
// administrator, a reviewer and another applicant, of a complete Basic verification.
func TestActionsForEveryStatusAndRole(t *testing.T) {
	const ownerID = 7
	roles := map[string]Caller{"owner": {UserID: ownerID}, "admin": {UserID: 1, Role: user.Admin},
		"reviewer": {UserID: 2, Role: user.Reviewer}, "stranger": {UserID: 9}}
	want := map[string]string{ // status/payment/role: actions
		"draft/unpaid/owner":     "submit delete upgrade",
		"draft/unpaid/admin":     "delete",
		"submitted/unpaid/owner": "pay upgrade",
		"submitted/unpaid/admin": "delete decide",
		// A reviewer decides, but deleting is an administrator's.
		"submitted/unpaid/reviewer": "decide",
		"in_review/unpaid/reviewer": "decide",
		"submitted/paid/reviewer":   "decide",
		"in_review/paid/reviewer":   "decide",
		"in_review/unpaid/owner":    "", // decided without a payment: a tier change needs a person
		"in_review/unpaid/admin":    "delete decide",
		"approved/unpaid/owner":     "",
		"approved/unpaid/admin":     "delete",
		"rejected/unpaid/owner":     "resubmit",
		"rejected/unpaid/admin":     "delete",
		"draft/paid/owner":          "submit upgrade", // reopened after a rejection: paid, so not deletable
		"draft/paid/admin":          "delete",
		"submitted/paid/owner":      "upgrade",
		"submitted/paid/admin":      "delete decide",
		"in_review/paid/owner":      "upgrade",
		"in_review/paid/admin":      "delete decide",
		"approved/paid/owner":       "upgrade",
		"approved/paid/admin":       "delete",
		"rejected/paid/owner":       "resubmit upgrade",
		"rejected/paid/admin":       "delete",
	}
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for _, status := range Statuses {
		for _, paid := range []bool{false, true} {
			payment, pay := Payment{Status: PaymentPending}, "unpaid"
			if paid {
				payment, pay = Payment{Status: PaymentPaid, Amount: 4900, ID: "pi_1", Date: &now}, "paid"
			}
			for role, caller := range roles {
				key := status.String() + "/" + pay + "/" + role
				v := Restore(Snapshot{ID: 1, UserID: ownerID, Tier: Basic, Status: status, Progress: CompleteProgress, Payment: payment})
				if diff := cmp.Diff(actions(want[key]), v.ActionsFor(caller, now)); diff != "" {
					t.Errorf("%s (-want +got):\n%s", key, diff)
				}
			}
		}
	}
}

// TestActionsFollowTheRules covers what besides status and role changes the answer.
func TestActionsFollowTheRules(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	paid := Payment{Status: PaymentPaid, Amount: 4900, ID: "pi_1", Date: &now}
	later := now.AddDate(1, 0, 0)
	owner, admin := Caller{UserID: 7}, Caller{UserID: 1, Role: user.Admin}
	for _, tc := range []struct {
		name   string
		snap   Snapshot
		caller Caller
		want   string
	}{
		{"incomplete draft", Snapshot{Status: Draft, Progress: 80}, owner, "delete upgrade"},
		{"top tier", Snapshot{Tier: Top, Status: Draft, Progress: CompleteProgress}, owner, "submit delete"},
		{"revoked certificate", Snapshot{Status: Approved, Payment: paid, RevokedAt: &now}, owner, ""},
		{"valid certificate, no CIS yet", Snapshot{Status: Approved, Payment: paid, ApprovedAt: &now, ExpiresAt: &later}, owner, "upgrade certificate"},
		{"valid certificate with its CIS", Snapshot{Status: Approved, Payment: paid, ApprovedAt: &now, ExpiresAt: &later, CISFormPath: "cis.pdf"}, owner, "upgrade certificate cis share"},
		{"valid certificate with its CIS, for an administrator", Snapshot{Status: Approved, Payment: paid, ApprovedAt: &now, ExpiresAt: &later, CISFormPath: "cis.pdf"}, admin, "delete certificate cis generate"},
		{"valid certificate with its CIS, for a reviewer", Snapshot{Status: Approved, Payment: paid, ApprovedAt: &now, ExpiresAt: &later, CISFormPath: "cis.pdf"}, Caller{UserID: 2, Role: user.Reviewer}, "certificate cis generate"},
		{"valid certificate, for another applicant", Snapshot{Status: Approved, Payment: paid, ApprovedAt: &now, ExpiresAt: &later, CISFormPath: "cis.pdf"}, Caller{UserID: 9}, ""},
		{"revoked certificate with its CIS", Snapshot{Status: Approved, Payment: paid, ApprovedAt: &now, ExpiresAt: &later, RevokedAt: &now, CISFormPath: "cis.pdf"}, owner, ""},
		{"revoked certificate, for an administrator", Snapshot{Status: Approved, Payment: paid, ApprovedAt: &now, ExpiresAt: &later, RevokedAt: &now, CISFormPath: "cis.pdf"}, admin, "delete"},
		{"expired certificate with its CIS", Snapshot{Status: Approved, Payment: paid, ApprovedAt: &now, ExpiresAt: &now, CISFormPath: "cis.pdf"}, owner, "upgrade"},
		{"expired certificate, for an administrator", Snapshot{Status: Approved, Payment: paid, ApprovedAt: &now, ExpiresAt: &now, CISFormPath: "cis.pdf"}, admin, "delete"},
		{"deleted", Snapshot{Status: Submitted, Deleted: true}, owner, ""},
		{"deleted, for an administrator", Snapshot{Status: Submitted, Deleted: true}, admin, ""},
		{"owner who is an administrator", Snapshot{Status: Submitted}, Caller{UserID: 7, Role: user.Admin}, "pay upgrade delete decide"},
		{"failed payment", Snapshot{Status: Submitted, Payment: Payment{Status: PaymentFailed}}, owner, "pay upgrade"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.snap
			s.ID, s.UserID = 1, 7
			if s.Tier == (Tier{}) {
				s.Tier = Basic
			}
			if s.Payment.Status == (PaymentStatus{}) {
				s.Payment.Status = PaymentPending
			}
			if diff := cmp.Diff(actions(tc.want), Restore(s).ActionsFor(tc.caller, now)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
