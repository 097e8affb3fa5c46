package http

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// The follow routes' answers. The request's is the same whether or not the address follows
// already, and claims only what will happen: the link goes out from a job, and not to an address
// that follows or holds a live link.
const (
	followRequestedMessage = "We will e-mail a confirmation link to this address, unless it already follows this " +
		"certificate or received a link in the last 24 hours. Nothing else is sent to it until the link is opened."
	unsubscribedMessage = "You will receive no more e-mails about this certificate."
)

// followUnsubscribePage is the SPA page that unsubscribes with a button.
const followUnsubscribePage = "/follow/unsubscribe"

// followRoutes are a counterparty's follow request, its confirmation and the unsubscribe link,
// all without sign-in.
func (s *Server) followRoutes(g *echo.Group) {
	g.POST("/public/verifications/:publicId/follow", s.followCertificate, s.limits.follow())
	g.POST("/public/follow/confirm", s.confirmFollow)
	g.POST("/public/follow/unsubscribe", s.unsubscribe)
	g.GET("/public/follow/unsubscribe", s.unsubscribePage)
}

func (s *Server) followCertificate(c *echo.Context) error {
	var req api.FollowRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := s.Follows.Follow(c.Request().Context(), c.Param("publicId"), req.Email); err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, api.Message{Message: followRequestedMessage})
}

func (s *Server) confirmFollow(c *echo.Context) error {
	var req api.FollowConfirm
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	f, err := s.Follows.Confirm(c.Request().Context(), req.Token)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, api.FollowConfirmed{CertificateID: f.PublicID, CompanyName: f.CompanyName})
}

// unsubscribe is RFC 8058's one-click POST: the token is in the link, the body (when a mail
// client sends "List-Unsubscribe=One-Click") is not read.
func (s *Server) unsubscribe(c *echo.Context) error {
	if err := s.Follows.Unsubscribe(c.Request().Context(), c.QueryParam("token")); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, api.Message{Message: unsubscribedMessage})
}

// unsubscribePage sends a browser that opened the List-Unsubscribe link to the page with the
// button: a GET changes nothing, since mail scanners open every link they see.
func (s *Server) unsubscribePage(c *echo.Context) error {
	to := s.publicOrigin + followUnsubscribePage + "?" + url.Values{"token": {c.QueryParam("token")}}.Encode()
	return c.Redirect(http.StatusSeeOther, to)
}
