package http

import (
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

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
		if sid, err := s.sessions.sessionID(c); err == nil {
			u, err := s.auth.Authenticate(c.Request().Context(), sid)
			if err == nil {
				c.Set(userKey, u)
				c.Set(sessionKey, sid)
			} else if !errors.Is(err, application.ErrUnauthenticated) {
				return err
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

// requireAdmin refuses anonymous requests with 401 and other users with 403.
func requireAdmin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		u := currentUser(c)
		if u == nil {
			return application.ErrUnauthenticated
		}
		if !u.IsAdmin {
			return application.ErrForbidden
		}
		return next(c)
	}
}

// checkOrigin refuses state-changing requests that a browser sent from another site.
// Requests without an Origin header (API clients, webhooks) pass; SameSite=Lax covers old browsers.
func (s *Server) checkOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := c.Request()
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		origin := r.Header.Get("Origin")
		if origin == "" || origin == s.publicOrigin || sameHost(origin, r.Host) {
			return next(c)
		}
		return errs.Forbidden("Cross-site request refused")
	}
}

func sameHost(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && u.Host != "" && u.Host == host
}

// securityHeaders sets the headers every response carries.
func (s *Server) securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		h := c.Response().Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self' https://js.stripe.com; "+
			"frame-src 'self' https://js.stripe.com https://hooks.stripe.com; connect-src 'self' https://api.stripe.com; "+
			"img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; "+
			"object-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'")
		if s.secureCookies {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		return next(c)
	}
}

// requestLog writes one JSON line per request with its id, status and duration.
func requestLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Echo().HTTPErrorHandler(c, err)
			}
			_, status := echo.ResolveResponseStatus(c.Response(), nil)
			attrs := []any{"method", c.Request().Method, "path", c.Request().URL.Path, "status", status,
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

// authRateLimit throttles login and registration per client address; perMinute 0 turns it off.
func authRateLimit(perMinute int) echo.MiddlewareFunc {
	if perMinute <= 0 {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	store := middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
		Rate: float64(perMinute) / 60, Burst: perMinute, ExpiresIn: 3 * time.Minute})
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Store:               store,
		IdentifierExtractor: func(c *echo.Context) (string, error) { return c.RealIP(), nil },
		DenyHandler: func(*echo.Context, string, error) error {
			return errs.Throttled("Too many attempts. Please wait a minute and try again.")
		},
	})
}
