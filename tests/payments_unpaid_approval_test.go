package tests

import (
	"net/http"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// Issue 28, item 15: an administrator may approve a verification nobody paid for (the spec allows
// it), and the audit trail says so; a paid approval carries no such note.
func TestUnpaidApprovalIsAudited(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		alice, adm := e.register(t, "alice@example.com"), e.admin(t)
		unpaid := submitted(t, alice, "basic").ID
		paid := submitted(t, alice, "basic").ID
		if r := alice.confirmCard(alice.intent(paid, "")["paymentIntentId"].(string), "4242424242424242"); r.Status != http.StatusOK {
			t.Fatalf("pay: %d %s", r.Status, r.Body)
		}
		for id, want := range map[int64]string{unpaid: "approved without payment", paid: ""} {
			adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(id)+"/approve", nil)
			var events []api.AuditEvent
			adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(id)+"/events", nil).JSON(t, &events)
			last := events[len(events)-1]
			for _, ev := range events {
				if ev.Action == "approve" {
					last = ev
				}
			}
			got := ""
			if last.Reason != nil {
				got = *last.Reason
			}
			if last.Action != "approve" || got != want {
				t.Errorf("verification %d: approval event %s %q, want approve %q", id, last.Action, got, want)
			}
		}
		alice.expectState(unpaid, "approved", "pending", nil)
	})
}
