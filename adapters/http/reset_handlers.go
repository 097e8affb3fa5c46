package http

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// resetRequestedMessage is the one answer to a reset request, whether the account exists or not.
const resetRequestedMessage = "If an account exists for that e-mail, we have sent a link to reset the password. It is valid for 1 hour."

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

// requestPasswordReset answers 202 with the same body for known and unknown e-mails.
func (s *Server) requestPasswordReset(c *echo.Context) error {
	var req resetRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := s.limits.resetRequest(c, req.Email); err != nil {
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
