package tests

import (
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// actionsJSON is a verification's "actions": what the caller may do now.
type actionsJSON struct {
	Submit   bool `json:"submit"`
	Resubmit bool `json:"resubmit"`
	Pay      bool `json:"pay"`
	Delete   bool `json:"delete"`
	Upgrade  bool `json:"upgrade"`
	Decide   bool `json:"decide"`
}

// TestVerificationSaysWhatTheCallerMayDo follows one verification through its life and reads the
// actions the owner's and the administrator's views offer at each step.
func TestVerificationSaysWhatTheCallerMayDo(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "actions@acme.example")
		adm := e.admin(t)
		check := func(step string, cl *client, path string, want actionsJSON) {
			t.Helper()
			var got struct {
				Actions actionsJSON `json:"actions"`
			}
			cl.must(http.StatusOK, "GET", path, nil).JSON(t, &got)
			if diff := cmp.Diff(want, got.Actions); diff != "" {
				t.Errorf("%s: actions (-want +got):\n%s", step, diff)
			}
		}
		var created verificationJSON
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &created)
		check("new draft", c, "/api/verifications/"+itoa(created.ID), actionsJSON{Delete: true, Upgrade: true})

		v := fillVerification(t, c, "basic")
		own, review := "/api/verifications/"+itoa(v.ID), "/api/admin/verifications/"+itoa(v.ID)
		check("complete draft", c, own, actionsJSON{Submit: true, Delete: true, Upgrade: true})
		check("complete draft, reviewer", adm, review, actionsJSON{Delete: true})

		c.must(http.StatusOK, "POST", own+"/submit", nil)
		check("submitted", c, own, actionsJSON{Pay: true, Upgrade: true})
		check("submitted, reviewer", adm, review, actionsJSON{Delete: true, Decide: true})

		adm.must(http.StatusOK, "POST", review+"/reject", map[string]string{"reason": "Unreadable passport"})
		check("rejected", c, own, actionsJSON{Resubmit: true})
		check("rejected, reviewer", adm, review, actionsJSON{Delete: true})

		paid := e.inReview(t, c, "basic")
		check("paid, in review", c, "/api/verifications/"+itoa(paid.ID), actionsJSON{Upgrade: true})
		approved := adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(paid.ID)+"/approve", nil)
		var answer struct {
			Actions actionsJSON `json:"actions"`
		}
		approved.JSON(t, &answer)
		if diff := cmp.Diff(actionsJSON{Delete: true}, answer.Actions); diff != "" {
			t.Errorf("approve answer: actions (-want +got):\n%s", diff)
		}
	})
}
