package tests

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/user"
)

// applicantEndpoint is one route of the applicant API, with a body that would be valid for the owner.
type applicantEndpoint struct {
	method, path string
	body         any
	upload       bool
}

func applicantEndpoints(vid, repID, docID string) []applicantEndpoint {
	base := "/api/verifications/" + vid
	return []applicantEndpoint{
		{"GET", base, nil, false},
		{"DELETE", base, nil, false},
		{"POST", base + "/submit", nil, false},
		{"POST", base + "/resubmit", nil, false},
		{"GET", base + "/company-info", nil, false},
		{"POST", base + "/company-info", companyBody, false},
		{"PUT", base + "/company-info", companyBody, false},
		{"GET", base + "/representatives", nil, false},
		{"POST", base + "/representatives", representativeBody, false},
		{"PUT", base + "/representatives/" + repID, representativeBody, false},
		{"DELETE", base + "/representatives/" + repID, nil, false},
		{"POST", base + "/representatives/" + repID + "/passport", nil, true},
		{"GET", base + "/banking-info", nil, false},
		{"POST", base + "/banking-info", bankingBody, false},
		{"PUT", base + "/banking-info", bankingBody, false},
		{"POST", base + "/banking-info/reference", nil, true},
		{"GET", base + "/trade-info", nil, false},
		{"POST", base + "/trade-info", tradeBody, false},
		{"PUT", base + "/trade-info", tradeBody, false},
		{"GET", base + "/documents", nil, false},
		{"POST", base + "/documents", nil, true},
		{"DELETE", base + "/documents/" + docID, nil, false},
	}
}

func (c *client) call(ep applicantEndpoint) response {
	c.t.Helper()
	if ep.upload {
		return c.upload(ep.path, "x.pdf", pdfFile, map[string]string{"type": "additional"})
	}
	return c.do(ep.method, ep.path, ep.body)
}

// TestApplicantRoutesAreOwnerOnly calls every applicant route anonymously (401) and as another
// user (404 with no data), then checks that nothing changed.
func TestApplicantRoutesAreOwnerOnly(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		owner := e.register(t, "owner@acme.example")
		v := fillVerification(t, owner, "basic")
		vid := itoa(v.ID)
		var reps []api.Representative
		owner.must(http.StatusOK, "GET", "/api/verifications/"+vid+"/representatives", nil).JSON(t, &reps)
		var docs []api.Document
		owner.must(http.StatusOK, "GET", "/api/verifications/"+vid+"/documents", nil).JSON(t, &docs)
		docsBefore, objectsBefore := e.documentCount(t), e.objectCount(t)

		anon := e.client(t)
		other := e.register(t, "intruder@evil.example")
		for _, ep := range applicantEndpoints(vid, itoa(reps[0].ID), itoa(docs[1].ID)) {
			if r := anon.call(ep); r.Status != http.StatusUnauthorized {
				t.Errorf("anonymous %s %s: %d, want 401", ep.method, ep.path, r.Status)
			}
			r := other.call(ep)
			if r.Status != http.StatusNotFound {
				t.Errorf("other user %s %s: %d, want 404 (%s)", ep.method, ep.path, r.Status, r.Body)
			}
			for _, secret := range []string{"Acme", "P1234567", "GB29NWBK", v.PublicID} {
				if strings.Contains(string(r.Body), secret) {
					t.Errorf("other user %s %s: body leaks %q", ep.method, ep.path, secret)
				}
			}
		}
		// Files: anonymous 401, another user 404, the owner 200.
		for _, d := range docs {
			if r := anon.do("GET", d.URL, nil); r.Status != http.StatusUnauthorized {
				t.Errorf("anonymous download: %d", r.Status)
			}
			if r := other.do("GET", d.URL, nil); r.Status != http.StatusNotFound || len(r.Body) > 100 {
				t.Errorf("other user download: %d %q", r.Status, r.Body)
			}
		}
		// The other user's list does not include it.
		if r := other.must(http.StatusOK, "GET", "/api/verifications", nil); r.Header.Get("X-Total-Count") != "0" {
			t.Errorf("other user's list total %s", r.Header.Get("X-Total-Count"))
		}
		if e.documentCount(t) != docsBefore || e.objectCount(t) != objectsBefore {
			t.Errorf("documents %d->%d, objects %d->%d after refused calls", docsBefore, e.documentCount(t), objectsBefore, e.objectCount(t))
		}
		var after api.Verification
		owner.must(http.StatusOK, "GET", "/api/verifications/"+vid, nil).JSON(t, &after)
		if after.Status != "draft" || after.Progress != 100 {
			t.Errorf("verification changed by refused calls: %+v", after)
		}
	})
}

