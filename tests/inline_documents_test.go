package tests

import (
	"net/http"
	"strings"
	"testing"
)

// TestDocumentsFrameOnlyInThisSite: the reviewer views documents inline, so a file may be framed by
// this site's own pages (X-Frame-Options SAMEORIGIN, frame-ancestors 'self', and the pages allow
// 'self' frames), while every other response still refuses framing.
func TestDocumentsFrameOnlyInThisSite(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "frames@acme.example")
		v := fillVerification(t, c, "basic")
		var docs []struct {
			URL string `json:"url"`
		}
		c.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID)+"/documents", nil).JSON(t, &docs)
		if len(docs) == 0 {
			t.Fatal("no documents")
		}
		file := c.must(http.StatusOK, "GET", docs[0].URL, nil)
		if got := file.Header.Get("X-Frame-Options"); got != "SAMEORIGIN" {
			t.Errorf("file X-Frame-Options %q, want SAMEORIGIN", got)
		}
		if csp := file.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'self'") || strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("file CSP %q, want frame-ancestors 'self'", csp)
		}
		page := c.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID), nil)
		if got := page.Header.Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("API X-Frame-Options %q, want DENY", got)
		}
		csp := page.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "frame-src 'self'") {
			t.Errorf("API CSP %q: want frame-ancestors 'none' and frame-src 'self'", csp)
		}
	})
}
