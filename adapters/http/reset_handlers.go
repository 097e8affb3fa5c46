package http

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// resetRequestedMessage is the one answer to a reset request, whether the account exists or not.
const resetRequestedMessage = "If an account exists for that e-mail, we have sent a link to reset the password. It is valid for 1 hour."

// requestPasswordReset answers 202 with the same body for known and unknown e-mails.
func (s *Server) requestPasswordReset(c *echo.Context) error {
	var req api.PasswordResetRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := s.limits.resetRequest(c, req.Email); err != nil {
		return err
	}
	if err := s.PasswordResets.RequestPasswordReset(c.Request().Context(), req.Email); err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, api.Message{Message: resetRequestedMessage})
}

func (s *Server) confirmPasswordReset(c *echo.Context) error {
	var req api.PasswordResetConfirm
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := s.PasswordResets.ResetPassword(c.Request().Context(), req.Token, req.NewPassword); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
