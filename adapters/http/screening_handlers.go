package http

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// screeningRoutes are the administrators' list views and ad-hoc check; the use cases check the
// administrator too.
func (s *Server) screeningRoutes(g *echo.Group) {
	g.GET("/screening/lists", s.screeningLists)
	g.GET("/screening/freshness", s.screeningFreshness)
	g.GET("/screening/lists/:id/changes", s.screeningChanges)
	g.POST("/screening/search", s.screeningSearch)
}

func listVersionView(v *application.ListVersion) api.ListVersion {
	out := api.ListVersion{ID: v.ID, Source: string(v.Source), SHA256: v.SHA256, EntryCount: v.EntryCount,
		ImportedAt: v.ImportedAt.UTC(), ImportedBy: v.ImportedBy, ParserVersion: v.ParserVersion, Added: v.Added,
		Removed: v.Removed, Changed: v.Changed, InForce: v.InForce, Files: make([]api.ListFile, len(v.Files))}
	if !v.Published.IsZero() {
		p := v.Published.Format("2006-01-02")
		out.Published = &p
	}
	if v.PreviousID != 0 {
		out.PreviousID = &v.PreviousID
	}
	for i, f := range v.Files { // the blob keys stay on the server
		out.Files[i] = api.ListFile{Name: f.Name, Size: f.Size, SHA256: f.SHA256}
	}
	return out
}

func listVersionViews(vs []application.ListVersion) []api.ListVersion {
	out := make([]api.ListVersion, len(vs))
	for i := range vs {
		out[i] = listVersionView(&vs[i])
	}
	return out
}

func (s *Server) screeningLists(c *echo.Context) error {
	versions, err := s.Screening.ListVersions(c.Request().Context(), currentUser(c))
	if err != nil {
		return err
	}
	inForce := []application.ListVersion{}
	for _, v := range versions {
		if v.InForce {
			inForce = append(inForce, v)
		}
	}
	return c.JSON(http.StatusOK, api.ScreeningLists{InForce: listVersionViews(inForce), History: listVersionViews(versions)})
}

// screeningFreshness answers each list's last successful fetch and last attempt.
func (s *Server) screeningFreshness(c *echo.Context) error {
	f, err := s.Screening.Freshness(c.Request().Context(), currentUser(c))
	if err != nil {
		return err
	}
	out := api.ListsFreshness{IntervalSeconds: int64(f.Interval / time.Second), StaleAfterSeconds: int64(f.StaleAfter / time.Second),
		Lists: make([]api.ListFreshness, len(f.Lists))}
	for i, l := range f.Lists {
		out.Lists[i] = api.ListFreshness{Source: string(l.Source), Scheduled: l.Scheduled, Stale: l.Stale}
		if !l.LastSuccess.IsZero() {
			at := l.LastSuccess.UTC()
			out.Lists[i].LastSuccessAt = &at
		}
		if a := l.LastAttempt; a != nil {
			out.Lists[i].LastAttempt = &api.FetchAttempt{StartedAt: a.StartedAt.UTC(), FinishedAt: a.FinishedAt.UTC(), OK: a.OK,
				Error: a.Error, By: a.By}
		}
	}
	return c.JSON(http.StatusOK, out)
}

// screeningChanges answers what a version added, removed and changed against the one before.
func (s *Server) screeningChanges(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	v, changes, err := s.Screening.ListChanges(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	out := make([]api.ListChange, len(changes))
	for i, ch := range changes {
		out[i] = api.ListChange{SourceID: ch.SourceID, Change: string(ch.Kind), Name: ch.Name}
	}
	return c.JSON(http.StatusOK, api.ListChanges{Version: listVersionView(v), Changes: out})
}

func (s *Server) screeningSearch(c *echo.Context) error {
	var req api.ScreeningSearch
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	in := application.SearchInput{Name: req.Name, Kind: req.Kind, DateOfBirth: req.DateOfBirth, Country: req.Country, Limit: req.Limit, MinScore: req.MinScore}
	for _, id := range req.Identifiers {
		in.Identifiers = append(in.Identifiers, application.SearchIdentifier{Type: id.Type, Value: id.Value})
	}
	res, err := s.Screening.Search(c.Request().Context(), currentUser(c), in)
	if err != nil {
		return err
	}
	hits := make([]api.ScreeningHit, len(res.Hits))
	for i, h := range res.Hits {
		hits[i] = api.ScreeningHit{Score: h.Score, MatchedName: h.MatchedName, Entry: screeningEntryView(h.Entry, h.ListVersion),
			Explanation: make([]api.ScreeningFeature, len(h.Explanation))}
		for j, f := range h.Explanation {
			hits[i].Explanation[j] = api.ScreeningFeature{Feature: f.Name, Score: f.Contribution, Detail: f.Detail}
		}
	}
	return c.JSON(http.StatusOK, api.ScreeningResult{Hits: hits, ListVersions: listVersionViews(res.ListVersions), Threshold: res.Threshold})
}

func screeningEntryView(e *screening.Entry, v *application.ListVersion) api.ScreeningEntry {
	out := api.ScreeningEntry{Source: string(e.Source), SourceID: e.SourceID, Kind: string(e.Kind), Name: e.Name,
		Aliases: orEmpty(e.Aliases), Countries: orEmpty(e.Countries), Programs: orEmpty(e.Programs), Remarks: e.Remarks,
		DatesOfBirth: make([]string, len(e.DatesOfBirth)), Identifiers: make([]api.ScreeningIdentifier, len(e.Identifiers)),
		Topics: make([]string, len(e.Topics))}
	if v != nil {
		out.ListVersion = v.ID
	}
	for i, d := range e.DatesOfBirth {
		out.DatesOfBirth[i] = dobText(d)
	}
	for i, id := range e.Identifiers {
		out.Identifiers[i] = api.ScreeningIdentifier{Type: string(id.Type), Value: id.Value, Country: id.Country, Label: id.Label}
	}
	for i, t := range e.Topics {
		out.Topics[i] = string(t)
	}
	return out
}

// dobText writes a date of birth as YYYY-MM-DD, YYYY-MM or YYYY, or a range of years as YYYY/YYYY.
func dobText(d screening.DateOfBirth) string {
	if d.From.Year != d.To.Year {
		return fmt.Sprintf("%04d/%04d", d.From.Year, d.To.Year)
	}
	switch {
	case d.From.Month == 0:
		return fmt.Sprintf("%04d", d.From.Year)
	case d.From.Day == 0:
		return fmt.Sprintf("%04d-%02d", d.From.Year, d.From.Month)
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.From.Year, d.From.Month, d.From.Day)
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
