package http

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/errs"
)

// SharePath is where share links are served; the token follows it.
const SharePath = "/api/shared/cis/"

func (s *Server) publicVerification(c *echo.Context) error {
	p, err := s.Certificates.Public(c.Request().Context(), c.Param("publicId"))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store") // the status is live
	return sendRendition(c, p.Renditions, application.RenditionKey{Form: "verification.json", Status: p.Status}, func() (any, error) {
		return toPublicVerification(p), nil
	})
}

// sendRendition answers with the JSON of the value that build returns, encoded once per key for
// as long as the public cache keeps the certificate, as c.JSON would encode it.
func sendRendition(c *echo.Context, r *application.Renditions, key application.RenditionKey, build func() (any, error)) error {
	kept, err := r.Get(key, func() (application.Rendition, error) {
		v, err := build()
		if err != nil {
			return application.Rendition{}, err
		}
		b, err := json.Marshal(v)
		return application.Rendition{Body: append(b, '\n')}, err
	})
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, kept.Body)
}

func toPublicVerification(p *application.PublicCertificate) api.PublicVerification {
	return api.PublicVerification{PublicID: p.PublicID, CertificateID: p.PublicID,
		CompanyName: p.CompanyName, RegistrationNumber: p.RegistrationNumber, Country: p.Country,
		RegisteredAddress: p.RegisteredAddress, Email: p.Email, Tier: p.Tier.String(), Checks: toCertificateChecks(p.Checks),
		Status: "approved", CertificateStatus: string(p.Status), VerifiedAt: p.VerifiedAt, ExpiresAt: p.ExpiresAt,
		RevokedAt: p.RevokedAt, Fingerprint: p.Fingerprint, Signature: toSignature(p.Signer)}
}

func (s *Server) publicSearch(c *echo.Context) error {
	hits, err := s.Certificates.SearchPublic(c.Request().Context(), c.QueryParam("q"))
	if err != nil {
		return err
	}
	out := make([]api.PublicSearchHit, len(hits))
	for i, h := range hits {
		out[i] = api.PublicSearchHit{CertificateID: h.PublicID, CompanyName: h.CompanyName, Country: h.Country,
			Tier: h.Tier.String(), CertificateStatus: string(h.Status), ExpiresAt: h.ExpiresAt}
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, out)
}

func (s *Server) publicCompany(c *echo.Context) error {
	p, err := s.Certificates.Public(c.Request().Context(), c.Param("publicId"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, api.PublicCompany{CompanyName: p.CompanyName, RegistrationNumber: p.RegistrationNumber,
		CountryOfIncorporation: p.Country, RegisteredAddress: p.RegisteredAddress, Email: p.Email})
}

func (s *Server) publicDocuments(c *echo.Context) error {
	docs, err := s.Certificates.PublicDocuments(c.Request().Context(), c.Param("publicId"))
	if err != nil {
		return err
	}
	out := make([]api.PublicDocument, len(docs))
	for i, d := range docs {
		out[i] = api.PublicDocument{Type: d.Type.String(), CreatedAt: d.CreatedAt}
		if d.Representative > 0 {
			out[i].Representative = &d.Representative
		}
	}
	return c.JSON(http.StatusOK, out)
}

func toCISFormDTO(f *application.CISForm) api.CISForm {
	return api.CISForm{URL: fileURL(f.Path), GeneratedAt: f.GeneratedAt}
}

// getCISForm returns where to download the CIS.
func (s *Server) getCISForm(c *echo.Context) error {
	return readSection(c, s.Certificates.CISForm, toCISFormDTO)
}

func (s *Server) shareCISForm(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	token, expires, err := s.Certificates.ShareCIS(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, api.Share{Success: true, URL: SharePath + token, ExpiresAt: expires})
}

func toShareLinkDTOs(links []application.ShareLink) []api.ShareLink {
	out := make([]api.ShareLink, len(links))
	for i, l := range links {
		out[i] = api.ShareLink{ID: l.ID, CreatedAt: l.CreatedAt, ExpiresAt: l.ExpiresAt, Used: l.IsUsed, UsedAt: l.UsedAt}
	}
	return out
}

func (s *Server) listShareLinks(c *echo.Context) error {
	return readSection(c, s.Certificates.ShareLinks, toShareLinkDTOs)
}

func (s *Server) revokeShareLink(c *echo.Context) error {
	return deleteChild(c, "shareId", s.Certificates.RevokeShareLink)
}

// openSharedCIS serves the CIS behind a share link to anyone holding it.
func (s *Server) openSharedCIS(c *echo.Context) error {
	token := c.Param("token")
	if len(token) < 20 || strings.ContainsAny(token, "/.") {
		return errNotFoundLink
	}
	f, err := s.Certificates.OpenSharedCIS(c.Request().Context(), token)
	if err != nil {
		return err
	}
	defer f.Content.Close()
	c.Response().Header().Set("Referrer-Policy", "no-referrer") // keep the token out of other sites' logs
	return sendFile(c, f, "inline")
}

var errNotFoundLink = errs.NotFound("This link does not exist")

func (s *Server) downloadCertificate(c *echo.Context) error {
	return sendCertificate(c, s.Certificates.Certificate)
}

// sendCertificate answers with the certificate PDF that render makes for the verification in the path.
func sendCertificate(c *echo.Context, render func(context.Context, *application.User, int64) (*application.File, error)) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	f, err := render(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	defer f.Content.Close()
	return sendFile(c, f, "attachment")
}
