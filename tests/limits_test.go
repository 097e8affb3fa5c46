package tests

import (
	"net/http"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
)

// withLimits serves the environment with these per-user and per-verification limits.
func withLimits(l application.Limits) envOption {
	return func(_ *testing.T, e *env) { e.cfg.Limits = l }
}

// TestDraftAndFileLimits: a user cannot open more drafts, nor put more files on one verification,
// than the configured limits, and is told why; deleting one makes room again; submitted
// verifications do not count.
func TestDraftAndFileLimits(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "hoarder@acme.example")
		submitted(t, c, "basic") // not a draft: it does not count
		var drafts []api.Verification
		for range 2 {
			var v api.Verification
			c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
			drafts = append(drafts, v)
		}
		c.mustFail(http.StatusConflict, api.Error{Message: "You have 2 verifications in progress, the most allowed; submit or delete one before starting another"},
			"POST", "/api/verifications", map[string]string{"tier": "top"})
		e.register(t, "neighbour@acme.example").must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"})
		c.must(http.StatusNoContent, "DELETE", "/api/verifications/"+itoa(drafts[1].ID), nil)
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "top"})

		base := "/api/verifications/" + itoa(drafts[0].ID)
		for range 4 {
			if r := c.upload(base+"/documents", "a.pdf", pdfFile, map[string]string{"type": "additional"}); r.Status != http.StatusCreated {
				t.Fatalf("upload: %d %s", r.Status, r.Body)
			}
		}
		objects := e.objectCount(t)
		r := c.upload(base+"/documents", "a.pdf", pdfFile, map[string]string{"type": "additional"})
		if msg, _ := r.Map(t)["message"].(string); r.Status != http.StatusConflict ||
			msg != "This verification has 4 files, the most allowed; delete one before uploading another" {
			t.Fatalf("fifth file: %d %s", r.Status, r.Body)
		}
		if e.objectCount(t) != objects {
			t.Error("the refused file was stored")
		}
		var docs []struct{ ID int64 }
		c.must(http.StatusOK, "GET", base+"/documents", nil).JSON(t, &docs)
		c.must(http.StatusNoContent, "DELETE", base+"/documents/"+itoa(docs[0].ID), nil)
		if r := c.upload(base+"/documents", "a.pdf", pdfFile, map[string]string{"type": "additional"}); r.Status != http.StatusCreated {
			t.Fatalf("upload after a delete: %d %s", r.Status, r.Body)
		}
	}, withLimits(application.Limits{OpenVerifications: 2, FilesPerVerification: 4}))
}
