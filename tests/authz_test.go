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

// TestAdminUseCasesRefuseNonAdmins calls every administrator use case straight on the application,
// without the HTTP layer's fence, as the verification's owner and as another applicant: each answers
// forbidden, and nothing changes.
func TestAdminUseCasesRefuseNonAdmins(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "applicant@acme.example")
		e.register(t, "other@acme.example")
		v := e.inReview(t, c, "basic")
		ctx := context.Background()
		svc := e.Svc
		calls := map[string]func(actor *application.User) error{
			"Admin.List": func(a *application.User) error {
				_, _, err := svc.Admin.List(ctx, a, application.VerificationFilter{Page: 1, PageSize: 10})
				return err
			},
			"Admin.Stats": func(a *application.User) error {
				_, err := svc.Admin.Stats(ctx, a, application.VerificationFilter{})
				return err
			},
			"Admin.Get":     func(a *application.User) error { _, err := svc.Admin.Get(ctx, a, v.ID); return err },
			"Admin.Events":  func(a *application.User) error { _, err := svc.Admin.Events(ctx, a, v.ID); return err },
			"Admin.Approve": func(a *application.User) error { _, err := svc.Admin.Approve(ctx, a, v.ID); return err },
			"Admin.Reject":  func(a *application.User) error { _, err := svc.Admin.Reject(ctx, a, v.ID, "No"); return err },
			"Admin.Revoke":  func(a *application.User) error { _, err := svc.Admin.Revoke(ctx, a, v.ID, "No"); return err },
			"Admin.SendBack": func(a *application.User) error {
				_, err := svc.Admin.SendBack(ctx, a, v.ID, "No")
				return err
			},
			"Admin.Reinstate": func(a *application.User) error {
				_, err := svc.Admin.Reinstate(ctx, a, v.ID, "No")
				return err
			},
			"Review.Company": func(a *application.User) error {
				_, err := svc.Review.Company(ctx, a, v.ID)
				return err
			},
			"Review.Representatives": func(a *application.User) error {
				_, err := svc.Review.Representatives(ctx, a, v.ID)
				return err
			},
			"Review.Ownership":   func(a *application.User) error { _, err := svc.Review.Ownership(ctx, a, v.ID); return err },
			"Review.Banking":     func(a *application.User) error { _, err := svc.Review.Banking(ctx, a, v.ID); return err },
			"Review.Trade":       func(a *application.User) error { _, err := svc.Review.Trade(ctx, a, v.ID); return err },
			"Review.Documents":   func(a *application.User) error { _, err := svc.Review.Documents(ctx, a, v.ID); return err },
			"Review.CISForm":     func(a *application.User) error { _, err := svc.Review.CISForm(ctx, a, v.ID); return err },
			"Review.Certificate": func(a *application.User) error { _, err := svc.Review.Certificate(ctx, a, v.ID); return err },
			"Certificates.GenerateCIS": func(a *application.User) error {
				_, err := svc.Certificates.GenerateCIS(ctx, a, v.ID)
				return err
			},
			"TopChecks.Screening": func(a *application.User) error { _, err := svc.TopChecks.Screening(ctx, a, v.ID); return err },
			"TopChecks.DecideHit": func(a *application.User) error {
				_, err := svc.TopChecks.DecideHit(ctx, a, v.ID, 1, "false_positive", "not him")
				return err
			},
			"TopChecks.AcknowledgePEP": func(a *application.User) error {
				_, err := svc.TopChecks.AcknowledgePEP(ctx, a, v.ID, "no PEP list")
				return err
			},
			"TopChecks.AttentionCount": func(a *application.User) error {
				_, err := svc.TopChecks.AttentionCount(ctx, a, application.VerificationFilter{})
				return err
			},
			"TopChecks.JurisdictionVersions": func(a *application.User) error {
				_, err := svc.TopChecks.JurisdictionVersions(ctx, a)
				return err
			},
			"TopChecks.CheckIdentifiersAgain": func(a *application.User) error {
				_, err := svc.TopChecks.CheckIdentifiersAgain(ctx, a, v.ID)
				return err
			},
			"ReviewClaims.Claim": func(a *application.User) error { _, err := svc.ReviewClaims.Claim(ctx, a, v.ID); return err },
			"ReviewClaims.Release": func(a *application.User) error {
				_, err := svc.ReviewClaims.Release(ctx, a, v.ID)
				return err
			},
			"ReviewClaims.TakeOver": func(a *application.User) error {
				_, err := svc.ReviewClaims.TakeOver(ctx, a, v.ID, "on leave")
				return err
			},
			"ReviewClaims.Holders": func(a *application.User) error {
				_, err := svc.ReviewClaims.Holders(ctx, a, []int64{v.ID})
				return err
			},
			"ReviewClaims.MayDecide": func(a *application.User) error {
				vv, err := persistence.NewVerifications(e.DB).Get(ctx, v.ID)
				if err != nil {
					return err
				}
				return svc.ReviewClaims.MayDecide(ctx, a, vv, true)
			},
			"TopChecks.ImportJurisdictions": func(a *application.User) error {
				_, _, err := svc.TopChecks.ImportJurisdictions(ctx, a, screening.JurisdictionList{}, nil)
				return err
			},
		}
		// Every exported use case of Admin, Review and ReviewClaims is administrators' only (but the
		// claims' TTL arithmetic), and of TopChecks all but the job handlers, the owners' status read and
		// what other use cases ask of it inside their own checks (its role interfaces, which take no
		// actor): none may be missing here.
		notAdmins := map[string]bool{"TopChecks.Run": true, "TopChecks.Rescreen": true, "TopChecks.Summaries": true,
			"TopChecks.ScreenSubmitted": true, "TopChecks.ApprovalBlock": true, "TopChecks.Claims": true,
			"ReviewClaims.LiveSince": true}
		for _, s := range []any{svc.Admin, svc.Review, svc.TopChecks, svc.ReviewClaims} {
			typ := reflect.TypeOf(s)
			for i := range typ.NumMethod() {
				if name := typ.Elem().Name() + "." + typ.Method(i).Name; calls[name] == nil && !notAdmins[name] {
					t.Errorf("%s is not called as a non-admin", name)
				}
			}
		}
		var before api.Verification
		c.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID), nil).JSON(t, &before)
		eventsBefore := auditActions(t, e, v.ID)
		objectsBefore := e.objectCount(t)
		for _, actor := range []*application.User{e.user(t, "applicant@acme.example"), e.user(t, "other@acme.example"), nil} {
			for name, call := range calls {
				if err := call(actor); !errors.Is(err, application.ErrForbidden) || errs.KindOf(err) != errs.KindForbidden {
					t.Errorf("%s as %v: %v, want forbidden", name, actor, err)
				}
			}
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