// TestUploadToAnotherUsersVerificationReadsNoBody: the owner is checked before the multipart body
// is read, so a stranger's upload is refused while its body is still arriving and costs no memory.
func TestUploadToAnotherUsersVerificationReadsNoBody(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		owner := e.register(t, "owner-body@acme.example")
		var v api.Verification
		owner.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		stranger := e.register(t, "stranger-body@acme.example")
		for _, path := range []string{"/documents", "/banking-info/reference", "/representatives/1/passport"} {
			pr, pw := io.Pipe()
			go func() { // a field, then a body that never ends
				_, _ = pw.Write([]byte("--b\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\n"))
				_, _ = pw.Write(bytes.Repeat([]byte{'x'}, 64<<10))
			}()
			done := make(chan response, 1)
			go func() {
				done <- stranger.raw("POST", "/api/verifications/"+itoa(v.ID)+path, "multipart/form-data; boundary=b", pr)
			}()
			select {
			case r := <-done:
				if r.Status != http.StatusNotFound {
					t.Errorf("%s: %d %s, want 404", path, r.Status, r.Body)
				}
				_ = pw.CloseWithError(io.ErrUnexpectedEOF)
			case <-time.After(10 * time.Second):
				t.Errorf("%s: no answer while the body was still arriving: the server is reading it first", path)
				_ = pw.CloseWithError(io.ErrUnexpectedEOF)
				<-done
			}
		}
	})
}

// TestFilePathsCannotEscape checks traversal and guessing on the download route.
func TestFilePathsCannotEscape(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "paths@acme.example")
		fillVerification(t, c, "basic")
		for _, p := range []string{"..%2F..%2Fetc%2Fpasswd", "../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd",
			"verifications/1/..%2F..%2F..%2Fsession.secret", "ttt-verify.db", "/etc/passwd", "verifications/1/"} {
			if r := c.do("GET", "/api/files/"+p, nil); r.Status != http.StatusNotFound {
				t.Errorf("GET /api/files/%s: %d %q, want 404", p, r.Status, r.Body)
			}
		}
	})
}

// staffCall is a use case of the admin area with the least role that may call it.
type staffCall struct {
	role user.Role
	call func(actor *application.User) error
}

