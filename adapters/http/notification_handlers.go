package http

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
)

// notificationRoutes are the signed-in user's notification bell.
func (s *Server) notificationRoutes(g *echo.Group) {
	g.GET("", s.listNotifications)
	g.POST("/read", s.markNotificationsRead)
}

type notificationDTO struct {
	ID        int64      `json:"id"`
	Kind      string     `json:"kind"`
	Title     string     `json:"title"`
	Body      string     `json:"body"`
	Link      *string    `json:"link"`
	CreatedAt time.Time  `json:"createdAt"`
	ReadAt    *time.Time `json:"readAt"`
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
	out := make([]notificationDTO, len(p.Items))
	for i, n := range p.Items {
		out[i] = notificationDTO{ID: n.ID, Kind: n.Kind, Title: n.Title, Body: n.Body, Link: optional(n.Link),
			CreatedAt: n.CreatedAt, ReadAt: n.ReadAt}
	}
	c.Response().Header().Set("X-Unread-Count", strconv.Itoa(p.Unread))
	return writeList(c, out, p.Total)
}

type markReadRequest struct {
	IDs *[]int64 `json:"ids"`
}

func (s *Server) markNotificationsRead(c *echo.Context) error {
	var req markReadRequest
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

type failedJobDTO struct {
	ID          int64     `json:"id"`
	Kind        string    `json:"kind"`
	Summary     string    `json:"summary"`
	Attempts    int       `json:"attempts"`
	MaxAttempts int       `json:"maxAttempts"`
	LastError   string    `json:"lastError"`
	FailedAt    time.Time `json:"failedAt"`
	CreatedAt   time.Time `json:"createdAt"`
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
	out := make([]failedJobDTO, len(list))
	for i, j := range list {
		out[i] = toFailedJobDTO(j)
	}
	return writeList(c, out, total)
}

func toFailedJobDTO(j application.FailedJob) failedJobDTO {
	return failedJobDTO{ID: j.ID, Kind: j.Kind, Summary: j.Args, Attempts: j.Attempts, MaxAttempts: j.MaxAttempts,
		LastError: j.LastError, FailedAt: j.FailedAt, CreatedAt: j.CreatedAt}
}
