package http

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// adminRoutes are the staff's review API: every route requires a reviewer or an administrator, and each
// use case checks the role it needs itself.
func (s *Server) adminRoutes(g *echo.Group) {
	g.GET("/verifications", s.adminList)
	g.GET("/verifications/stats", s.adminStats)
	g.GET("/verifications/:id", s.adminGet)
	g.GET("/verifications/:id/company-info", func(c *echo.Context) error { return readSection(c, s.Review.Company, toCompanyDTO) })
	g.GET("/verifications/:id/representatives", func(c *echo.Context) error {
		return readSection(c, s.Review.Representatives, toRepresentativeDTOs)
	})
	g.GET("/verifications/:id/beneficial-owners", func(c *echo.Context) error {
		return readSection(c, s.Review.Ownership, toOwnershipDTO)
	})
	g.GET("/verifications/:id/banking-info", func(c *echo.Context) error { return readSection(c, s.Review.Banking, toBankingDTO) })
	g.GET("/verifications/:id/trade-info", func(c *echo.Context) error { return readSection(c, s.Review.Trade, toTradeDTO) })
	g.GET("/verifications/:id/documents", func(c *echo.Context) error { return readSection(c, s.Review.Documents, toAdminDocumentDTOs) })
	g.GET("/verifications/:id/cis-form", func(c *echo.Context) error { return readSection(c, s.Review.CISForm, toCISFormDTO) })
	g.GET("/verifications/:id/certificate", func(c *echo.Context) error { return sendCertificate(c, s.Review.Certificate) })
	g.GET("/verifications/:id/events", s.adminEvents)
	g.POST("/verifications/:id/approve", s.adminApprove)
	g.POST("/verifications/:id/reject", s.adminReject)
	g.POST("/verifications/:id/send-back", s.adminSendBack)
	g.POST("/verifications/:id/revoke", s.adminRevoke)
	g.POST("/verifications/:id/reinstate", s.adminReinstate)
	g.POST("/verifications/:id/claim", s.adminClaim)
	g.POST("/verifications/:id/release", s.adminRelease)
	g.POST("/verifications/:id/takeover", s.adminTakeOver)
	g.POST("/verifications/:id/generate-cis", s.adminGenerateCIS)
	g.GET("/jobs/failed", s.adminFailedJobs)
	for _, name := range application.ChartNames {
		g.GET("/charts/"+name, func(c *echo.Context) error { return s.adminChart(c, name) })
	}
	s.screeningRoutes(g)
	s.topCheckRoutes(g)
	s.auditRoutes(g)
}

// adminFilter adds the administrators' filters (e-mail, company, public id, database id) to the list filter.
func adminFilter(c *echo.Context) (application.VerificationFilter, error) {
	f, err := listFilter(c, application.AdminSorts)
	if err != nil {
		return f, err
	}
	q := c.QueryParams()
	// The review queue is worked oldest first: whoever has waited longest is decided next.
	if q.Get("sort") == "" && f.Status != nil && *f.Status == verification.InReview {
		f.Sort, f.Desc = application.SortReviewSince, q.Get("order") == "desc"
	}
	f.Email = strings.TrimSpace(q.Get("email"))
	f.PublicID = strings.TrimSpace(q.Get("publicId"))
	f.Company = strings.TrimSpace(q.Get("company"))
	switch strings.TrimSpace(q.Get("screening")) {
	case "":
	case "attention":
		f.ScreeningAttention = true
	default:
		return f, badRequest("screening must be attention")
	}
	switch strings.TrimSpace(q.Get("claim")) {
	case "":
	case "mine":
		f.Claim = application.ClaimMine
	case "unclaimed":
		f.Claim = application.ClaimUnclaimed
	default:
		return f, badRequest("claim must be mine or unclaimed")
	}
	switch strings.TrimSpace(q.Get("secondReview")) {
	case "":
	case "awaiting":
		f.AwaitingSecond = true
	default:
		return f, badRequest("secondReview must be awaiting")
	}
	if v := strings.TrimSpace(q.Get("id")); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return f, badRequest("id must be a positive number")
		}
		f.ID = id
	}
	return f, nil
}

