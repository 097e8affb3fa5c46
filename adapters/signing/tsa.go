package signing

import (
	"bytes"
	"context"
	"crypto"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/digitorus/timestamp"

	"github.com/tttverify/tttverify/domain/errs"
)

// TSA asks an RFC 3161 timestamp authority to vouch for the time of a signature.
type TSA struct {
	url      string
	client   *http.Client
	attempts int
	wait     time.Duration
}

// ErrTSAUnavailable is the answer when the timestamp authority cannot be reached: no document is
// issued without the timestamp the operator asked for.
var ErrTSAUnavailable = errs.Unavailable("The timestamp service is unavailable; please try again shortly")

// NewTSA asks the authority at url, each attempt bounded by timeout, three attempts in all.
func NewTSA(url string, timeout time.Duration) *TSA {
	return &TSA{url: url, client: &http.Client{Timeout: timeout}, attempts: 3, wait: 200 * time.Millisecond}
}

// Stamp returns a timestamp token over the SHA-256 of data.
func (t *TSA) Stamp(ctx context.Context, data []byte) ([]byte, error) {
	req, err := timestamp.CreateRequest(bytes.NewReader(data), &timestamp.RequestOptions{Hash: crypto.SHA256, Certificates: true})
	if err != nil {
		return nil, err
	}
	var last error
	for i := range t.attempts {
		if i > 0 {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(t.wait << (i - 1)):
			}
		}
		var token []byte
		if token, last = t.ask(ctx, req); last == nil {
			return token, nil
		}
	}
	return nil, fmt.Errorf("%w: %s: %w", ErrTSAUnavailable, t.url, last)
}

func (t *TSA) ask(ctx context.Context, body []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/timestamp-query")
	resp, err := t.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New("answered " + resp.Status)
	}
	return checkToken(raw)
}
