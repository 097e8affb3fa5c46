package http

import (
	"context"
	"math"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// The beneficial ownership part of a Top verification: owners like representatives, and the
// declaration that there are none.

func (s *Server) getOwnership(c *echo.Context) error {
	return readSection(c, s.Sections.Ownership, toOwnershipDTO)
}

func (s *Server) addOwner(c *echo.Context) error {
	return saveSection(c, http.StatusCreated, ownerToDomain, s.Sections.AddOwner, toOwnerDTO)
}

func (s *Server) updateOwner(c *echo.Context) error {
	ownerID, err := pathID(c, "ownerId")
	if err != nil {
		return err
	}
	return saveSection(c, http.StatusOK, ownerToDomain,
		func(ctx context.Context, actor *application.User, id int64, in verification.BeneficialOwner) (*application.OwnerRecord, error) {
			return s.Sections.UpdateOwner(ctx, actor, id, ownerID, in)
		}, toOwnerDTO)
}

func (s *Server) deleteOwner(c *echo.Context) error {
	return deleteChild(c, "ownerId", s.Sections.DeleteOwner)
}

func (s *Server) uploadOwnerDocument(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ownerID, err := pathID(c, "ownerId")
	if err != nil {
		return err
	}
	stored, _, err := s.receiveUpload(c, id)
	if err != nil {
		return err
	}
	doc, err := s.Documents.AttachOwnerDocument(c.Request().Context(), currentUser(c), id, ownerID, stored)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toDocumentDTO(doc))
}

func (s *Server) declareNoOwners(c *echo.Context) error {
	return saveSection(c, http.StatusOK, func(in api.OwnershipDeclarationInput) int64 { return in.SeniorOfficialID },
		s.Sections.DeclareNoOwners, toDeclarationDTO)
}

func (s *Server) withdrawDeclaration(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.Sections.WithdrawDeclaration(c.Request().Context(), currentUser(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func ownerToDomain(in api.BeneficialOwnerInput) verification.BeneficialOwner {
	d := in.OwnerFields
	controls := make([]verification.Control, len(d.NatureOfControl))
	for i, c := range d.NatureOfControl {
		controls[i] = verification.Control(trim(c))
	}
	return verification.BeneficialOwner{FullName: trim(d.FullName), DateOfBirth: trim(d.DateOfBirth),
		Nationality: trim(d.Nationality), CountryOfResidence: trim(d.CountryOfResidence),
		Ownership: hundredths(d.OwnershipPercentage), Controls: controls, ControlText: trim(d.ControlText)}
}

// hundredths turns a percentage into hundredths of a percent; a value out of range stays out of
// range, for the domain to refuse, without overflowing.
func hundredths(percent float64) int {
	return int(math.Round(max(-1, min(percent, 101)) * 100))
}

func toOwnerDTO(r *application.OwnerRecord) api.BeneficialOwner {
	o := r.BeneficialOwner
	controls := make([]string, len(o.Controls))
	for i, c := range o.Controls {
		controls[i] = string(c)
	}
	return api.BeneficialOwner{ID: r.ID, VerificationID: r.VerificationID, DocumentFileID: r.DocumentFileID,
		DocumentURL: fileURLOf(r.DocumentPath), Stamps: api.Stamps(r.Stamps), OwnerFields: api.OwnerFields{
			FullName: o.FullName, DateOfBirth: o.DateOfBirth, Nationality: o.Nationality,
			CountryOfResidence: o.CountryOfResidence, OwnershipPercentage: float64(o.Ownership) / 100,
			NatureOfControl: controls, ControlText: o.ControlText}}
}

func toDeclarationDTO(d *application.DeclarationRecord) *api.OwnershipDeclaration {
	if d == nil {
		return nil
	}
	return &api.OwnershipDeclaration{SeniorOfficialID: d.SeniorOfficialID, SeniorOfficialName: d.SeniorOfficialName,
		Threshold: d.Threshold, Text: d.Text(), Stamps: api.Stamps(d.Stamps)}
}

func toOwnershipDTO(o *application.Ownership) api.Ownership {
	owners := make([]api.BeneficialOwner, len(o.Owners))
	for i := range o.Owners {
		owners[i] = toOwnerDTO(&o.Owners[i])
	}
	return api.Ownership{Threshold: o.Threshold, DeclarationText: verification.DeclarationText(o.Threshold),
		Owners: owners, Declaration: toDeclarationDTO(o.Declaration)}
}
