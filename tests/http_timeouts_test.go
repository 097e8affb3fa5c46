package tests

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	httpapi "github.com/tttverify/tttverify/adapters/http"
	"github.com/tttverify/tttverify/adapters/http/api"
)

// withTimeouts serves the environment with these HTTP timeouts.
func withTimeouts(to httpapi.Timeouts) envOption {
	return func(_ *testing.T, e *env) { e.cfg.Timeouts = to }
}

// stalls sends the start of a request on a raw connection, then nothing, and reports how long the
// server took to answer or hang up (at most limit).
func stalls(t *testing.T, e *env, start string, limit time.Duration) (time.Duration, string) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(e.srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	began := time.Now()
	if _, err := io.WriteString(conn, start); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(began.Add(limit))
	line, err := bufio.NewReader(conn).ReadString('\n')
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return limit, ""
	}
	return time.Since(began), line
}

// TestSlowClientsAreCutOff: a client that sends its headers or body slowly loses the connection
// after the read timeouts, while an upload that is merely slow gets the longer transfer allowance.
func TestSlowClientsAreCutOff(t *testing.T) {
	to := httpapi.Timeouts{ReadHeader: time.Second, Read: time.Second, Write: 5 * time.Second, Idle: 5 * time.Second,
		Transfer: 20 * time.Second}
	forEachBackend(t, func(t *testing.T, e *env) {
		const limit = 8 * time.Second
		if took, _ := stalls(t, e, "GET /healthz HTTP/1.1\r\nHost: verify.test\r\n", limit); took >= limit {
			t.Errorf("half-sent headers held the connection for %s", took)
		}
		body := "POST /api/login HTTP/1.1\r\nHost: verify.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
		if took, _ := stalls(t, e, body, limit); took >= limit {
			t.Errorf("a half-sent JSON body held the connection for %s", took)
		}

		// An honest upload that takes 3 s, longer than the read timeout, still lands.
		c := e.register(t, "slow-line@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		pr, pw := io.Pipe()
		go func() {
			_, _ = io.WriteString(pw, "--b\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nadditional\r\n"+
				"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"slow.pdf\"\r\nContent-Type: application/pdf\r\n\r\n")
			for _, chunk := range strings.SplitAfter(string(pdfFile), "\n") {
				time.Sleep(600 * time.Millisecond)
				_, _ = io.WriteString(pw, chunk)
			}
			_, _ = io.WriteString(pw, "\r\n--b--\r\n")
			_ = pw.Close()
		}()
		if r := c.raw("POST", "/api/verifications/"+itoa(v.ID)+"/documents", "multipart/form-data; boundary=b", pr); r.Status != http.StatusCreated {
			t.Fatalf("slow upload: %d %s", r.Status, r.Body)
		}
	}, withTimeouts(to))
}
