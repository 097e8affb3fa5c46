package http

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// badgeMaxAge is how long a browser or proxy may reuse a badge without asking again: the public
// cache's default lifetime, so a revocation shows on a company's website within about a minute.
const badgeMaxAge = 60

// badgeNameLength is how many characters of the company name fit on the badge's first line.
const badgeNameLength = 34

// badgeLook is what the badge says about a status and the colour it says it in.
type badgeLook struct {
	Status, Colour string
}

var badgeLooks = map[verification.CertificateStatus]badgeLook{
	verification.CertificateValid:   {"VALID", "#047857"},
	verification.CertificateRevoked: {"REVOKED", "#b91c1c"},
	verification.CertificateExpired: {"EXPIRED", "#b45309"},
}

// badgeTemplate draws the badge; html/template escapes the company name, which the applicant typed.
var badgeTemplate = template.Must(template.New("badge").Parse(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="76" viewBox="0 0 320 76" role="img" aria-label="{{.Label}}">
<title>{{.Label}}</title>
<rect x="0.5" y="0.5" width="319" height="75" rx="8" fill="#ffffff" stroke="#cbd5e1"/>
<rect x="0.5" y="0.5" width="8" height="75" rx="4" fill="{{.Colour}}"/>
<g font-family="Helvetica,Arial,sans-serif" fill="#0f172a">
<text x="20" y="23" font-size="14" font-weight="700">{{.Name}}</text>
<text x="20" y="43" font-size="12" fill="#334155">Verified by TTT Verify · {{.Tier}}</text>
<text x="20" y="63" font-size="12" fill="#334155"><tspan font-weight="700" fill="{{.Colour}}">{{.Status}}</tspan> · {{.Date}}</text>
</g>
</svg>
`))

// badgeSVG draws a certificate's live badge: the company, the tier, and the status with its date.
func badgeSVG(p *application.PublicCertificate) ([]byte, error) {
	look := badgeLooks[p.Status]
	date := "valid until " + p.ExpiresAt.UTC().Format("2 Jan 2006")
	switch {
	case p.Status == verification.CertificateRevoked && p.RevokedAt != nil:
		date = "on " + p.RevokedAt.UTC().Format("2 Jan 2006")
	case p.Status == verification.CertificateExpired:
		date = "on " + p.ExpiresAt.UTC().Format("2 Jan 2006")
	}
	tier := p.Tier.Label()
	data := struct {
		Label, Name, Tier, Status, Colour, Date string
	}{
		Label: fmt.Sprintf("%s: verified by TTT Verify, %s, %s %s", p.CompanyName, tier, strings.ToLower(look.Status), date),
		Name:  shorten(p.CompanyName, badgeNameLength), Tier: tier, Status: look.Status, Colour: look.Colour, Date: date,
	}
	var b bytes.Buffer
	if err := badgeTemplate.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// shorten cuts s to n characters, ending in an ellipsis when it cut.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// publicBadge serves the badge a company puts on its website. It is cacheable for a short while
// and revalidated by its ETag, so a revocation reaches every website within the public cache's
// lifetime.
func (s *Server) publicBadge(c *echo.Context) error {
	p, err := s.Certificates.Public(c.Request().Context(), c.Param("publicId"))
	if err != nil {
		return err
	}
	badge, err := p.Renditions.Get(application.RenditionKey{Form: "badge.svg", Status: p.Status}, func() (application.Rendition, error) {
		svg, err := badgeSVG(p)
		sum := sha256.Sum256(svg)
		return application.Rendition{Body: svg, ETag: `"` + hex.EncodeToString(sum[:16]) + `"`}, err
	})
	if err != nil {
		return err
	}
	etag := badge.ETag
	h := c.Response().Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", fmt.Sprintf("public, max-age=%d, must-revalidate", badgeMaxAge))
	// Websites embed the badge from other origins.
	h.Set("Cross-Origin-Resource-Policy", "cross-origin")
	if match := c.Request().Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
		return c.NoContent(http.StatusNotModified)
	}
	return c.Blob(http.StatusOK, "image/svg+xml; charset=utf-8", badge.Body)
}
