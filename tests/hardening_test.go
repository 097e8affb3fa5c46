package tests

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestCutOffUploadIsTheClientsFault: an upload whose body ends inside the file (a client that stops
// sending, or drops the connection) is a 400 logged at INFO, never a 503 logged as an ERROR, and
// leaves no document and no object behind.
func TestCutOffUploadIsTheClientsFault(t *testing.T) {
	logs := &lockedBuffer{}
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "cutoff-"+randomHex(4)+"@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		path := "/api/verifications/" + itoa(v.ID) + "/documents"
		docs, objects := e.documentCount(t), e.objectCount(t)
		head := "--b\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nadditional\r\n" +
			"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cut.pdf\"\r\n\r\n" + string(pdfFile) +
			strings.Repeat("0", 64<<10)

		r := c.cutOff("POST", path, "multipart/form-data; boundary=b", head, len(head)+1<<20)
		if r.Status != http.StatusBadRequest || !strings.Contains(errorSummary(r), "cut off") {
			t.Errorf("body shorter than announced: %d %s, want 400 naming the cut", r.Status, r.Body)
		}
		r = c.raw("POST", path, "multipart/form-data; boundary=b", strings.NewReader(head))
		if r.Status != http.StatusBadRequest || !strings.Contains(errorSummary(r), "cut off") {
			t.Errorf("file part without its closing boundary: %d %s, want 400", r.Status, r.Body)
		}

		// A client that goes away mid-upload reads no answer; the log tells what the server made of it.
		before := strings.Count(logs.String(), `"route":"/api/verifications/:id/documents"`)
		u, _ := url.Parse(c.base + path)
		conn, err := net.Dial("tcp", u.Host)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: %d\r\nCookie: %s\r\n\r\n%s",
			u.RequestURI(), u.Host, len(head)+1<<20, sessionCookie(c, u), head)
		time.Sleep(100 * time.Millisecond)
		_ = conn.Close()
		e.waitUntil(t, "the dropped upload's request log line", func() bool {
			return strings.Count(logs.String(), `"route":"/api/verifications/:id/documents"`) > before
		})

		out := logs.String()
		if strings.Contains(out, `"level":"ERROR"`) || strings.Contains(out, `"status":503`) {
			t.Errorf("a cut-off upload was logged as a server failure:\n%s", out)
		}
		if n := strings.Count(out, `"route":"/api/verifications/:id/documents","status":400`); n < 3 {
			t.Errorf("%d cut-off uploads logged at INFO with status 400, want 3:\n%s", n, out)
		}
		if e.documentCount(t) != docs || e.objectCount(t) != objects {
			t.Errorf("documents %d->%d, objects %d->%d after cut-off uploads", docs, e.documentCount(t), objects, e.objectCount(t))
		}
	}, withLogs(logs))
}

// sessionCookie is the Cookie header c sends to u.
func sessionCookie(c *client, u *url.URL) string {
	var b strings.Builder
	for _, k := range c.http.Jar.Cookies(u) {
		b.WriteString(k.Name + "=" + k.Value + "; ")
	}
	return b.String()
}

// countingReader counts what the server read of a request body.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestGiantPartHeadersAreRefusedEarly: a multipart part whose header block is a megabyte is refused
// after a few kilobytes, not read whole (the multipart reader alone takes 10 MB per part).
func TestGiantPartHeadersAreRefusedEarly(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "headers@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		path := "/api/verifications/" + itoa(v.ID) + "/documents"
		for _, tc := range []struct{ name, body string }{
			{"one long header line", "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"h.pdf\"\r\nX-Pad: " +
				strings.Repeat("a", 1<<20) + "\r\n\r\n" + string(pdfFile) + "\r\n--b--\r\n"},
			{"many header lines", "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"h.pdf\"\r\n" +
				strings.Repeat("X-Pad: aaaaaaaaaaaaaaaaaaaaaaaaa\r\n", 1<<15) + "\r\n" + string(pdfFile) + "\r\n--b--\r\n"},
			{"the second part's headers", "--b\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nadditional\r\n" +
				"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"h.pdf\"\r\nX-Pad: " +
				strings.Repeat("a", 1<<20) + "\r\n\r\n" + string(pdfFile) + "\r\n--b--\r\n"},
		} {
			body := &countingReader{r: strings.NewReader(tc.body)}
			req := httptest.NewRequest("POST", path, body)
			req.Header.Set("Content-Type", "multipart/form-data; boundary=b")
			u, _ := url.Parse(c.base + path)
			req.Header.Set("Cookie", sessionCookie(c, u))
			rec := httptest.NewRecorder()
			e.Handler().ServeHTTP(rec, req)
			if rec.Code != http.StatusBadRequest || !bytes.Contains(rec.Body.Bytes(), []byte("headers")) {
				t.Errorf("%s: %d %s, want 400 about the headers", tc.name, rec.Code, rec.Body)
			}
			if body.n > 32<<10 {
				t.Errorf("%s: the server read %d bytes before refusing, want at most 32 KB", tc.name, body.n)
			}
		}
		if n := e.documentCount(t); n != 0 {
			t.Errorf("%d documents stored", n)
		}
	})
}