// staffUseCases are every use case of the admin area, each with the role it needs: reviewers work
// the queue, administrators also revoke, reinstate and run the lists, failed jobs and date-range
// exports.
func staffUseCases(e *env, id int64) map[string]staffCall {
	ctx := context.Background()
	svc := e.Svc
	reviewer := func(call func(a *application.User) error) staffCall { return staffCall{user.Reviewer, call} }
	admin := func(call func(a *application.User) error) staffCall { return staffCall{user.Admin, call} }
	return map[string]staffCall{
		"Admin.List": reviewer(func(a *application.User) error {
			_, _, err := svc.Admin.List(ctx, a, application.VerificationFilter{Page: 1, PageSize: 10})
			return err
		}),
		"Admin.Stats": reviewer(func(a *application.User) error {
			_, err := svc.Admin.Stats(ctx, a, application.VerificationFilter{})
			return err
		}),
		"Admin.Get":       reviewer(func(a *application.User) error { _, err := svc.Admin.Get(ctx, a, id); return err }),
		"Admin.Events":    reviewer(func(a *application.User) error { _, err := svc.Admin.Events(ctx, a, id); return err }),
		"Admin.Approve":   reviewer(func(a *application.User) error { _, err := svc.Admin.Approve(ctx, a, id); return err }),
		"Admin.Reject":    reviewer(func(a *application.User) error { _, err := svc.Admin.Reject(ctx, a, id, "No"); return err }),
		"Admin.SendBack":  reviewer(func(a *application.User) error { _, err := svc.Admin.SendBack(ctx, a, id, "No"); return err }),
		"Admin.Revoke":    admin(func(a *application.User) error { _, err := svc.Admin.Revoke(ctx, a, id, "No"); return err }),
		"Admin.Reinstate": admin(func(a *application.User) error { _, err := svc.Admin.Reinstate(ctx, a, id, "No"); return err }),
		"Review.Company":  reviewer(func(a *application.User) error { _, err := svc.Review.Company(ctx, a, id); return err }),
		"Review.Representatives": reviewer(func(a *application.User) error {
			_, err := svc.Review.Representatives(ctx, a, id)
			return err
		}),
		"Review.Ownership":   reviewer(func(a *application.User) error { _, err := svc.Review.Ownership(ctx, a, id); return err }),
		"Review.Banking":     reviewer(func(a *application.User) error { _, err := svc.Review.Banking(ctx, a, id); return err }),
		"Review.Trade":       reviewer(func(a *application.User) error { _, err := svc.Review.Trade(ctx, a, id); return err }),
		"Review.Documents":   reviewer(func(a *application.User) error { _, err := svc.Review.Documents(ctx, a, id); return err }),
		"Review.CISForm":     reviewer(func(a *application.User) error { _, err := svc.Review.CISForm(ctx, a, id); return err }),
		"Review.Certificate": reviewer(func(a *application.User) error { _, err := svc.Review.Certificate(ctx, a, id); return err }),
		"Certificates.GenerateCIS": reviewer(func(a *application.User) error {
			_, err := svc.Certificates.GenerateCIS(ctx, a, id)
			return err
		}),
		"TopChecks.Screening": reviewer(func(a *application.User) error { _, err := svc.TopChecks.Screening(ctx, a, id); return err }),
		"TopChecks.DecideHit": reviewer(func(a *application.User) error {
			_, err := svc.TopChecks.DecideHit(ctx, a, id, 1, "false_positive", "not him")
			return err
		}),
		"TopChecks.AcknowledgePEP": reviewer(func(a *application.User) error {
			_, err := svc.TopChecks.AcknowledgePEP(ctx, a, id, "no PEP list")
			return err
		}),
		"TopChecks.CheckIdentifiersAgain": reviewer(func(a *application.User) error {
			_, err := svc.TopChecks.CheckIdentifiersAgain(ctx, a, id)
			return err
		}),
		"TopChecks.JurisdictionVersions": admin(func(a *application.User) error {
			_, err := svc.TopChecks.JurisdictionVersions(ctx, a)
			return err
		}),
		"TopChecks.ImportJurisdictions": admin(func(a *application.User) error {
			_, _, err := svc.TopChecks.ImportJurisdictions(ctx, a, screening.JurisdictionList{}, nil)
			return err
		}),
		"ReviewClaims.Claim":   reviewer(func(a *application.User) error { _, err := svc.ReviewClaims.Claim(ctx, a, id); return err }),
		"ReviewClaims.Release": reviewer(func(a *application.User) error { _, err := svc.ReviewClaims.Release(ctx, a, id); return err }),
		"ReviewClaims.TakeOver": reviewer(func(a *application.User) error {
			_, err := svc.ReviewClaims.TakeOver(ctx, a, id, "on leave")
			return err
		}),
		"ReviewClaims.Holders": reviewer(func(a *application.User) error {
			_, err := svc.ReviewClaims.Holders(ctx, a, []int64{id})
			return err
		}),
		"ReviewClaims.MayDecide": reviewer(func(a *application.User) error {
			vv, err := persistence.NewVerifications(e.DB).Get(ctx, id)
			if err != nil {
				return err
			}
			return svc.ReviewClaims.MayDecide(ctx, a, vv, true)
		}),
		"Charts.Chart": reviewer(func(a *application.User) error {
			_, err := svc.Charts.Chart(ctx, a, application.ChartNames[0], 4)
			return err
		}),
		"AuditExport.AuditTrail":  reviewer(func(a *application.User) error { _, err := svc.AuditExport.AuditTrail(ctx, a, id); return err }),
		"AuditExport.AuditReport": reviewer(func(a *application.User) error { _, err := svc.AuditExport.AuditReport(ctx, a, id); return err }),
		"AuditExport.AuditRange": admin(func(a *application.User) error {
			return svc.AuditExport.AuditRange(ctx, a, "2026-11-01", "2026-11-30", func(application.AuditEvent) error { return nil })
		}),
		"Jobs.ListFailed": admin(func(a *application.User) error { _, _, err := svc.Jobs.ListFailed(ctx, a, 1, 10); return err }),
		"Screening.ListVersions": admin(func(a *application.User) error {
			_, err := svc.Screening.ListVersions(ctx, a)
			return err
		}),
		"Screening.ListChanges": admin(func(a *application.User) error {
			_, _, err := svc.Screening.ListChanges(ctx, a, 1)
			return err
		}),
		"Screening.Freshness": admin(func(a *application.User) error { _, err := svc.Screening.Freshness(ctx, a); return err }),
		"Screening.Search": admin(func(a *application.User) error {
			_, err := svc.Screening.Search(ctx, a, application.SearchInput{Name: "Ivan Petrov"})
			return err
		}),
		"Screening.FetchLists": admin(func(a *application.User) error { _, err := svc.Screening.FetchLists(ctx, a, nil); return err }),
		"Screening.ImportList": admin(func(a *application.User) error {
			_, err := svc.Screening.ImportList(ctx, a, screening.UN, nil)
			return err
		}),
	}
}

