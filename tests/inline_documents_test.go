package tests

import (
	"net/http"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestDocumentsViewInlineOnlyThroughTheApp: the reviewer's viewer fetches a document itself and
// frames it as a blob: URL, so pages allow blob: frames, while the file itself still refuses to be
// framed by anyone and stays sandboxed.
func TestDocumentsViewInlineOnlyThroughTheApp(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "frames@acme.example")
		v := fillVerification(t, c, "basic")
		var docs []api.Document
		c.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID)+"/documents", nil).JSON(t, &docs)
		if len(docs) == 0 {
			t.Fatal("no documents")
		}
		file := c.must(http.StatusOK, "GET", docs[0].URL, nil)
		if got := file.Header.Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("file X-Frame-Options %q, want DENY", got)
		}
		if csp := file.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "sandbox") {
			t.Errorf("file CSP %q: want frame-ancestors 'none' and sandbox", csp)
		}
		page := c.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID), nil)
		if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-src blob: ") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("CSP %q: want frame-src blob: and frame-ancestors 'none'", csp)
		}
	})
}
