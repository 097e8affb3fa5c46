// Package mail delivers e-mail: over SMTP (wneessen/go-mail) when SMTP_URL is set, or else as
// .eml files in the data directory's outbox. Either way a message is delivered once per
// idempotency key (see Once), and its templates live here too (see Templates).
package mail

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/tttverify/tttverify/application"
)

// Config selects and sets up the transport.
type Config struct {
	// URL is SMTP_URL: smtp://user:pass@host:port uses STARTTLS when the server offers it,
	// smtps://user:pass@host:port connects with TLS from the start. Empty: write to OutboxDir.
	URL string
	// From is SMTP_FROM, e.g. "TTT Verify <no-reply@verify.example.com>".
	From string
	// OutboxDir receives one .eml file per message when URL is empty (DATA_DIR/outbox).
	OutboxDir string
	// TLS overrides the TLS settings (tests trust their server's certificate); nil: system roots.
	TLS *tls.Config
	// Timeout bounds one delivery; 0 means 30 s.
	Timeout time.Duration
	// AttemptTimeout is JOB_TIMEOUT: a job's context ends then, and with it the delivery, so a
	// claim older than that (and a margin for the servers' clocks) was abandoned. 0: no such bound.
	AttemptTimeout time.Duration
	Log            *slog.Logger
}

// transport delivers a composed message.
type transport interface {
	deliver(ctx context.Context, msg *gomail.Msg) error
	String() string
}

// newTransport builds the SMTP transport or the outbox.
func newTransport(cfg Config) (transport, error) {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.URL == "" {
		if cfg.OutboxDir == "" {
			return nil, errors.New("mail: set SMTP_URL or an outbox directory")
		}
		if err := os.MkdirAll(cfg.OutboxDir, 0o700); err != nil {
			return nil, fmt.Errorf("create mail outbox: %w", err)
		}
		return &outbox{dir: cfg.OutboxDir, log: cfg.Log}, nil
	}
	return newSMTP(cfg)
}

// smtpTransport sends through one SMTP server, a new connection per message.
type smtpTransport struct {
	host string
	opts []gomail.Option
	safe string // the URL without its password, for logs
}

func newSMTP(cfg Config) (*smtpTransport, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil || u.Hostname() == "" {
		return nil, errors.New("SMTP_URL must look like smtp://user:pass@host:port or smtps://user:pass@host:port")
	}
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	opts := []gomail.Option{gomail.WithTimeout(timeout)}
	port := 587
	switch u.Scheme {
	case "smtp":
		// STARTTLS when the server offers it; a server that offers it must then succeed.
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	case "smtps":
		port = 465
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("SMTP_URL scheme must be smtp or smtps, got %q", u.Scheme)
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("SMTP_URL port %q is not a number", p)
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if user := u.User.Username(); user != "" {
		pass, _ := u.User.Password()
		// The strongest mechanism the server offers; PLAIN or LOGIN only over TLS. A relay on
		// this machine (loopback) may take PLAIN without TLS: the password never leaves the host.
		auth := gomail.SMTPAuthAutoDiscover
		if isLoopback(u.Hostname()) {
			auth = gomail.SMTPAuthPlain
		}
		opts = append(opts, gomail.WithSMTPAuth(auth), gomail.WithUsername(user), gomail.WithPassword(pass))
	}
	tlsConfig := cfg.TLS
	if tlsConfig == nil {
		tlsConfig = &tls.Config{ServerName: u.Hostname(), MinVersion: tls.VersionTLS12}
	}
	opts = append(opts, gomail.WithTLSConfig(tlsConfig))
	return &smtpTransport{host: u.Hostname(), opts: opts, safe: u.Redacted()}, nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (s *smtpTransport) deliver(ctx context.Context, msg *gomail.Msg) error {
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("smtp client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("send over %s: %w", s.safe, err)
	}
	return nil
}

func (s *smtpTransport) String() string { return "smtp " + s.safe }

// outbox writes each message as an .eml file named after its idempotency key, so writing it again
// replaces the same file.
type outbox struct {
	dir string
	log *slog.Logger
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

func (o *outbox) deliver(ctx context.Context, msg *gomail.Msg) error {
	id := strings.Trim(msg.GetMessageID(), "<>")
	name := unsafeName.ReplaceAllString(strings.SplitN(id, "@", 2)[0], "_") + ".eml"
	tmp, err := os.CreateTemp(o.dir, ".writing-*")
	if err != nil {
		return fmt.Errorf("write to mail outbox: %w", err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	if _, err := msg.WriteTo(tmp); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("write to mail outbox: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write to mail outbox: %w", err)
	}
	file := filepath.Join(o.dir, name)
	if err := os.Rename(tmp.Name(), file); err != nil {
		return fmt.Errorf("write to mail outbox: %w", err)
	}
	// The recipients are left out of the log: some (a certificate's followers) are nobody's account,
	// and an address is personal data the file holds already.
	subject := msg.GetGenHeader(gomail.HeaderSubject)
	o.log.InfoContext(ctx, "e-mail written to the outbox (SMTP_URL is not set)", "file", file, "subject", subject)
	return nil
}

func (o *outbox) String() string { return "outbox " + o.dir }

// compose builds the MIME message: plain text with an HTML alternative, and a Message-ID derived
// from the idempotency key, so a message that is sent again carries the same Message-ID and mail
// systems can tell it is the same message.
func compose(from string, m application.Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("sender %q: %w", from, err)
	}
	if err := msg.To(m.To...); err != nil {
		return nil, fmt.Errorf("recipients %v: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(messageID(from, m.IdempotencyKey))
	msg.SetDate()
	for name, value := range m.Headers {
		msg.SetGenHeader(gomail.Header(name), value)
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}

// messageID is the Message-ID (without brackets) of the message with this idempotency key.
func messageID(from, key string) string {
	domain := "ttt-verify.local"
	if a, err := mail.ParseAddress(from); err == nil {
		if i := strings.LastIndex(a.Address, "@"); i >= 0 && i < len(a.Address)-1 {
			domain = a.Address[i+1:]
		}
	}
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16]) + "@" + domain
}
