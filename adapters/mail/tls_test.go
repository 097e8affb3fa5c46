package mail_test

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/mail"
)

// MailDev offers no STARTTLS once it asks for a password, so the TLS policies are checked against
// this minimal SMTP server; delivery itself is checked against MailDev (mailer_test.go).
type tlsServer struct {
	addr     string
	mu       sync.Mutex
	overTLS  []bool // one entry per message received: was the connection encrypted then?
	starttls bool   // offer STARTTLS
}

func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}

// startTLSServer serves SMTP on loopback; implicit wraps every connection in TLS from the start.
func startTLSServer(t *testing.T, cert tls.Certificate, starttls, implicit bool) *tlsServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{cert}}
	if implicit {
		ln = tls.NewListener(ln, cfg)
	}
	s := &tlsServer{addr: ln.Addr().String(), starttls: starttls}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c, cfg, implicit)
		}
	}()
	return s
}

func (s *tlsServer) serve(c net.Conn, cfg *tls.Config, encrypted bool) {
	defer func() { _ = c.Close() }()
	r, w := bufio.NewReader(c), c
	say := func(line string) { _, _ = w.Write([]byte(line + "\r\n")) }
	say("220 test ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"):
			if s.starttls && !encrypted {
				say("250-test")
				say("250-STARTTLS")
			} else {
				say("250-test")
			}
			say("250 AUTH PLAIN")
		case cmd == "STARTTLS":
			say("220 go ahead")
			tc := tls.Server(c, cfg)
			if tc.Handshake() != nil {
				return
			}
			c, r, w, encrypted = tc, bufio.NewReader(tc), tc, true
		case strings.HasPrefix(cmd, "AUTH"):
			say("235 ok")
		case cmd == "DATA":
			say("354 go")
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
			}
			s.mu.Lock()
			s.overTLS = append(s.overTLS, encrypted)
			s.mu.Unlock()
			say("250 queued")
		case cmd == "QUIT":
			say("221 bye")
			return
		default: // MAIL, RCPT, NOOP, RSET
			say("250 ok")
		}
	}
}

func (s *tlsServer) received() []bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]bool(nil), s.overTLS...)
}

func TestTLSPolicies(t *testing.T) {
	t.Parallel()
	cert, roots := selfSigned(t)
	trusted := &tls.Config{RootCAs: roots, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
	for _, c := range []struct {
		name                string
		scheme              string
		starttls, implicit  bool
		tls                 *tls.Config
		wantSent, wantOnTLS bool
	}{
		{"smtp upgrades with STARTTLS when offered", "smtp", true, false, trusted, true, true},
		{"smtp sends in the clear when STARTTLS is not offered", "smtp", false, false, trusted, true, false},
		{"smtp refuses an offered STARTTLS with an untrusted certificate", "smtp", true, false, nil, false, false},
		{"smtps uses TLS from the start", "smtps", false, true, trusted, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := startTLSServer(t, cert, c.starttls, c.implicit)
			m := newMailer(t, mail.Config{URL: c.scheme + "://user:secret@" + srv.addr, TLS: c.tls, Timeout: 5 * time.Second})
			err := m.Send(context.Background(), receipt(t, rcpt(), "tls:"+c.name))
			got := srv.received()
			if !c.wantSent {
				if err == nil || len(got) != 0 {
					t.Fatalf("Send = %v with %d messages received; want a failure and nothing sent", err, len(got))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0] != c.wantOnTLS {
				t.Fatalf("received %v, want one message with TLS=%v", got, c.wantOnTLS)
			}
		})
	}
}
