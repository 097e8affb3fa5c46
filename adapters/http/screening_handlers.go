package http

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// screeningRoutes are the administrators' list views and ad-hoc check; the use cases check the
// administrator too.
func (s *Server) screeningRoutes(g *echo.Group) {
	g.GET("/screening/lists", s.screeningLists)
	g.GET("/screening/lists/:id/changes", s.screeningChanges)
	g.POST("/screening/search", s.screeningSearch)
}

type listFileDTO struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

type listVersionDTO struct {
	ID            int64         `json:"id"`
	Source        string        `json:"source"`
	Published     *string       `json:"published"`
	SHA256        string        `json:"sha256"`
	EntryCount    int           `json:"entryCount"`
	ImportedAt    time.Time     `json:"importedAt"`
	ImportedBy    string        `json:"importedBy"`
	ParserVersion string        `json:"parserVersion"`
	Files         []listFileDTO `json:"files"`
	Added         int           `json:"added"`
	Removed       int           `json:"removed"`
	Changed       int           `json:"changed"`
	PreviousID    *int64        `json:"previousId"`
	InForce       bool          `json:"inForce"`
}

func listVersionView(v *application.ListVersion) listVersionDTO {
	out := listVersionDTO{ID: v.ID, Source: string(v.Source), SHA256: v.SHA256, EntryCount: v.EntryCount,
		ImportedAt: v.ImportedAt.UTC(), ImportedBy: v.ImportedBy, ParserVersion: v.ParserVersion, Added: v.Added,
		Removed: v.Removed, Changed: v.Changed, InForce: v.InForce, Files: make([]listFileDTO, len(v.Files))}
	if !v.Published.IsZero() {
		p := v.Published.Format("2006-01-02")
		out.Published = &p
	}
	if v.PreviousID != 0 {
		out.PreviousID = &v.PreviousID
	}
	for i, f := range v.Files { // the blob keys stay on the server
		out.Files[i] = listFileDTO{Name: f.Name, Size: f.Size, SHA256: f.SHA256}
	}
	return out
}

func listVersionViews(vs []application.ListVersion) []listVersionDTO {
	out := make([]listVersionDTO, len(vs))
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
	return c.JSON(http.StatusOK, map[string]any{"inForce": listVersionViews(inForce), "history": listVersionViews(versions)})
}

type listChangeDTO struct {
	SourceID string `json:"sourceId"`
	Change   string `json:"change"`
	Name     string `json:"name"`
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
	out := make([]listChangeDTO, len(changes))
	for i, ch := range changes {
		out[i] = listChangeDTO{SourceID: ch.SourceID, Change: string(ch.Kind), Name: ch.Name}
	}
	return c.JSON(http.StatusOK, map[string]any{"version": listVersionView(v), "changes": out})
}

type screeningSearchRequest struct {
	Name        string `json:"name"`
	Kind        string `json:"kind"`
	DateOfBirth string `json:"dateOfBirth"`
	Country     string `json:"country"`
	Identifiers []struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	} `json:"identifiers"`
	Limit *int `json:"limit"`
}

type screeningIdentifierDTO struct {
	Type    string `json:"type"`
	Value   string `json:"value"`
	Country string `json:"country"`
	Label   string `json:"label"`
}

type screeningEntryDTO struct {
	Source       string                   `json:"source"`
	SourceID     string                   `json:"sourceId"`
	ListVersion  int64                    `json:"listVersion"`
	Kind         string                   `json:"kind"`
	Name         string                   `json:"name"`
	Aliases      []string                 `json:"aliases"`
	DatesOfBirth []string                 `json:"datesOfBirth"`
	Countries    []string                 `json:"countries"`
	Identifiers  []screeningIdentifierDTO `json:"identifiers"`
	Programs     []string                 `json:"programs"`
	Topics       []string                 `json:"topics"`
	Remarks      string                   `json:"remarks"`
}

type screeningFeatureDTO struct {
	Feature string  `json:"feature"`
	Score   float64 `json:"score"`
	Detail  string  `json:"detail"`
}

type screeningHitDTO struct {
	Score       float64               `json:"score"`
	MatchedName string                `json:"matchedName"`
	Entry       screeningEntryDTO     `json:"entry"`
	Explanation []screeningFeatureDTO `json:"explanation"`
}

func (s *Server) screeningSearch(c *echo.Context) error {
	var req screeningSearchRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	in := application.SearchInput{Name: req.Name, Kind: req.Kind, DateOfBirth: req.DateOfBirth, Country: req.Country, Limit: req.Limit}
	for _, id := range req.Identifiers {
		in.Identifiers = append(in.Identifiers, application.SearchIdentifier{Type: id.Type, Value: id.Value})
	}
	res, err := s.Screening.Search(c.Request().Context(), currentUser(c), in)
	if err != nil {
		return err
	}
	hits := make([]screeningHitDTO, len(res.Hits))
	for i, h := range res.Hits {
		hits[i] = screeningHitDTO{Score: h.Score, MatchedName: h.MatchedName, Entry: screeningEntryView(h.Entry, h.ListVersion),
			Explanation: make([]screeningFeatureDTO, len(h.Explanation))}
		for j, f := range h.Explanation {
			hits[i].Explanation[j] = screeningFeatureDTO{Feature: f.Name, Score: f.Contribution, Detail: f.Detail}
		}
	}
	return c.JSON(http.StatusOK, map[string]any{"hits": hits, "listVersions": listVersionViews(res.ListVersions)})
}

func screeningEntryView(e *screening.Entry, v *application.ListVersion) screeningEntryDTO {
	out := screeningEntryDTO{Source: string(e.Source), SourceID: e.SourceID, Kind: string(e.Kind), Name: e.Name,
		Aliases: orEmpty(e.Aliases), Countries: orEmpty(e.Countries), Programs: orEmpty(e.Programs), Remarks: e.Remarks,
		DatesOfBirth: make([]string, len(e.DatesOfBirth)), Identifiers: make([]screeningIdentifierDTO, len(e.Identifiers)),
		Topics: make([]string, len(e.Topics))}
	if v != nil {
		out.ListVersion = v.ID
	}
	for i, d := range e.DatesOfBirth {
		out.DatesOfBirth[i] = dobText(d)
	}
	for i, id := range e.Identifiers {
		out.Identifiers[i] = screeningIdentifierDTO{Type: string(id.Type), Value: id.Value, Country: id.Country, Label: id.Label}
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
