package http

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
)

// getUser returns the signed-in user, or 401.
func (s *Server) getUser(c *echo.Context) error {
	u := currentUser(c)
	if u == nil {
		return application.ErrUnauthenticated
	}
	return c.JSON(http.StatusOK, toUserDTO(u))
}

func (s *Server) register(c *echo.Context) error {
	var req api.Credentials
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	u, sess, err := s.auth.Register(c.Request().Context(), req.Email, req.Password)
	if err != nil {
		return err
	}
	if err := s.signedIn(c, u, sess); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toUserDTO(u))
}

func (s *Server) login(c *echo.Context) error {
	var req api.Credentials
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	u, sess, err := s.auth.Login(c.Request().Context(), req.Email, req.Password, s.sessions.device(c, req.Email))
	if err != nil {
		return err
	}
	if err := s.signedIn(c, u, sess); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toUserDTO(u))
}

// signedIn sets the new session's cookie and the device cookie that makes this browser known to
// the account.
func (s *Server) signedIn(c *echo.Context, u *application.User, sess *application.Session) error {
	if err := s.sessions.issue(c, sess); err != nil {
		return err
	}
	return s.sessions.issueDevice(c, u.Email)
}

// logout ends the session on the server as well as clearing the cookie.
func (s *Server) logout(c *echo.Context) error {
	if sid, ok := c.Get(sessionKey).(string); ok {
		if err := s.auth.Logout(c.Request().Context(), sid); err != nil {
			return err
		}
	}
	s.sessions.clear(c)
	return c.NoContent(http.StatusNoContent)
}

func (s *Server) changePassword(c *echo.Context) error {
	var req api.ChangePassword
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := s.limits.passwordChange(c, currentUser(c).ID); err != nil {
		return err
	}
	sid, _ := c.Get(sessionKey).(string)
	if err := s.auth.ChangePassword(c.Request().Context(), currentUser(c), sid, req.CurrentPassword, req.NewPassword); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
