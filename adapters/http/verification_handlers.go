package http

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// Paging limits of DESIGN.md section 3.
const (
	defaultPageSize = 10
	maxPageSize     = 100
	// maxPage keeps the offset (page-1)*pageSize far from overflowing; nobody pages that far.
	maxPage = 1_000_000
)

// paging reads the page and pageSize query parameters (defaults 1 and 10, at most 100 a page and
// page 1,000,000).
func paging(c *echo.Context) (page, pageSize int, err error) {
	page, pageSize = 1, defaultPageSize
	q := c.QueryParams()
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPage {
			return 0, 0, badRequest("page must be between 1 and 1000000")
		}
		page = n
	}
	if v := q.Get("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPageSize {
			return 0, 0, badRequest("pageSize must be between 1 and 100")
		}
		pageSize = n
	}
	return page, pageSize, nil
}

// certificateFilters are the status filter's values that select approved verifications by the state
// of their certificate.
var certificateFilters = map[string]verification.CertificateStatus{
	"approved": verification.CertificateValid,
	"revoked":  verification.CertificateRevoked,
	"expired":  verification.CertificateExpired,
}

// listFilter reads the paging, sort and filter query parameters shared by the lists; sorts are the
// sort fields the list allows.
func listFilter(c *echo.Context, sorts []application.SortField) (application.VerificationFilter, error) {
	f := application.VerificationFilter{Sort: application.SortUpdatedAt, Desc: true}
	q := c.QueryParams()
	var err error
	if f.Page, f.PageSize, err = paging(c); err != nil {
		return f, err
	}
	if v := q.Get("sort"); v != "" {
		if !slices.Contains(sorts, application.SortField(v)) {
			names := make([]string, len(sorts))
			for i, sf := range sorts {
				names[i] = string(sf)
			}
			return f, badRequest("sort must be one of " + strings.Join(names, ", "))
		}
		f.Sort = application.SortField(v)
	}
	switch q.Get("order") {
	case "", "desc":
	case "asc":
		f.Desc = false
	default:
		return f, badRequest("order must be asc or desc")
	}
	// One status, or several separated by commas (the dashboard's "draft,submitted"). Approved means
	// a certificate that still vouches; revoked and expired select the approved ones that do not.
	if v := q.Get("status"); v != "" && v != "all" {
		for _, name := range strings.Split(v, ",") {
			name = strings.TrimSpace(name)
			st, err := verification.ParseStatus(name)
			cert, byCertificate := certificateFilters[name]
			switch {
			case byCertificate:
				st, f.Certificates = verification.Approved, append(f.Certificates, cert)
			case err != nil:
				return f, badRequest("status must be one or more of draft, submitted, in_review, approved, rejected, revoked, expired, separated by commas")
			}
			if !slices.Contains(f.Statuses, st) {
				f.Statuses = append(f.Statuses, st)
			}
		}
		if len(f.Statuses) == 1 {
			f.Status, f.Statuses = &f.Statuses[0], nil
		}
	}
	if v := q.Get("tier"); v != "" && v != "all" {
		t, err := verification.ParseTier(v)
		if err != nil {
			return f, badRequest("tier must be basic or top")
		}
		f.Tier = &t
	}
	return f, nil
}

// writeList sends one page as a JSON array with the total in X-Total-Count.
func writeList(c *echo.Context, page any, total int) error {
	c.Response().Header().Set("X-Total-Count", strconv.Itoa(total))
	return c.JSON(http.StatusOK, page)
}

func (s *Server) listVerifications(c *echo.Context) error {
	f, err := listFilter(c, application.ListSorts)
	if err != nil {
		return err
	}
	items, total, err := s.Verifications.List(c.Request().Context(), currentUser(c), f)
	if err != nil {
		return err
	}
	vs := make([]*verification.Verification, len(items))
	for i, it := range items {
		vs[i] = it.Verification
	}
	out, err := s.views(c, vs...)
	if err != nil {
		return err
	}
	for i, it := range items { // lists name the company
		out[i].CompanyName = it.CompanyName
	}
	return writeList(c, out, total)
}

func (s *Server) createVerification(c *echo.Context) error {
	var req api.NewVerification
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	v, err := s.Verifications.Create(c.Request().Context(), currentUser(c), req.Tier)
	if err != nil {
		return err
	}
	return s.sendView(c, http.StatusCreated, v)
}

func (s *Server) getVerification(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	v, err := s.Verifications.Get(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	out, err := s.views(c, v)
	if err != nil {
		return err
	}
	if _, ok := v.CertificateStatus(s.clock.Now()); ok { // a certificate: its owner sees how many follow it
		n, err := s.Follows.Followers(c.Request().Context(), currentUser(c), id)
		if err != nil {
			return err
		}
		out[0].Followers = &n
	}
	return c.JSON(http.StatusOK, out[0])
}

func (s *Server) deleteVerification(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.Verifications.Delete(c.Request().Context(), currentUser(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Server) submitVerification(c *echo.Context) error {
	return s.changeVerification(c, s.Verifications.Submit)
}

func (s *Server) resubmitVerification(c *echo.Context) error {
	return s.changeVerification(c, s.Verifications.Resubmit)
}

// changeVerification runs a state change on the verification in the path and returns the result.
func (s *Server) changeVerification(c *echo.Context,
	change func(ctx context.Context, actor *application.User, id int64) (*verification.Verification, error)) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	v, err := change(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	return s.sendView(c, http.StatusOK, v)
}