func (s *Server) adminList(c *echo.Context) error {
	f, err := adminFilter(c)
	if err != nil {
		return err
	}
	items, total, err := s.Admin.List(c.Request().Context(), currentUser(c), f)
	if err != nil {
		return err
	}
	out, err := s.adminViews(c, items...)
	if err != nil {
		return err
	}
	return writeList(c, out, total)
}

func (s *Server) adminStats(c *echo.Context) error {
	f, err := adminFilter(c)
	if err != nil {
		return err
	}
	counts, err := s.Admin.Stats(c.Request().Context(), currentUser(c), f)
	if err != nil {
		return err
	}
	by := counts.ByStatus
	out := api.Stats{Draft: by[verification.Draft], Submitted: by[verification.Submitted],
		InReview: by[verification.InReview], Approved: by[verification.Approved], Rejected: by[verification.Rejected],
		Revoked: counts.Revoked, Expired: counts.Expired, ScreeningAttention: counts.Attention, Overdue: counts.Overdue}
	out.Total = counts.Revoked + counts.Expired
	for _, n := range by {
		out.Total += n
	}
	return c.JSON(http.StatusOK, out)
}

// adminChart answers one dashboard chart over the weeks asked for (12 when none).
func (s *Server) adminChart(c *echo.Context, name string) error {
	weeks := 12
	if v := c.QueryParam("weeks"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return application.ErrChartWeeks
		}
		weeks = n
	}
	chart, err := s.Charts.Chart(c.Request().Context(), currentUser(c), name, weeks)
	if err != nil {
		return err
	}
	out := api.Chart{Name: chart.Name, Weeks: chart.Weeks, Unit: chart.Unit, Series: chart.Series, Rows: make([]api.ChartRow, len(chart.Rows))}
	for i, r := range chart.Rows {
		out.Rows[i] = api.ChartRow{Label: r.Label, Values: r.Values}
	}
	if chart.Reference > 0 {
		out.Reference = &chart.Reference
	}
	return c.JSON(http.StatusOK, out)
}

// adminViews are verifications as administrators see them in lists and after a decision.
func (s *Server) adminViews(c *echo.Context, items ...application.VerificationListItem) ([]api.AdminVerification, error) {
	vs := make([]*verification.Verification, len(items))
	for i, it := range items {
		vs[i] = it.Verification
	}
	sums, err := s.summaries(c, vs)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(vs))
	for i, v := range vs {
		ids[i] = v.ID()
	}
	claims, err := s.ReviewClaims.Holders(c.Request().Context(), currentUser(c), ids)
	if err != nil {
		return nil, err
	}
	out := make([]api.AdminVerification, len(items))
	for i, it := range items {
		v := it.Verification
		d := api.AdminVerification{Verification: toVerificationDTO(v, currentUser(c), s.clock.Now())}
		d.UserEmail, d.CompanyName, d.FourEyes = it.UserEmail, it.CompanyName, it.FourEyes
		if sum, ok := sums[v.ID()]; ok && sum.Status != "" {
			d.Screening = &api.AdminScreeningSummary{Status: string(sum.Status), Attention: sum.Attention}
		}
		if cl, ok := claims[v.ID()]; ok {
			d.Claim = &api.ReviewClaim{HolderID: cl.HolderID, HolderEmail: cl.HolderEmail, ClaimedAt: cl.ClaimedAt,
				ActiveAt: cl.ActiveAt, Mine: cl.HolderID == currentUser(c).ID}
		}
		if w := it.Waiting; w != nil {
			d.Waiting = &api.ReviewWait{Since: w.Since, BusinessDays: w.BusinessDays, Overdue: w.Overdue}
		}
		if a := it.FirstApproval; a != nil {
			d.FirstApproval = &api.FirstApproval{ApproverEmail: a.ApproverEmail, ApprovedAt: a.ApprovedAt,
				Mine: a.ApproverID == currentUser(c).ID, Awaiting: a.Awaiting()}
			if b := a.SentBack; b != nil {
				d.FirstApproval.SentBack = &api.SendBack{ByEmail: b.ByEmail, At: b.At, Note: b.Note}
			}
		}
		out[i] = d
	}
	return out, nil
}

