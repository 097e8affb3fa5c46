package http

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (s *Server) getCompany(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	rec, err := s.Sections.Company(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toCompanyDTO(rec))
}

func (s *Server) saveCompany(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var req companyInput
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	rec, err := s.Sections.SaveCompany(c.Request().Context(), currentUser(c), id, req.toDomain())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toCompanyDTO(rec))
}

func (s *Server) getBanking(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	rec, err := s.Sections.Banking(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toBankingDTO(rec))
}

func (s *Server) saveBanking(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var req bankingInput
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	rec, err := s.Sections.SaveBanking(c.Request().Context(), currentUser(c), id, req.toDomain())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toBankingDTO(rec))
}

func (s *Server) getTrade(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	rec, err := s.Sections.Trade(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toTradeDTO(rec))
}

func (s *Server) saveTrade(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var req tradeInput
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	rec, err := s.Sections.SaveTrade(c.Request().Context(), currentUser(c), id, req.toDomain())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toTradeDTO(rec))
}

func (s *Server) listRepresentatives(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	recs, err := s.Sections.Representatives(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	out := make([]representativeRecordDTO, len(recs))
	for i := range recs {
		out[i] = toRepresentativeDTO(&recs[i])
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Server) addRepresentative(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var req representativeInput
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	rec, err := s.Sections.AddRepresentative(c.Request().Context(), currentUser(c), id, req.toDomain())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toRepresentativeDTO(rec))
}

func (s *Server) updateRepresentative(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	repID, err := pathID(c, "repId")
	if err != nil {
		return err
	}
	var req representativeInput
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	rec, err := s.Sections.UpdateRepresentative(c.Request().Context(), currentUser(c), id, repID, req.toDomain())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toRepresentativeDTO(rec))
}

func (s *Server) deleteRepresentative(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	repID, err := pathID(c, "repId")
	if err != nil {
		return err
	}
	if err := s.Sections.DeleteRepresentative(c.Request().Context(), currentUser(c), id, repID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
