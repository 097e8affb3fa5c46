package http

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/errs"
)

const (
	userKey    = "user"
	sessionKey = "session"
)

// currentUser is the signed-in user, set by authenticate, or nil.
func currentUser(c *echo.Context) *application.User {
	u, _ := c.Get(userKey).(*application.User)
	return u
}

// authenticate attaches the session's user, when the cookie names a live session.
func (s *Server) authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if claims, err := s.sessions.session(c); err == nil {
			u, sess, err := s.auth.Authenticate(c.Request().Context(), claims.SessionID)
			if err != nil && !errors.Is(err, application.ErrUnauthenticated) {
				return err
			}
			if err == nil {
				c.Set(userKey, u)
				c.Set(sessionKey, sess.ID)
				// The session's idle deadline moved: the cookie follows it.
				if !jwt.NewNumericDate(sess.ExpiresAt).Equal(claims.ExpiresAt.Time) {
					if err := s.sessions.issue(c, sess); err != nil {
						return err
					}
				}
			}
		}
		return next(c)
	}
}

// requireUser refuses anonymous requests with 401.
func requireUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if currentUser(c) == nil {
			return application.ErrUnauthenticated
		}
		return next(c)
	}
}

// requireAdmin refuses anonymous requests with 401 and applicants with 403: the admin area is staff's,
// reviewers' and administrators'; each use case checks the role it needs itself.
func requireAdmin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		u := currentUser(c)
		if u == nil {
			return application.ErrUnauthenticated
		}
		if !u.Role.Reviews() {
			return application.ErrForbidden
		}
		return next(c)
	}
}

// checkOrigin refuses state-changing requests that a browser sent from another site: the only
// origin accepted is PUBLIC_BASE_URL's. The request's own scheme and host are not trusted: behind a
// TLS-terminating balancer the server sees plain http on the site's host, so comparing with them
// would accept a page served over http (which anyone on the network can forge).
// Requests without an Origin header (API clients, webhooks) pass; SameSite=Lax covers old browsers.
func (s *Server) checkOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := c.Request()
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		if origin := r.Header.Get("Origin"); origin == "" || origin == s.publicOrigin {
			return next(c)
		}
		return errs.Forbidden("Cross-site request refused")
	}
}

// contentSecurityPolicy is every response's policy; Stripe's origins serve the payment page, and
// blob: frames are the reviewer's inline document viewer (a file the page fetched itself). No
// plugin content (object, embed) is allowed from anywhere.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' https://js.stripe.com; " +
	"frame-src blob: https://js.stripe.com https://hooks.stripe.com; connect-src 'self' https://api.stripe.com; " +
	"img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; " +
	"object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"

// filePolicy is the policy of a served file: sandboxed, so that a file which a browser renders
// anyway (whatever its declared type) runs no script and is an opaque origin, with no access to
// the session or the API.
const filePolicy = contentSecurityPolicy + "; sandbox"

// securityHeaders sets the headers every response carries.
func (s *Server) securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		h := c.Response().Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		if s.secureCookies {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		return next(c)
	}
}

// noStore tells caches to keep no copy of an API answer: the session decides what nearly every
// one holds (bank account numbers, passports), and its refusals too. A handler may say otherwise.
func noStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		c.Response().Header().Set("Cache-Control", "no-store")
		return next(c)
	}
}

// maxRequestIDLength bounds a client's X-Request-Id: a UUID or a W3C trace id fits.
const maxRequestIDLength = 64

// dropUnsafeRequestID removes a client's X-Request-Id unless it is a short token of letters,
// digits and -_.: so that middleware.RequestID makes one instead: the id is written into the log
// and the answer, where a client may not put what it likes.
func dropUnsafeRequestID(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		h := c.Request().Header
		if id := h.Get(echo.HeaderXRequestID); id != "" && !safeToken(id) {
			h.Del(echo.HeaderXRequestID)
		}
		return next(c)
	}
}

// safeToken reports whether s is 1 to maxRequestIDLength ASCII letters, digits and -_.:
func safeToken(s string) bool {
	if len(s) == 0 || len(s) > maxRequestIDLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !requestIDByte(s[i]) {
			return false
		}
	}
	return true
}

// requestIDByte reports whether b may stand in a request id: a letter, a digit or one of -_.:
func requestIDByte(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	return strings.IndexByte("-_.:", b) >= 0
}

// requestLog writes one JSON line per request with its id, status and duration. It names the route
// pattern (/api/shared/cis/:token), never the path itself, which may carry a bearer token.
func requestLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Echo().HTTPErrorHandler(c, err)
			}
			_, status := echo.ResolveResponseStatus(c.Response(), nil)
			attrs := []any{"method", c.Request().Method, "route", c.Path(), "status", status,
				"duration_ms", time.Since(start).Milliseconds(), "request_id", c.Response().Header().Get(echo.HeaderXRequestID),
				"remote", c.RealIP()}
			if u := currentUser(c); u != nil {
				attrs = append(attrs, "user_id", u.ID)
			}
			log.Info("request", attrs...)
			return nil
		}
	}
}
