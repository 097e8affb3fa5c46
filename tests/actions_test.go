package tests

import (
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestVerificationSaysWhatTheCallerMayDo follows one verification through its life and reads the
// actions the owner's and the administrator's views offer at each step.
func TestVerificationSaysWhatTheCallerMayDo(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "actions@acme.example")
		adm := e.admin(t)
		check := func(step string, cl *client, path string, want api.Actions) {
			t.Helper()
			var got api.Verification
			cl.must(http.StatusOK, "GET", path, nil).JSON(t, &got)
			if diff := cmp.Diff(want, got.Actions); diff != "" {
				t.Errorf("%s: actions (-want +got):\n%s", step, diff)
			}
		}
		var created api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &created)
		check("new draft", c, "/api/verifications/"+itoa(created.ID), api.Actions{Delete: true, Upgrade: true})

		v := fillVerification(t, c, "basic")
		own, review := "/api/verifications/"+itoa(v.ID), "/api/admin/verifications/"+itoa(v.ID)
		check("complete draft", c, own, api.Actions{Submit: true, Delete: true, Upgrade: true})
		check("complete draft, reviewer", adm, review, api.Actions{Delete: true})

		c.must(http.StatusOK, "POST", own+"/submit", nil)
		check("submitted", c, own, api.Actions{Pay: true, Upgrade: true})
		check("submitted, reviewer", adm, review, api.Actions{Delete: true, Decide: true})

		adm.must(http.StatusOK, "POST", review+"/reject", map[string]string{"reason": "Unreadable passport"})
		check("rejected", c, own, api.Actions{Resubmit: true})
		check("rejected, reviewer", adm, review, api.Actions{Delete: true})

		paid := e.inReview(t, c, "basic")
		check("paid, in review", c, "/api/verifications/"+itoa(paid.ID), api.Actions{Upgrade: true})
		approved := adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(paid.ID)+"/approve", nil)
		var answer api.Verification
		approved.JSON(t, &answer)
		if diff := cmp.Diff(api.Actions{Delete: true, Certificate: true, GenerateCIS: true}, answer.Actions); diff != "" {
			t.Errorf("approve answer: actions (-want +got):\n%s", diff)
		}
	})
}
