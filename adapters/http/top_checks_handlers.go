package http

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// topCheckRoutes are the reviewers' screening of one verification; the use cases check the
// administrator too.
func (s *Server) topCheckRoutes(g *echo.Group) {
	g.GET("/verifications/:id/screening", s.verificationScreening)
	g.POST("/verifications/:id/screening/hits/:hitId/decision", s.decideHit)
	g.POST("/verifications/:id/screening/pep-acknowledgement", s.acknowledgePEP)
	g.POST("/verifications/:id/screening/identifiers/check", s.checkIdentifiersAgain)
}

// summaries are the screening summaries of the Top verifications among vs the caller may see.
func (s *Server) summaries(c *echo.Context, vs []*verification.Verification) (map[int64]application.ScreeningSummary, error) {
	return s.TopChecks.Summaries(c.Request().Context(), currentUser(c), vs)
}

// views are verifications as their owner sees them, with the status of the Top checks: a failed
// attempt that is being retried is still "running" to the applicant, and nothing is said before
// the first run is queued.
func (s *Server) views(c *echo.Context, vs ...*verification.Verification) ([]api.Verification, error) {
	sums, err := s.summaries(c, vs)
	if err != nil {
		return nil, err
	}
	out := make([]api.Verification, len(vs))
	for i, v := range vs {
		out[i] = toVerificationDTO(v, currentUser(c), s.clock.Now())
		if sum, ok := sums[v.ID()]; ok && sum.Status != "" {
			status := string(sum.Status)
			if sum.Status == screening.RunFailed {
				status = string(screening.RunRunning)
			}
			out[i].Screening = &api.ApplicantScreening{Status: status}
		}
	}
	return out, nil
}

// sendView answers with one verification as its owner sees it.
func (s *Server) sendView(c *echo.Context, status int, v *verification.Verification) error {
	out, err := s.views(c, v)
	if err != nil {
		return err
	}
	return c.JSON(status, out[0])
}

func toScreeningDTO(v *application.ScreeningView) api.VerificationScreening {
	out := api.VerificationScreening{Status: "not_applicable", Subjects: []api.ScreeningSubject{}, Open: v.Open, Attention: v.Attention,
		Identifiers: identifierChecksView(v.Identifiers)}
	if !v.Applicable {
		return out
	}
	out.Status = string(v.Status)
	if v.Status == "" {
		out.Status = string(screening.RunPending)
	}
	if v.PEPAck != nil {
		out.PEPAcknowledgement = &api.PepAcknowledgement{By: v.PEPAck.ActorEmail, At: v.PEPAck.At, Note: v.PEPAck.Note}
	}
	if r := v.Run; r != nil {
		out.Run = &api.ScreeningRun{ID: r.ID, StartedAt: r.StartedAt, FinishedAt: r.FinishedAt, EngineVersion: r.EngineVersion,
			Trigger: string(r.Trigger), Lists: listVersionViews(v.Lists)}
	}
	for _, sub := range v.Subjects {
		sd := api.ScreeningSubject{ID: sub.ID, Kind: string(sub.Kind), Name: sub.Name, Details: sub.Details, Checks: []api.ScreeningCheck{},
			Hits: []api.ScreeningCaseHit{}}
		for _, c := range sub.Checks {
			cd := api.ScreeningCheck{Kind: string(c.Kind), Result: string(c.Result), Summary: c.Summary, Findings: []api.ScreeningFinding{}}
			for _, f := range c.Findings {
				cd.Findings = append(cd.Findings, api.ScreeningFinding{Code: f.Code, Severity: string(f.Severity), Message: f.Message})
			}
			sd.Checks = append(sd.Checks, cd)
		}
		for _, h := range sub.Hits {
			sd.Hits = append(sd.Hits, caseHitView(h))
		}
		out.Subjects = append(out.Subjects, sd)
	}
	return out
}

func identifierChecksView(checks []application.RegistryCheckRecord) []api.IdentifierCheck {
	out := make([]api.IdentifierCheck, len(checks))
	for i, c := range checks {
		out[i] = api.IdentifierCheck{Registry: string(c.Registry), Source: c.Registry.Label(), Identifier: c.Identifier,
			Outcome: string(c.Outcome), Summary: c.Summary, Differences: make([]api.IdentifierDifference, len(c.Differences)),
			CheckedAt: c.CheckedAt}
		for j, d := range c.Differences {
			out[i].Differences[j] = api.IdentifierDifference(d)
		}
	}
	return out
}

func caseHitView(h application.CaseView) api.ScreeningCaseHit {
	e := h.Entry
	out := api.ScreeningCaseHit{ID: h.ID, Check: string(h.Check), Score: h.Score, MatchedName: h.MatchedName,
		Explanation: make([]api.ScreeningFeature, len(h.Explanation)), Entry: screeningEntryView(&e, h.List),
		ListName: h.Source.Label(), Status: string(h.Status), Reopened: h.Reopened, Decisions: []api.ScreeningDecision{}}
	if out.Entry.Source == "" { // an entry that cannot be read back still names its list and id
		out.Entry.Source, out.Entry.SourceID, out.Entry.Kind = string(h.Source), h.SourceID, string(screening.Unknown)
	}
	if h.List != nil {
		date := h.List.Published
		if date.IsZero() {
			date = h.List.ImportedAt
		}
		out.ListVersionDate = date.Format(time.DateOnly)
	}
	for i, f := range h.Explanation {
		out.Explanation[i] = api.ScreeningFeature{Feature: f.Name, Score: f.Contribution, Detail: f.Detail}
	}
	for _, d := range h.Decisions {
		out.Decisions = append(out.Decisions, api.ScreeningDecision{Outcome: string(d.Outcome), Note: d.Note, By: d.ActorEmail, At: d.At})
	}
	return out
}

func (s *Server) verificationScreening(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	v, err := s.TopChecks.Screening(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toScreeningDTO(v))
}

func (s *Server) decideHit(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	hitID, err := pathID(c, "hitId")
	if err != nil {
		return err
	}
	var req api.HitDecisionInput
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	v, err := s.TopChecks.DecideHit(c.Request().Context(), currentUser(c), id, hitID, req.Outcome, req.Note)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toScreeningDTO(v))
}

func (s *Server) acknowledgePEP(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var req api.NoteInput
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	v, err := s.TopChecks.AcknowledgePEP(c.Request().Context(), currentUser(c), id, req.Note)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toScreeningDTO(v))
}

func (s *Server) checkIdentifiersAgain(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	v, err := s.TopChecks.CheckIdentifiersAgain(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toScreeningDTO(v))
}

func toCertificateChecks(checks []verification.CertificateCheck) []api.CertificateCheck {
	out := make([]api.CertificateCheck, len(checks))
	for i, c := range checks {
		out[i] = api.CertificateCheck{Kind: c.Kind, Label: c.Label, Result: c.Result, Text: c.Text}
		if !c.Date.IsZero() {
			d := c.Date.UTC().Format(time.DateOnly)
			out[i].Date = &d
		}
	}
	return out
}
