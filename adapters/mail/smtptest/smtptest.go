// Package smtptest reaches the test SMTP server that scripts/smtp.sh starts (MailDev): its SMTP
// URL, the messages it received, and a gate in front of it that refuses connections on demand.
package smtptest

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Server is the running test SMTP server.
type Server struct {
	URL string // smtp://user:pass@127.0.0.1:port
	API string // http://127.0.0.1:port/api
}

// Start returns the server of TEST_SMTP_URL and TEST_SMTP_API. Without them the test is skipped,
// except under CI=true where it fails: `make test` starts the server.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{URL: os.Getenv("TEST_SMTP_URL"), API: strings.TrimRight(os.Getenv("TEST_SMTP_API"), "/")}
	if s.URL == "" || s.API == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TEST_SMTP_URL and TEST_SMTP_API are not set: CI must run the SMTP tests (scripts/smtp.sh start)")
		}
		t.Skip("TEST_SMTP_URL not set; run `make test` or `scripts/smtp.sh run go test ...`")
	}
	return s
}

// Address is one mailbox of a received message.
type Address struct {
	Address string `json:"address"`
	Name    string `json:"name"`
}

// Message is a message as the server received it.
type Message struct {
	ID      string         `json:"id"`
	Subject string         `json:"subject"`
	From    []Address      `json:"from"`
	To      []Address      `json:"to"`
	Text    string         `json:"text"`
	HTML    string         `json:"html"`
	Headers map[string]any `json:"headers"`
	Time    time.Time      `json:"time"`
}

// MessageID is the message's Message-ID header.
func (m Message) MessageID() string {
	v, _ := m.Headers["message-id"].(string)
	return v
}

// Messages lists the received messages addressed to rcpt.
func (s *Server) Messages(t testing.TB, rcpt string) []Message {
	t.Helper()
	// MailDev filters on the server (exact match), which keeps each poll small however many
	// messages the whole test run has sent.
	resp, err := http.Get(s.API + "/email?to.address=" + url.QueryEscape(strings.ToLower(rcpt)))
	if err != nil {
		t.Fatalf("list messages: %v", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("list messages: %s: %s", resp.Status, body)
	}
	var all []Message
	if err := json.Unmarshal(body, &all); err != nil {
		t.Fatalf("decode messages: %v", err)
	}
	var out []Message
	for _, m := range all {
		for _, a := range m.To {
			if strings.EqualFold(a.Address, rcpt) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// Header is a header field of m as the server received it (MailDev parses some fields, such as
// List-Unsubscribe, out of its headers list, so this reads the raw message).
func (s *Server) Header(t testing.TB, m Message, name string) string {
	t.Helper()
	resp, err := http.Get(s.API + "/email/" + url.PathEscape(m.ID) + "/source")
	if err != nil {
		t.Fatalf("read message source: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("read message source: %s", resp.Status)
	}
	msg, err := mail.ReadMessage(resp.Body)
	if err != nil {
		t.Fatalf("parse message source: %v", err)
	}
	return msg.Header.Get(name)
}

// WaitFor polls until n messages to rcpt arrived, then returns them; it fails after 20 s.
func (s *Server) WaitFor(t testing.TB, rcpt string, n int) []Message {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		got := s.Messages(t, rcpt)
		if len(got) >= n || time.Now().After(deadline) {
			if len(got) < n {
				t.Fatalf("%d messages to %s arrived, want %d", len(got), rcpt, n)
			}
			return got
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// WaitForSubject polls until a message to rcpt with this subject arrived, then returns it (the
// first, when several did); it fails after 20 s.
func (s *Server) WaitForSubject(t testing.TB, rcpt, subject string) Message {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		for _, m := range s.Messages(t, rcpt) {
			if m.Subject == subject {
				return m
			}
		}
		if time.Now().After(deadline) {
			var got []string
			for _, m := range s.Messages(t, rcpt) {
				got = append(got, m.Subject)
			}
			t.Fatalf("no message %q to %s arrived; got %q", subject, rcpt, got)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Gate stands in front of the server: while closed it answers every connection with SMTP's
// "421 service not available" and hangs up, as a server that refuses mail does; while open it
// passes connections through.
type Gate struct {
	URL      string // the server's URL with the gate's address
	ln       net.Listener
	target   string
	open     atomic.Bool
	refusals atomic.Int32
	wg       sync.WaitGroup
}

// NewGate starts a closed gate in front of s; it stops when the test ends.
func (s *Server) NewGate(t testing.TB) *Gate {
	t.Helper()
	u, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := &Gate{ln: ln, target: u.Host}
	u.Host = ln.Addr().String()
	g.URL = u.String()
	g.wg.Add(1)
	go g.serve()
	t.Cleanup(func() { _ = ln.Close(); g.wg.Wait() })
	return g
}

// Open lets connections through; Close refuses them again.
func (g *Gate) Open() { g.open.Store(true) }

// Close makes the gate refuse connections again.
func (g *Gate) Close() { g.open.Store(false) }

// Refusals counts the connections refused so far.
func (g *Gate) Refusals() int { return int(g.refusals.Load()) }

func (g *Gate) serve() {
	defer g.wg.Done()
	for {
		c, err := g.ln.Accept()
		if err != nil {
			return
		}
		if !g.open.Load() {
			g.refusals.Add(1)
			_, _ = io.WriteString(c, "421 test gate: service not available, try again later\r\n")
			_ = c.Close()
			continue
		}
		g.wg.Add(1)
		go func() {
			defer g.wg.Done()
			pipe(c, g.target)
		}()
	}
}

func pipe(c net.Conn, target string) {
	defer c.Close()
	up, err := net.Dial("tcp", target)
	if err != nil {
		return
	}
	defer up.Close()
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(up, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, up); done <- struct{}{} }()
	<-done
}
