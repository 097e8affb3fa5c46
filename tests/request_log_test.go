package tests

import (
	"bytes"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer collects log lines written by concurrent requests.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// withLogs sends the application's log to w.
func withLogs(w *lockedBuffer) envOption {
	return func(_ *testing.T, e *env) { e.logs = w }
}

// TestRequestLogNamesRoutesNotTokens: the request log names the route pattern, so a share link's
// token (a bearer credential) never reaches the log, whether the link works or not.
func TestRequestLogNamesRoutesNotTokens(t *testing.T) {
	logs := &lockedBuffer{}
	forEachBackend(t, func(t *testing.T, e *env) {
		token := "tok" + randomHex(20)
		e.client(t).must(http.StatusNotFound, "GET", "/api/shared/cis/"+token, nil)
		if out := logs.String(); strings.Contains(out, token) {
			t.Fatalf("the share token is in the log:\n%s", out)
		}
		if out := logs.String(); !strings.Contains(out, `"route":"/api/shared/cis/:token"`) {
			t.Fatalf("the request log does not name the route:\n%s", out)
		}
	}, withLogs(logs))
}
