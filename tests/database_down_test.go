package tests

import (
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// dbLink is a TCP relay between the server and PostgreSQL that a test cuts, as `pg_ctl stop`
// does: the open connections break and new ones are refused, until it is mended on the same port.
type dbLink struct {
	t      *testing.T
	addr   string // where the server connects
	target string // the PostgreSQL server
	mu     sync.Mutex
	ln     net.Listener
	conns  map[net.Conn]struct{}
}

// withDatabaseLink points the server's PostgreSQL at link, which the test cuts and mends.
func withDatabaseLink(link **dbLink) envOption {
	return func(t *testing.T, e *env) {
		u, err := url.Parse(postgresDatabase(t))
		if err != nil {
			t.Fatal(err)
		}
		l := &dbLink{t: t, target: u.Host, conns: map[net.Conn]struct{}{}}
		l.listen("127.0.0.1:0")
		u.Host = l.addr
		e.cfg.DatabaseURL = u.String()
		t.Cleanup(l.cut)
		*link = l
	}
}

func (l *dbLink) listen(addr string) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		l.t.Fatalf("listen for the database link: %v", err)
	}
	l.mu.Lock()
	l.ln, l.addr = ln, ln.Addr().String()
	l.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go l.relay(c)
		}
	}()
}

func (l *dbLink) relay(c net.Conn) {
	up, err := net.Dial("tcp", l.target)
	if err != nil {
		_ = c.Close()
		return
	}
	if !l.track(c, up) {
		return
	}
	go func() { _, _ = io.Copy(up, c); _ = up.Close() }()
	_, _ = io.Copy(c, up)
	_ = c.Close()
}

// track registers a relayed pair, or closes it when the link was cut meanwhile.
func (l *dbLink) track(pair ...net.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ln == nil {
		for _, c := range pair {
			_ = c.Close()
		}
		return false
	}
	for _, c := range pair {
		l.conns[c] = struct{}{}
	}
	return true
}

// cut stops accepting and breaks every open connection.
func (l *dbLink) cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ln != nil {
		_ = l.ln.Close()
		l.ln = nil
	}
	for c := range l.conns {
		_ = c.Close()
		delete(l.conns, c)
	}
}

// mend accepts connections again on the same address.
func (l *dbLink) mend() { l.listen(l.addr) }

// TestDatabaseDownIsNotSignedOut cuts PostgreSQL under a signed-in applicant: every request that
// needs the database answers 503, never 401 (a session that cannot be checked is not a missing
// one, and the SPA would send the applicant to sign-in) nor 500; once it is back, the same session
// works again without signing in.
func TestDatabaseDownIsNotSignedOut(t *testing.T) {
	var link *dbLink
	e := newEnv(t, "", withDatabaseLink(&link))
	c := e.register(t, "outage-db@acme.example")
	var v api.Verification
	c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
	base := "/api/verifications/" + itoa(v.ID)
	c.must(http.StatusOK, "POST", base+"/company-info", companyBody)

	link.cut()
	requests := []struct {
		name string
		send func() response
	}{
		{"GET the user", func() response { return c.do("GET", "/api/user", nil) }},
		{"save a section", func() response { return c.do("POST", base+"/company-info", companyBody) }},
		{"upload a document", func() response {
			return c.upload(base+"/documents", "during.pdf", pdfFile, map[string]string{"type": "additional"})
		}},
		{"read the verification", func() response { return c.do("GET", base, nil) }},
	}
	for _, r := range requests {
		for attempt := range 2 { // the first meets a broken connection, the second a refused one
			got := r.send()
			if got.Status != http.StatusServiceUnavailable {
				t.Errorf("%s with the database down (attempt %d): %d %s, want 503", r.name, attempt+1, got.Status, got.Body)
			}
		}
	}

	link.mend()
	c.must(http.StatusOK, "GET", "/api/user", nil)
	c.must(http.StatusOK, "POST", base+"/company-info", companyBody)
	if r := c.upload(base+"/documents", "after.pdf", pdfFile, map[string]string{"type": "additional"}); r.Status != http.StatusCreated {
		t.Errorf("upload once the database is back: %d %s", r.Status, r.Body)
	}
}
