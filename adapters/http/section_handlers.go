package http

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// readSection answers a GET of something read for the verification in the path: a section, its
// documents, its CIS form.
func readSection[R, D any](c *echo.Context, read func(context.Context, *application.User, int64) (R, error), toDTO func(R) D) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	rec, err := read(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toDTO(rec))
}

// saveSection binds a section's body, converts it with toDomain and answers its POST or PUT.
func saveSection[I, V, R, D any](c *echo.Context, status int, toDomain func(I) V,
	save func(context.Context, *application.User, int64, V) (R, error), toDTO func(R) D) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var req I
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	rec, err := save(c.Request().Context(), currentUser(c), id, toDomain(req))
	if err != nil {
		return err
	}
	return c.JSON(status, toDTO(rec))
}

func (s *Server) getCompany(c *echo.Context) error {
	return readSection(c, s.Sections.Company, toCompanyDTO)
}

func (s *Server) saveCompany(c *echo.Context) error {
	return saveSection(c, http.StatusOK, companyToDomain, s.Sections.SaveCompany, toCompanyDTO)
}

func (s *Server) getBanking(c *echo.Context) error {
	return readSection(c, s.Sections.Banking, toBankingDTO)
}

func (s *Server) saveBanking(c *echo.Context) error {
	return saveSection(c, http.StatusOK, bankingToDomain, s.Sections.SaveBanking, toBankingDTO)
}

func (s *Server) getTrade(c *echo.Context) error {
	return readSection(c, s.Sections.Trade, toTradeDTO)
}

func (s *Server) saveTrade(c *echo.Context) error {
	return saveSection(c, http.StatusOK, tradeToDomain, s.Sections.SaveTrade, toTradeDTO)
}

func (s *Server) listRepresentatives(c *echo.Context) error {
	return readSection(c, s.Sections.Representatives, toRepresentativeDTOs)
}

func (s *Server) addRepresentative(c *echo.Context) error {
	return saveSection(c, http.StatusCreated, representativeToDomain, s.Sections.AddRepresentative, toRepresentativeDTO)
}

func (s *Server) updateRepresentative(c *echo.Context) error {
	repID, err := pathID(c, "repId")
	if err != nil {
		return err
	}
	return saveSection(c, http.StatusOK, representativeToDomain,
		func(ctx context.Context, actor *application.User, id int64, in verification.Representative) (*application.RepresentativeRecord, error) {
			return s.Sections.UpdateRepresentative(ctx, actor, id, repID, in)
		}, toRepresentativeDTO)
}

func (s *Server) deleteRepresentative(c *echo.Context) error {
	return deleteChild(c, "repId", s.Sections.DeleteRepresentative)
}

// deleteChild removes a record that belongs to the verification in the path (a representative, a
// document) and answers 204.
func deleteChild(c *echo.Context, param string, del func(context.Context, *application.User, int64, int64) error) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	childID, err := pathID(c, param)
	if err != nil {
		return err
	}
	if err := del(c.Request().Context(), currentUser(c), id, childID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
