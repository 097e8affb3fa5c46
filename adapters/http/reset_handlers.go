package http

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/user"
)

// resetRequestedMessage is the one answer to a reset request, whether the account exists or not.
const resetRequestedMessage = "If an account exists for that e-mail, we have sent a link to reset the password. It is valid for 1 hour."

// Reset requests allowed per e-mail address: a burst of resetPerEmail, then one every
// resetPerEmailEvery.
const (
	resetPerEmail      = 3
	resetPerEmailEvery = 5 * time.Minute
)

type resetRequest struct {
	Email string `json:"email"`
}

type resetConfirm struct {
	Token       string `json:"token"`
	NewPassword string `json:"newPassword"`
}

type messageDTO struct {
	Message string `json:"message"`
}

// emailLimiter throttles reset requests per e-mail address, known or not, so that nobody floods
// an inbox and the throttle tells nothing about who has an account. on is false when the auth
// rate limits are off.
type emailLimiter struct {
	on    bool
	store middleware.RateLimiterStore
}

func newEmailLimiter(authRateLimit int) emailLimiter {
	if authRateLimit <= 0 {
		return emailLimiter{}
	}
	return emailLimiter{on: true, store: middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
		Rate: 1 / resetPerEmailEvery.Seconds(), Burst: resetPerEmail, ExpiresIn: 2 * resetPerEmail * resetPerEmailEvery})}
}

func (l emailLimiter) allow(email string) error {
	if !l.on {
		return nil
	}
	if ok, err := l.store.Allow(user.NormalizeEmail(email)); err != nil || !ok {
		return errs.Throttled("Too many reset requests for this e-mail. Please wait a few minutes and try again.")
	}
	return nil
}

// requestPasswordReset answers 202 with the same body for known and unknown e-mails.
func (s *Server) requestPasswordReset(c *echo.Context) error {
	var req resetRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := s.resetLimit.allow(req.Email); err != nil {
		return err
	}
	if err := s.PasswordResets.RequestPasswordReset(c.Request().Context(), req.Email); err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, messageDTO{Message: resetRequestedMessage})
}

func (s *Server) confirmPasswordReset(c *echo.Context) error {
	var req resetConfirm
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := s.PasswordResets.ResetPassword(c.Request().Context(), req.Token, req.NewPassword); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
