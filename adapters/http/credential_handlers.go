package http

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
)

// publicCredential answers a certificate's verifiable credential: the JWT alone to a client that
// asks for application/vc+jwt, JSON otherwise.
func (s *Server) publicCredential(c *echo.Context) error {
	cred, err := s.Certificates.Credential(c.Request().Context(), c.Param("publicId"))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store") // the status is live
	if wantsJWT(c.Request()) {
		jwt, err := cred.Renditions.Get(application.RenditionKey{Form: "credential.jwt"}, func() (application.Rendition, error) {
			return application.Rendition{Body: []byte(cred.JWT)}, nil
		})
		if err != nil {
			return err
		}
		return c.Blob(http.StatusOK, api.CredentialMediaType, jwt.Body)
	}
	return sendRendition(c, cred.Renditions, application.RenditionKey{Form: "credential.json"}, func() (any, error) {
		return api.Credential{Credential: cred.JWT, MediaType: api.CredentialMediaType,
			Issuer: cred.Issuer, StatusListIndex: cred.StatusIndex, StatusListCredential: cred.StatusListURL,
			ValidFrom: cred.ValidFrom, ValidUntil: cred.ValidUntil, Signature: toSignature(cred.Signer)}, nil
	})
}

// wantsJWT reports whether the client's Accept names the JWT's media type before JSON.
func wantsJWT(r *http.Request) bool {
	accept := r.Header.Get("Accept")
	jwt := strings.Index(accept, api.CredentialMediaType)
	json := strings.Index(accept, "application/json")
	return jwt >= 0 && (json < 0 || jwt < json)
}

func toSignature(s application.SignerInfo) api.Signature {
	return api.Signature{SignedBy: s.Name, TestSignature: s.Test, Notice: s.Notice()}
}

// statusList answers the signed revocation status list.
func (s *Server) statusList(c *echo.Context) error {
	jwt, err := s.Certificates.StatusList(c.Request().Context())
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, api.CredentialMediaType, []byte(jwt))
}

// issuerDocument answers the issuer's did:web document; its keys change only with a restart.
func (s *Server) issuerDocument(c *echo.Context) error {
	doc, err := s.Certificates.IssuerDocument()
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=300")
	c.Response().Header().Set("Access-Control-Allow-Origin", "*") // resolvers in browsers read it too
	return c.Blob(http.StatusOK, "application/did+json", doc)
}
