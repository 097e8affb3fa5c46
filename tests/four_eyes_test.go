package tests

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/domain/verification"
)

// withFourEyes sets FOUR_EYES.
func withFourEyes(p verification.FourEyes) envOption {
	return func(_ *testing.T, e *env) { e.cfg.FourEyes = p }
}

// sameApprover is the refusal of a second approval (or a send-back) by the first approver.
var sameApprover = api.Error{Message: "The second approval must come from another reviewer"}

// issued counts what an approval of verification id issues: the applicant's approval e-mails and
// CIS jobs queued (no workers run here, so they wait in the table).
func (e *env) issued(t *testing.T, id int64) (emails, cis int) {
	t.Helper()
	for _, j := range e.queuedJobs(t, 0) {
		args := strings.ReplaceAll(j.Args, " ", "") // PostgreSQL spaces its JSON text
		switch {
		case j.Kind == "send_email" && strings.Contains(args, `"approved:`+itoa(id)+`:`):
			emails++
		case j.Kind == "generate_cis" && strings.Contains(args, `"verificationId":`+itoa(id)+`}`):
			cis++
		}
	}
	return emails, cis
}

// TestFourEyesTop: with FOUR_EYES=top a Top approval by one administrator issues nothing and the
// applicant still sees it in review; its approver cannot confirm or send it back; another sends it
// back with a note, which returns it to the queue; a new first approval confirmed by someone else
// issues the certificate, its e-mail and its CIS; the audit trail and its CSV show every step.
func TestFourEyesTop(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		applicant := e.register(t, "top@foureyes.example")
		v := e.inReview(t, applicant, "top")
		ana, ben := e.reviewer(t, "ana@ttt.example"), e.reviewer(t, "ben@ttt.example")
		e.clearScreening(t, e.user(t, "ana@ttt.example"), v.ID)
		path := "/api/admin/verifications/" + itoa(v.ID)

		ana.must(http.StatusOK, "POST", path+"/claim", nil)
		var got api.AdminVerification
		ana.must(http.StatusOK, "POST", path+"/approve", nil).JSON(t, &got)
		if got.Status != "in_review" || !got.FourEyes || got.Claim != nil || got.FirstApproval == nil || !got.FirstApproval.Awaiting ||
			got.FirstApproval.ApproverEmail != "ana@ttt.example" || !got.FirstApproval.Mine || e.clock.Now().Sub(got.FirstApproval.ApprovedAt) > time.Second {
			t.Fatalf("after ana's approval: status %s, claim %+v, first approval %+v; want in review, unclaimed, ana's awaiting",
				got.Status, got.Claim, got.FirstApproval)
		}
		if emails, cis := e.issued(t, v.ID); emails != 0 || cis != 0 {
			t.Fatalf("a first approval queued %d approval e-mails and %d CIS jobs; want none", emails, cis)
		}
		e.client(t).mustFail(http.StatusForbidden, api.Error{Message: "This verification is not available"}, "GET",
			"/api/public/verifications/"+v.PublicID, nil)
		seen := applicant.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID), nil)
		if st := seen.Map(t)["status"]; st != "in_review" || strings.Contains(string(seen.Body), "ana@") {
			t.Fatalf("the applicant sees status %v (%s); want in_review and no approver", st, seen.Body)
		}
		if ids := queueIDs(t, ben, "&secondReview=awaiting"); !slices.Equal(ids, []int64{v.ID}) {
			t.Fatalf("awaiting second review: %v, want [%d]", ids, v.ID)
		}
		if fa := adminView(t, ben, v.ID).FirstApproval; fa == nil || fa.Mine || !fa.Awaiting {
			t.Fatalf("ben sees first approval %+v, want ana's, awaiting, not his", fa)
		}

		ana.mustFail(http.StatusForbidden, sameApprover, "POST", path+"/approve", nil)
		ana.mustFail(http.StatusForbidden, sameApprover, "POST", path+"/send-back", api.Reason{Reason: "On second thought"})
		ben.mustFail(http.StatusBadRequest, api.Error{Message: "A note is required to send an approval back",
			Errors: map[string]string{"reason": "A note is required to send an approval back"}}, "POST", path+"/send-back", api.Reason{Reason: " "})

		ben.must(http.StatusOK, "POST", path+"/send-back", api.Reason{Reason: "The UBO register extract is out of date"}).JSON(t, &got)
		want := &api.SendBack{ByEmail: "ben@ttt.example", Note: "The UBO register extract is out of date"}
		if got.Status != "in_review" || got.FirstApproval == nil || got.FirstApproval.Awaiting ||
			!cmp.Equal(want, got.FirstApproval.SentBack, cmpopts.IgnoreFields(api.SendBack{}, "At")) {
			t.Fatalf("after the send-back: status %s, first approval %+v; want in review, sent back %+v", got.Status, got.FirstApproval, want)
		}
		if ids := queueIDs(t, ben, "&secondReview=awaiting"); len(ids) != 0 {
			t.Fatalf("a sent-back approval still awaits a second review: %v", ids)
		}
		if ids := queueIDs(t, ben, "&status=in_review&claim=unclaimed"); !slices.Equal(ids, []int64{v.ID}) {
			t.Fatalf("the unclaimed queue after the send-back: %v, want [%d]", ids, v.ID)
		}
		ben.mustFail(http.StatusConflict, api.Error{Message: "This verification is not awaiting a second review"},
			"POST", path+"/send-back", api.Reason{Reason: "Again"})

		e.clock.Advance(20 * time.Minute)
		ben.must(http.StatusOK, "POST", path+"/approve", nil)
		if emails, cis := e.issued(t, v.ID); emails != 0 || cis != 0 {
			t.Fatalf("ben's first approval queued %d approval e-mails and %d CIS jobs; want none", emails, cis)
		}
		ana.must(http.StatusOK, "POST", path+"/approve", nil).JSON(t, &got)
		if got.Status != "approved" || got.FirstApproval != nil {
			t.Fatalf("after ana's confirmation: status %s, first approval %+v; want approved, none", got.Status, got.FirstApproval)
		}
		if emails, cis := e.issued(t, v.ID); emails != 1 || cis != 1 {
			t.Fatalf("the confirmation queued %d approval e-mails and %d CIS jobs; want one each", emails, cis)
		}
		if pub := publicOf(t, e.client(t), v.PublicID); pub.CertificateStatus != "valid" {
			t.Fatalf("public certificate %+v", pub)
		}

		steps := []string{"first-approval by ana@ttt.example: awaiting second review",
			"send-back by ben@ttt.example: first approval by ana@ttt.example sent back: The UBO register extract is out of date",
			"first-approval by ben@ttt.example: awaiting second review",
			"approve by ana@ttt.example: second approval, confirming the first by ben@ttt.example on Nov 22, 2026, 09:20 AM UTC"}
		trail := claimTrail(t, ana, v.ID)
		if diff := cmp.Diff(steps, trail[len(trail)-4:]); diff != "" {
			t.Errorf("audit trail (-want +got):\n%s", diff)
		}
		var exported []string
		for _, r := range readCSV(t, ana.must(http.StatusOK, "GET", path+"/audit.csv", nil)) {
			if r[0] == "event" && (strings.Contains(r[3], "approv") || r[3] == "send-back") {
				exported = append(exported, r[3]+" by "+r[2]+": "+r[9])
			}
		}
		if diff := cmp.Diff(steps, exported); diff != "" {
			t.Errorf("the audit CSV's approvals (-want +got):\n%s", diff)
		}

		// top leaves Basic to one approval.
		b := e.inReview(t, applicant, "basic")
		ben.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(b.ID)+"/approve", nil).JSON(t, &got)
		if got.Status != "approved" || got.FourEyes || got.FirstApproval != nil {
			t.Fatalf("a Basic approval under top: status %s, first approval %+v; want approved at once", got.Status, got.FirstApproval)
		}
	}, withFourEyes(verification.FourEyesTop))
}

