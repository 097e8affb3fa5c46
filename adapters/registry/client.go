// Package registry looks identifiers up in public registers: LEIs in GLEIF's API and VAT numbers in
// the EU's VIES service. Each request has a timeout and is retried; a register that still does not
// answer is application.ErrRegistryUnavailable, never an empty result.
package registry

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/tttverify/tttverify/application"
)

// The public addresses of the registers (GLEIF_API_URL and VIES_API_URL override them).
const (
	DefaultGLEIFURL = "https://api.gleif.org/api/v1"
	DefaultVIESURL  = "https://ec.europa.eu/taxation_customs/vies/rest-api"
)

// Config says where the registers are and how patiently to ask them.
type Config struct {
	GLEIFURL string
	VIESURL  string
	Timeout  time.Duration // for one request
	Attempts int           // requests before a register counts as unavailable
	Backoff  time.Duration // wait before the second attempt, doubled for each further one
}

// DefaultConfig is the registers at their public addresses: 10 s per request, three attempts.
var DefaultConfig = Config{GLEIFURL: DefaultGLEIFURL, VIESURL: DefaultVIESURL, Timeout: 10 * time.Second, Attempts: 3,
	Backoff: time.Second}

// Client asks GLEIF and VIES.
type Client struct {
	cfg    Config
	client *http.Client
}

var _ application.Registries = (*Client)(nil)

// New returns a client of the registers cfg names.
func New(cfg Config) *Client {
	cfg.GLEIFURL, cfg.VIESURL = strings.TrimRight(cfg.GLEIFURL, "/"), strings.TrimRight(cfg.VIESURL, "/")
	return &Client{cfg: cfg, client: &http.Client{Timeout: cfg.Timeout}}
}

// retryable is an answer worth asking again for: the register is busy or failing.
type retryable struct{ reason string }

func (r retryable) Error() string { return r.reason }

// do sends a request until read accepts the answer, a non-retryable error ends it, or the attempts
// run out (ErrRegistryUnavailable, with the last reason). read sees every answer that is not a
// server error or 429; it returns retryable{…} for an answer that says "try later".
func (c *Client) do(ctx context.Context, method, url string, body []byte, read func(status int, body []byte) error) error {
	var last error
	wait := c.cfg.Backoff
	for attempt := 1; attempt <= max(1, c.cfg.Attempts); attempt++ {
		if attempt > 1 {
			select {
			case <-ctx.Done():
				return fmt.Errorf("%w: %w", application.ErrRegistryUnavailable, ctx.Err())
			case <-time.After(wait):
			}
			wait *= 2
		}
		last = c.once(ctx, method, url, body, read)
		var r retryable
		if last == nil || !errors.As(last, &r) {
			return last
		}
	}
	return fmt.Errorf("%w: %w", application.ErrRegistryUnavailable, last)
}

func (c *Client) once(ctx context.Context, method, url string, body []byte, read func(int, []byte) error) error {
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("registry request %s: %w", url, err)
	}
	req.Header.Set("Accept", "application/json, application/vnd.api+json")
	req.Header.Set("User-Agent", "ttt-verify-registry/1")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return retryable{fmt.Sprintf("%s %s: %v", method, url, err)}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return retryable{fmt.Sprintf("%s %s: read the answer: %v", method, url, err)}
	}
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		return retryable{fmt.Sprintf("%s %s: %s", method, url, resp.Status)}
	}
	return read(resp.StatusCode, data)
}
