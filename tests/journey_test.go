package tests

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/domain/verification"
)

// TestApplicantJourneyOverHTTP is the foundation's acceptance test: register, create, fill all five
// sections with uploads, submit, and read back submitted at 100%.
func TestApplicantJourneyOverHTTP(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "trader@acme.example")
		v := fillVerification(t, c, "basic")
		base := "/api/verifications/" + itoa(v.ID)

		var got api.Verification
		c.must(http.StatusOK, "GET", base, nil).JSON(t, &got)
		if got.Status != "draft" || got.Progress != 100 {
			t.Fatalf("before submit: status %s progress %d, want draft 100", got.Status, got.Progress)
		}
		c.must(http.StatusOK, "POST", base+"/submit", nil).JSON(t, &got)
		if got.Status != "submitted" || got.Progress != 100 || got.PaymentStatus != "pending" {
			t.Fatalf("after submit: %+v", got)
		}
		c.must(http.StatusOK, "GET", base, nil).JSON(t, &got)
		if got.Status != "submitted" {
			t.Fatalf("read back status %s", got.Status)
		}

		// The sections read back as saved.
		company := c.must(http.StatusOK, "GET", base+"/company-info", nil).Map(t)
		if company["companyName"] != "Acme Metals Ltd" || company["countryOfIncorporation"] != "SG" {
			t.Fatalf("company %v", company)
		}
		var reps []map[string]any
		c.must(http.StatusOK, "GET", base+"/representatives", nil).JSON(t, &reps)
		if len(reps) != 1 || reps[0]["passportFileId"] == nil || !strings.HasPrefix(reps[0]["documentUrl"].(string), "/api/files/") {
			t.Fatalf("representatives %v", reps)
		}
		var docs []map[string]any
		c.must(http.StatusOK, "GET", base+"/documents", nil).JSON(t, &docs)
		if len(docs) != 4 { // passport + three required documents
			t.Fatalf("%d documents, want 4", len(docs))
		}
		// Every listed file downloads with its detected type.
		for _, d := range docs {
			r := c.do("GET", d["url"].(string), nil)
			if r.Status != http.StatusOK || r.Header.Get("Content-Type") != d["mimeType"] || r.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Fatalf("download %s: %d %q", d["url"], r.Status, r.Header.Get("Content-Type"))
			}
		}

		// The list shows it, with the total in X-Total-Count.
		r := c.must(http.StatusOK, "GET", "/api/verifications?status=submitted", nil)
		var list []api.Verification
		r.JSON(t, &list)
		if len(list) != 1 || list[0].ID != v.ID || r.Header.Get("X-Total-Count") != "1" {
			t.Fatalf("list %v total %q", list, r.Header.Get("X-Total-Count"))
		}
	})
}

// TestAuditTrail checks that every state change is recorded with who, from and to.
func TestAuditTrail(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "audit@acme.example")
		v := submitted(t, c, "top")
		events, err := e.Svc.Verifications.AuditTrail(context.Background(), v.ID)
		if err != nil {
			t.Fatal(err)
		}
		var actions []string
		for _, ev := range events {
			actions = append(actions, ev.Action+":"+ev.From+">"+ev.To)
			if ev.ActorEmail != "audit@acme.example" {
				t.Errorf("event %s by %q", ev.Action, ev.ActorEmail)
			}
		}
		if strings.Join(actions, ",") != "create:>draft,submit:draft>submitted" {
			t.Fatalf("audit trail %v", actions)
		}
	})
}

// TestProgressFollowsSections checks that progress moves 20 points per completed section.
func TestProgressFollowsSections(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "progress@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		base := "/api/verifications/" + itoa(v.ID)
		progress := func() int {
			var got api.Verification
			c.must(http.StatusOK, "GET", base, nil).JSON(t, &got)
			return got.Progress
		}
		steps := []struct {
			do   func()
			want int
		}{
			{func() { c.must(http.StatusOK, "PUT", base+"/company-info", companyBody) }, 20},
			{func() { c.must(http.StatusCreated, "POST", base+"/representatives", representativeBody) }, 40},
			{func() { c.must(http.StatusOK, "POST", base+"/banking-info", bankingBody) }, 60},
			{func() { c.must(http.StatusOK, "POST", base+"/trade-info", tradeBody) }, 80},
			{func() {
				for _, typ := range verification.RequiredDocumentTypes {
					c.upload(base+"/documents", "d.pdf", pdfFile, map[string]string{"type": typ.String()})
				}
			}, 100},
		}
		for i, s := range steps {
			s.do()
			if got := progress(); got != s.want {
				t.Fatalf("after step %d progress %d, want %d", i+1, got, s.want)
			}
		}
		// Deleting a required document takes the documents section back out.
		var docs []struct{ ID int64 }
		c.must(http.StatusOK, "GET", base+"/documents", nil).JSON(t, &docs)
		c.must(http.StatusNoContent, "DELETE", base+"/documents/"+itoa(docs[0].ID), nil)
		if got := progress(); got != 80 {
			t.Fatalf("after deleting a document progress %d, want 80", got)
		}
	})
}