// TestFourEyesAll: with FOUR_EYES=all a Basic approval waits for a second administrator too, and
// one administrator's rejection (even the first approver's) decides it while it waits.
func TestFourEyesAll(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		applicant := e.register(t, "all@foureyes.example")
		v := e.inReview(t, applicant, "basic")
		ana, ben := e.reviewer(t, "ana@ttt.example"), e.reviewer(t, "ben@ttt.example")
		path := "/api/admin/verifications/" + itoa(v.ID)
		var got api.AdminVerification
		ana.must(http.StatusOK, "POST", path+"/approve", nil).JSON(t, &got)
		if got.Status != "in_review" || !got.FirstApproval.Awaiting {
			t.Fatalf("a Basic approval under all: status %s, first approval %+v; want awaiting", got.Status, got.FirstApproval)
		}
		ana.must(http.StatusOK, "POST", path+"/reject", api.Reason{Reason: "The bank letter is not the company's"}).JSON(t, &got)
		if got.Status != "rejected" || got.FirstApproval != nil {
			t.Fatalf("after the rejection: status %s, first approval %+v; want rejected, none", got.Status, got.FirstApproval)
		}
		if emails, _ := e.issued(t, v.ID); emails != 0 {
			t.Fatalf("a rejected verification queued %d approval e-mails", emails)
		}
		if ids := queueIDs(t, ben, "&secondReview=awaiting"); len(ids) != 0 {
			t.Fatalf("a rejected verification awaits a second review: %v", ids)
		}
		ben.mustFail(http.StatusBadRequest, api.Error{Message: "secondReview must be awaiting"}, "GET",
			"/api/admin/verifications?secondReview=yes", nil)
	}, withFourEyes(verification.FourEyesAll))
}

// TestFourEyesOff: by default one approval of a Top verification issues the certificate, as the
// spec has it, and there is no second review to send back.
func TestFourEyesOff(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		v := e.inReview(t, e.register(t, "off@foureyes.example"), "top")
		ana := e.reviewer(t, "ana@ttt.example")
		e.clearScreening(t, e.user(t, "ana@ttt.example"), v.ID)
		path := "/api/admin/verifications/" + itoa(v.ID)
		var got api.AdminVerification
		ana.must(http.StatusOK, "POST", path+"/approve", nil).JSON(t, &got)
		if got.Status != "approved" || got.FirstApproval != nil {
			t.Fatalf("FOUR_EYES=off: status %s, first approval %+v; want approved at once", got.Status, got.FirstApproval)
		}
		if emails, cis := e.issued(t, v.ID); emails != 1 || cis != 1 {
			t.Fatalf("the approval queued %d approval e-mails and %d CIS jobs; want one each", emails, cis)
		}
		ana.mustFail(http.StatusConflict, api.Error{Message: "This verification is not awaiting a second review"},
			"POST", path+"/send-back", api.Reason{Reason: "No"})
	})
}
