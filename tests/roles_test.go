package tests

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/user"
)

// staff creates a staff account of role and returns a client signed in as it.
func (e *env) staff(t *testing.T, email string, role user.Role) *client {
	t.Helper()
	if _, err := e.Auth.EnsureStaff(context.Background(), email, "staff-password", role, false); err != nil {
		t.Fatal(err)
	}
	c := e.client(t)
	c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": email, "password": "staff-password"})
	return c
}

// TestReviewerWorksTheQueueOnly: through the API, a reviewer claims, approves and rejects, and
// exports one verification's audit trail; revoking, reinstating, deleting an applicant's
// verification, the lists, the failed jobs and the date-range export answer 403 with the
// administrators-only message, and change nothing. /api/user tells each role.
func TestReviewerWorksTheQueueOnly(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		applicant := e.register(t, "roles@acme.example")
		checker := e.staff(t, "checker@ttt.example", user.Reviewer)
		boss := e.staff(t, "boss@ttt.example", user.Admin)
		for c, want := range map[*client]string{applicant: "applicant", checker: "reviewer", boss: "admin"} {
			me := c.must(http.StatusOK, "GET", "/api/user", nil).Map(t)
			if me["role"] != want || me["isAdmin"] != (want != "applicant") {
				t.Errorf("/api/user %v, want role %s", me, want)
			}
		}

		toApprove, toReject := e.inReview(t, applicant, "basic"), e.inReview(t, applicant, "basic")
		admin := "/api/admin/verifications/"
		var claimed api.AdminVerification
		checker.must(http.StatusOK, "POST", admin+itoa(toApprove.ID)+"/claim", nil).JSON(t, &claimed)
		if claimed.Claim == nil || claimed.Claim.HolderEmail != "checker@ttt.example" {
			t.Fatalf("claimed by the reviewer: %+v", claimed.Claim)
		}
		var approved api.Verification
		checker.must(http.StatusOK, "POST", admin+itoa(toApprove.ID)+"/approve", nil).JSON(t, &approved)
		if approved.Status != "approved" {
			t.Fatalf("approved by the reviewer: %s", approved.Status)
		}
		checker.must(http.StatusOK, "POST", admin+itoa(toReject.ID)+"/reject", map[string]string{"reason": "Passport scan is unreadable"})
		checker.must(http.StatusOK, "GET", admin+itoa(toApprove.ID)+"/audit.csv", nil)
		checker.must(http.StatusOK, "GET", "/api/admin/charts/"+application.ChartDecisions, nil)

		before, eventsBefore := adminView(t, boss, toApprove.ID), auditActions(t, e, toApprove.ID)
		adminOnly := api.Error{Message: "Only administrators may do this; your role is reviewer"}
		for _, call := range []struct {
			method, path string
			body         any
		}{
			{"POST", admin + itoa(toApprove.ID) + "/revoke", map[string]string{"reason": "Forged"}},
			{"POST", admin + itoa(toApprove.ID) + "/reinstate", map[string]string{"reason": "Cleared"}},
			{"DELETE", "/api/verifications/" + itoa(toApprove.ID), nil},
			{"GET", "/api/admin/jobs/failed", nil},
			{"GET", "/api/admin/screening/lists", nil},
			{"GET", "/api/admin/screening/freshness", nil},
			{"POST", "/api/admin/screening/search", map[string]string{"name": "Ivan Petrov"}},
			{"GET", "/api/admin/audit.csv?from=2026-11-01&to=2026-11-30", nil},
		} {
			checker.mustFail(http.StatusForbidden, adminOnly, call.method, call.path, call.body)
		}
		after := adminView(t, boss, toApprove.ID)
		if after.Status != before.Status || after.RevokedAt != nil || after.Deleted {
			t.Errorf("changed by a reviewer's refused calls: %+v", after)
		}
		if got := auditActions(t, e, toApprove.ID); len(got) != len(eventsBefore) {
			t.Errorf("audit trail %v -> %v after refused calls", eventsBefore, got)
		}
		// The administrator may do what the reviewer may not.
		boss.must(http.StatusOK, "POST", admin+itoa(toApprove.ID)+"/revoke", map[string]string{"reason": "Forged"})
		boss.must(http.StatusOK, "GET", "/api/admin/jobs/failed", nil)
	})
}

// TestStaffNotificationsFollowTheRole: a verification entering review tells reviewers and
// administrators; a failed job, which only the administrators' page shows, tells administrators.
func TestStaffNotificationsFollowTheRole(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		checker := e.staff(t, "checker@ttt.example", user.Reviewer)
		boss := e.staff(t, "boss@ttt.example", user.Admin)
		applicant := e.register(t, "bell@acme.example")
		v := submitted(t, applicant, "basic")
		intentID, _ := applicant.intent(v.ID, "")["paymentIntentId"].(string)
		if r := applicant.confirmCard(intentID, "4242424242424242"); r.Status != http.StatusOK {
			t.Fatalf("card payment: %d %s", r.Status, r.Body)
		}
		if err := e.Svc.Jobs.Discarded(context.Background(), application.FailedJob{ID: 41, Kind: "generate_cis", Attempts: 3,
			MaxAttempts: 3, LastError: "disk full"}); err != nil {
			t.Fatal(err)
		}
		if got := checker.bellKinds(); !slices.Equal(got, []string{"review_entered"}) {
			t.Errorf("reviewer's bell %q, want the review only", got)
		}
		if got := boss.bellKinds(); !slices.Equal(got, []string{"job_failed", "review_entered"}) {
			t.Errorf("administrator's bell %q, want the failed job and the review", got)
		}
	})
}
