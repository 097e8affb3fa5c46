package http

import (
	"fmt"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
)

// auditRoutes are the audit exports; the use cases check the administrator too.
func (s *Server) auditRoutes(g *echo.Group) {
	g.GET("/verifications/:id/audit.csv", s.auditTrailCSV)
	g.GET("/verifications/:id/audit.pdf", func(c *echo.Context) error { return sendCertificate(c, s.AuditExport.AuditReport) })
	g.GET("/audit.csv", s.auditRangeCSV)
}

// auditTrailColumns are the columns of a verification's audit CSV: a "verification" row naming it
// (when the export was made and by whom, its status, company, certificate id and tier), its events
// ("event" rows), then its screening decisions ("screening_decision") and registry checks
// ("registry_check").
var auditTrailColumns = []string{"record", "time", "actor", "action", "from_status", "to_status", "subject", "list",
	"entry", "detail"}

func (s *Server) auditTrailCSV(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	t, err := s.AuditExport.AuditTrail(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	out := newCSVStream(c, fmt.Sprintf("audit-trail-%d.csv", id), auditTrailColumns...)
	err = func() error {
		if err := out.row("verification", isoTime(t.GeneratedAt), t.GeneratedBy, "export", t.Status, t.Status, t.CompanyName, "",
			t.PublicID, t.TierLabel); err != nil {
			return err
		}
		for _, e := range t.Events {
			if err := out.row("event", isoTime(e.CreatedAt), actorOf(e), e.Action, e.From, e.To, "", "", "", e.Reason); err != nil {
				return err
			}
		}
		for _, d := range t.Decisions {
			if err := out.row("screening_decision", isoTime(d.At), d.ActorEmail, d.Outcome, "", "", d.Subject, d.List, d.Entry,
				d.Note); err != nil {
				return err
			}
		}
		for _, r := range t.Identifiers {
			if err := out.row("registry_check", isoTime(r.CheckedAt), "system", string(r.Outcome), "", "", r.Registry.Label(), "",
				r.Identifier, r.Summary); err != nil {
				return err
			}
		}
		return nil
	}()
	return out.end(err)
}

// auditRangeColumns are the columns of the date-range export; verification_id is empty for an
// administrator's own event (an export).
var auditRangeColumns = []string{"time", "verification_id", "actor", "action", "from_status", "to_status", "detail"}

func (s *Server) auditRangeCSV(c *echo.Context) error {
	from, to := c.QueryParam("from"), c.QueryParam("to")
	out := newCSVStream(c, fmt.Sprintf("audit-%s-to-%s.csv", from, to), auditRangeColumns...)
	err := s.AuditExport.AuditRange(c.Request().Context(), currentUser(c), from, to, func(e application.AuditEvent) error {
		id := ""
		if e.VerificationID != 0 {
			id = strconv.FormatInt(e.VerificationID, 10)
		}
		return out.row(isoTime(e.CreatedAt), id, actorOf(e), e.Action, e.From, e.To, e.Reason)
	})
	return out.end(err)
}

// actorOf names who did e: the actor's e-mail, or "system" for the platform's own events.
func actorOf(e application.AuditEvent) string {
	if e.ActorID == 0 {
		return "system"
	}
	return e.ActorEmail
}

// isoTime is an instant of a CSV export: ISO 8601 in UTC, to the second.
func isoTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }
