package http

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
)

// notificationRoutes are the signed-in user's notification bell.
func (s *Server) notificationRoutes(g *echo.Group) {
	g.GET("", s.listNotifications)
	g.POST("/read", s.markNotificationsRead)
}

func (s *Server) listNotifications(c *echo.Context) error {
	page, pageSize, err := paging(c)
	if err != nil {
		return err
	}
	p, err := s.Inbox.List(c.Request().Context(), currentUser(c), page, pageSize)
	if err != nil {
		return err
	}
	out := make([]api.Notification, len(p.Items))
	for i, n := range p.Items {
		out[i] = api.Notification{ID: n.ID, Kind: n.Kind, Title: n.Title, Body: n.Body, Link: optional(n.Link),
			CreatedAt: n.CreatedAt, ReadAt: n.ReadAt}
	}
	c.Response().Header().Set("X-Unread-Count", strconv.Itoa(p.Unread))
	return writeList(c, out, p.Total)
}

func (s *Server) markNotificationsRead(c *echo.Context) error {
	var req api.MarkRead
	if c.Request().ContentLength != 0 {
		if err := bindJSON(c, &req); err != nil {
			return err
		}
	}
	var ids []int64
	if req.IDs != nil {
		ids = append([]int64{}, *req.IDs...)
	}
	if err := s.Inbox.MarkRead(c.Request().Context(), currentUser(c), ids); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Server) adminFailedJobs(c *echo.Context) error {
	page, pageSize, err := paging(c)
	if err != nil {
		return err
	}
	list, total, err := s.Jobs.ListFailed(c.Request().Context(), currentUser(c), page, pageSize)
	if err != nil {
		return err
	}
	out := make([]api.FailedJob, len(list))
	for i, j := range list {
		out[i] = toFailedJobDTO(j)
	}
	return writeList(c, out, total)
}

func toFailedJobDTO(j application.FailedJob) api.FailedJob {
	return api.FailedJob{ID: j.ID, Kind: j.Kind, Summary: j.Args, Attempts: j.Attempts, MaxAttempts: j.MaxAttempts,
		LastError: j.LastError, FailedAt: j.FailedAt, CreatedAt: j.CreatedAt}
}