// sendAdminView answers with one verification as administrators see it.
func (s *Server) sendAdminView(c *echo.Context, item *application.VerificationListItem) error {
	out, err := s.adminViews(c, *item)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out[0])
}

func (s *Server) adminGet(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	item, err := s.Admin.Get(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	return s.sendAdminView(c, item)
}

func (s *Server) adminEvents(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	events, err := s.Admin.Events(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	out := make([]api.AuditEvent, len(events))
	for i, e := range events {
		out[i] = api.AuditEvent{ID: e.ID, ActorEmail: optional(e.ActorEmail), Action: e.Action, FromStatus: optional(e.From),
			ToStatus: optional(e.To), Reason: optional(e.Reason), CreatedAt: e.CreatedAt}
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Server) adminApprove(c *echo.Context) error {
	return s.adminDecide(c, false, func(id int64, _ string) (*verification.Verification, error) {
		return s.Admin.Approve(c.Request().Context(), currentUser(c), id)
	})
}

func (s *Server) adminReject(c *echo.Context) error {
	return s.adminDecide(c, true, func(id int64, reason string) (*verification.Verification, error) {
		return s.Admin.Reject(c.Request().Context(), currentUser(c), id, reason)
	})
}

func (s *Server) adminSendBack(c *echo.Context) error {
	return s.adminDecide(c, true, func(id int64, note string) (*verification.Verification, error) {
		return s.Admin.SendBack(c.Request().Context(), currentUser(c), id, note)
	})
}

func (s *Server) adminRevoke(c *echo.Context) error {
	return s.adminDecide(c, true, func(id int64, reason string) (*verification.Verification, error) {
		return s.Admin.Revoke(c.Request().Context(), currentUser(c), id, reason)
	})
}

func (s *Server) adminReinstate(c *echo.Context) error {
	return s.adminDecide(c, true, func(id int64, reason string) (*verification.Verification, error) {
		return s.Admin.Reinstate(c.Request().Context(), currentUser(c), id, reason)
	})
}

func (s *Server) adminClaim(c *echo.Context) error {
	return s.adminDecide(c, false, func(id int64, _ string) (*verification.Verification, error) {
		return s.ReviewClaims.Claim(c.Request().Context(), currentUser(c), id)
	})
}

func (s *Server) adminRelease(c *echo.Context) error {
	return s.adminDecide(c, false, func(id int64, _ string) (*verification.Verification, error) {
		return s.ReviewClaims.Release(c.Request().Context(), currentUser(c), id)
	})
}

func (s *Server) adminTakeOver(c *echo.Context) error {
	return s.adminDecide(c, true, func(id int64, reason string) (*verification.Verification, error) {
		return s.ReviewClaims.TakeOver(c.Request().Context(), currentUser(c), id, reason)
	})
}

func (s *Server) adminGenerateCIS(c *echo.Context) error {
	return s.adminDecide(c, false, func(id int64, _ string) (*verification.Verification, error) {
		return s.Certificates.GenerateCIS(c.Request().Context(), currentUser(c), id)
	})
}

// adminDecide reads the id (and reason) and returns the changed verification.
func (s *Server) adminDecide(c *echo.Context, withReason bool, decide func(id int64, reason string) (*verification.Verification, error)) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var req api.Reason
	if withReason {
		if err := bindJSON(c, &req); err != nil {
			return err
		}
	}
	v, err := decide(id, req.Reason)
	if err != nil {
		return err
	}
	item, err := s.Admin.Get(c.Request().Context(), currentUser(c), v.ID())
	if err != nil {
		return err
	}
	return s.sendAdminView(c, item)
}