// TestSessionAnswersAreNeverStored: every API answer that depends on the session (bank account
// numbers, passports, the user's lists, refusals alike) tells caches to keep no copy.
func TestSessionAnswersAreNeverStored(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "nostore@acme.example")
		v := fillVerification(t, c, "basic")
		base := "/api/verifications/" + itoa(v.ID)
		adm := e.admin(t)
		answers := map[string]response{
			"GET /api/user":                    c.do("GET", "/api/user", nil),
			"GET /api/verifications":           c.do("GET", "/api/verifications", nil),
			"GET banking-info":                 c.do("GET", base+"/banking-info", nil),
			"PUT banking-info":                 c.do("PUT", base+"/banking-info", bankingBody),
			"GET representatives":              c.do("GET", base+"/representatives", nil),
			"GET documents":                    c.do("GET", base+"/documents", nil),
			"GET /api/notifications":           c.do("GET", "/api/notifications", nil),
			"GET another's verification (404)": e.register(t, "other-nostore@acme.example").do("GET", base, nil),
			"POST /api/login":                  e.client(t).do("POST", "/api/login", map[string]string{"email": "nostore@acme.example", "password": "tangerine-42"}),
			"GET admin banking-info":           adm.do("GET", "/api/admin/verifications/"+itoa(v.ID)+"/banking-info", nil),
			"GET admin list":                   adm.do("GET", "/api/admin/verifications", nil),
		}
		for name, r := range answers {
			if r.Status >= 500 {
				t.Errorf("%s: %d", name, r.Status)
			}
			if cc := r.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("%s: Cache-Control %q, want no-store", name, cc)
			}
		}
	})
}

// TestRequestIDIsASafeToken: a client's X-Request-Id is kept when it is a short token of letters,
// digits and -_.: and replaced by the server's own otherwise, in the answer and in the log.
func TestRequestIDIsASafeToken(t *testing.T) {
	logs := &lockedBuffer{}
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.client(t)
		for _, tc := range []struct {
			given string
			kept  bool
		}{
			{"4bf92f35-77b3-4da6-a3ce-929d0e0e4736", true},
			{"trace_01.a:b", true},
			{strings.Repeat("x", 65), false},
			{`a" b`, false},
			{"../../etc", false},
			{"é", false},
			{`{"level":"ERROR"}`, false},
		} {
			req, _ := http.NewRequest("GET", c.base+"/api/user", nil)
			req.Header.Set("X-Request-Id", tc.given)
			got := c.send(req).Header.Get("X-Request-Id")
			switch {
			case tc.kept && got != tc.given:
				t.Errorf("X-Request-Id %q answered as %q, want it kept", tc.given, got)
			case !tc.kept && (got == tc.given || got == "" || strings.Contains(logs.String(), tc.given)):
				t.Errorf("X-Request-Id %q answered as %q and logged; want a fresh one", tc.given, got)
			case !strings.Contains(logs.String(), `"request_id":"`+got+`"`):
				t.Errorf("the log does not name request %q:\n%s", got, logs.String())
			}
		}
	}, withLogs(logs))
}

// TestMultiLineFieldsKeepLineBreaks: the fields typed in a text area keep their tabs and line
// breaks (the control-character refusal spares them), and one-line fields keep letters in any script.
func TestMultiLineFieldsKeepLineBreaks(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "lines@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		body := map[string]string{}
		for k, val := range companyBody {
			body[k] = val
		}
		body["registeredAddress"] = "1 Harbour Road\r\nSingapore\t018956"
		body["companyName"] = "Société Générale Ürün 株式会社"
		var got struct{ RegisteredAddress, CompanyName string }
		c.must(http.StatusOK, "PUT", "/api/verifications/"+itoa(v.ID)+"/company-info", body).JSON(t, &got)
		if got.RegisteredAddress != body["registeredAddress"] || got.CompanyName != body["companyName"] {
			t.Errorf("saved %+v", got)
		}
	})
}