// TestStaffUseCasesCheckTheRole calls every use case of the admin area straight on the
// application, without the HTTP layer's fence: as the verification's owner, another applicant and
// nobody each is forbidden; as a reviewer, each administrators' one is forbidden with a message
// saying so, and nothing changes; then each reviewers' one passes the reviewer.
func TestStaffUseCasesCheckTheRole(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "applicant@acme.example")
		e.register(t, "other@acme.example")
		if _, err := e.Auth.EnsureStaff(context.Background(), "checker@ttt.example", "reviewer-secret", user.Reviewer, false); err != nil {
			t.Fatal(err)
		}
		v := e.inReview(t, c, "basic")
		svc := e.Svc
		calls := staffUseCases(e, v.ID)
		// Every exported use case of these services is staff's, but the claims' TTL arithmetic, the
		// job handlers, the scheduled refresh, the owners' status read and what other use cases ask
		// of TopChecks inside their own checks (its role interfaces, which take no actor): none may
		// be missing here.
		notStaff := map[string]bool{"TopChecks.Run": true, "TopChecks.Rescreen": true, "TopChecks.Summaries": true,
			"TopChecks.ScreenSubmitted": true, "TopChecks.ApprovalBlock": true, "TopChecks.Claims": true,
			"ReviewClaims.LiveSince": true, "Screening.RefreshLists": true, "Screening.Index": true, "Jobs.Discarded": true}
		for _, s := range []any{svc.Admin, svc.Review, svc.TopChecks, svc.ReviewClaims, svc.Charts, svc.AuditExport, svc.Jobs, svc.Screening} {
			typ := reflect.TypeOf(s)
			for i := range typ.NumMethod() {
				if name := typ.Elem().Name() + "." + typ.Method(i).Name; calls[name].call == nil && !notStaff[name] {
					t.Errorf("%s is not called with its role", name)
				}
			}
		}
		var before api.Verification
		c.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID), nil).JSON(t, &before)
		eventsBefore := auditActions(t, e, v.ID)
		objectsBefore := e.objectCount(t)
		for _, actor := range []*application.User{e.user(t, "applicant@acme.example"), e.user(t, "other@acme.example"), nil} {
			for name, sc := range calls {
				if err := sc.call(actor); !errors.Is(err, application.ErrForbidden) || errs.KindOf(err) != errs.KindForbidden {
					t.Errorf("%s as %v: %v, want forbidden", name, actor, err)
				}
			}
		}
		checker := e.user(t, "checker@ttt.example")
		adminOnly := 0
		for name, sc := range calls {
			if sc.role != user.Admin {
				continue
			}
			adminOnly++
			err := sc.call(checker)
			if !errors.Is(err, application.ErrForbidden) || errs.KindOf(err) != errs.KindForbidden ||
				!strings.Contains(err.Error(), "Only administrators") {
				t.Errorf("%s as a reviewer: %v, want forbidden to reviewers", name, err)
			}
		}
		if adminOnly < 12 {
			t.Errorf("%d administrators' use cases, want every one of revoke, reinstate, lists, jobs and the range export", adminOnly)
		}
		var after api.Verification
		c.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID), nil).JSON(t, &after)
		if diff := cmp.Diff(before, after); diff != "" {
			t.Errorf("verification changed by refused calls (-before +after):\n%s", diff)
		}
		if diff := cmp.Diff(eventsBefore, auditActions(t, e, v.ID)); diff != "" {
			t.Errorf("audit trail changed by refused calls (-before +after):\n%s", diff)
		}
		if n := e.objectCount(t); n != objectsBefore {
			t.Errorf("objects %d -> %d after refused calls", objectsBefore, n)
		}
		// The reviewer passes the role check of every reviewers' use case; some then meet a rule of
		// the record (a Basic verification has no screening, a decided one cannot be decided again).
		for name, sc := range calls {
			if sc.role != user.Reviewer {
				continue
			}
			if err := sc.call(checker); errs.KindOf(err) == errs.KindForbidden {
				t.Errorf("%s as a reviewer: %v, want allowed", name, err)
			}
		}
	})
}

// auditActions lists the actions of a verification's audit trail, oldest first.
func auditActions(t *testing.T, e *env, id int64) []string {
	t.Helper()
	events, err := e.Svc.Verifications.AuditTrail(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	actions := make([]string, len(events))
	for i, ev := range events {
		actions[i] = ev.Action
	}
	return actions
}
