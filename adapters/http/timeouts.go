package http

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
)

// Timeouts bound how long one connection may spend on each part of an exchange, so that clients
// sending or reading slowly cannot hold connections (and the memory behind them) open.
type Timeouts struct {
	ReadHeader time.Duration // the request line and headers
	Read       time.Duration // the whole request, body included
	Write      time.Duration // the response, from the end of the headers
	Idle       time.Duration // a kept-alive connection between requests
	// Transfer replaces Read and Write on the routes that move files (uploads up to 30 MB, file
	// downloads), which a slow but honest connection needs longer for.
	Transfer time.Duration
}

// DefaultTimeouts suit JSON bodies of at most 64 KB and 30 MB files over a slow line (about
// 60 KB/s for ten minutes).
var DefaultTimeouts = Timeouts{ReadHeader: 10 * time.Second, Read: 30 * time.Second, Write: 60 * time.Second,
	Idle: 120 * time.Second, Transfer: 10 * time.Minute}

// Apply sets the server-wide limits on srv; the file routes extend theirs per request.
func (t Timeouts) Apply(srv *http.Server) {
	srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.IdleTimeout = t.ReadHeader, t.Read, t.Write, t.Idle
}

// transfer gives a file route the Transfer allowance for reading its body and writing its answer.
func transfer(d time.Duration) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			if d > 0 {
				rc := http.NewResponseController(c.Response())
				deadline := time.Now().Add(d)
				// Not every ResponseWriter supports deadlines (test recorders do not); the server's then stand.
				_ = rc.SetReadDeadline(deadline)
				_ = rc.SetWriteDeadline(deadline)
			}
			return next(c)
		}
	}
}
