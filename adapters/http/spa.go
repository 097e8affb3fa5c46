package http

import (
	"bytes"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
)

// placeholderPage is served when the binary was built without the frontend.
const placeholderPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TTT Verify</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto"><h1>TTT Verify</h1>
<p>The API is running. The web interface was not built into this binary: run <code>make build</code>.</p></body></html>`

// robotsTxt lets search engines index the public pages (landing, sign-in) and keeps them out of
// the API, the signed-in app and the public certificate pages, which a company shares with its
// counterparties by link, not with search engines.
const robotsTxt = `User-agent: *
Disallow: /api/
Disallow: /v/
Disallow: /dashboard
Disallow: /verifications
Disallow: /verification/
Disallow: /payment/
Disallow: /account-settings
Disallow: /admin
Disallow: /reset-password
Disallow: /follow/
`

// Cache lifetimes: content-hashed assets never change; other files (the favicon) may change with
// a release; index.html is revalidated on every load so that a release is picked up at once.
const (
	cacheImmutable = "public, max-age=31536000, immutable"
	cacheDay       = "public, max-age=86400"
	cacheRevalid   = "no-cache"
)

// encodings the build precompresses each text file with (frontend/vite.config.ts), best first.
var encodings = []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// spa serves the built single-page app: files by path, and index.html for client-side routes.
type spa struct {
	files fs.FS
	index []byte
}

func newSPA(files fs.FS) *spa {
	s := &spa{files: files}
	if files != nil {
		s.index, _ = fs.ReadFile(files, "index.html")
	}
	return s
}

func (s *spa) serve(c *echo.Context) error {
	name := strings.TrimPrefix(path.Clean("/"+c.Param("*")), "/")
	if name == "robots.txt" {
		c.Response().Header().Set("Cache-Control", cacheDay)
		return c.Blob(http.StatusOK, "text/plain; charset=utf-8", []byte(robotsTxt))
	}
	if s.files != nil && name != "" && name != "index.html" {
		if st, err := fs.Stat(s.files, name); err == nil && !st.IsDir() {
			cache := cacheDay
			if strings.HasPrefix(name, "assets/") { // content-hashed names never change
				cache = cacheImmutable
			}
			c.Response().Header().Set("Cache-Control", cache)
			return s.send(c, name)
		}
		if strings.HasPrefix(name, "assets/") {
			return echo.ErrNotFound
		}
	}
	c.Response().Header().Set("Cache-Control", cacheRevalid)
	if s.index == nil {
		return c.HTML(http.StatusOK, placeholderPage)
	}
	return s.send(c, "index.html")
}

// send writes a built file, or its precompressed twin in the best encoding the client accepts.
func (s *spa) send(c *echo.Context, name string) error {
	h := c.Response().Header()
	h.Add("Vary", "Accept-Encoding")
	accept := c.Request().Header.Get("Accept-Encoding")
	for _, enc := range encodings {
		if !accepts(accept, enc.token) {
			continue
		}
		body, err := fs.ReadFile(s.files, name+enc.ext)
		if err != nil {
			continue
		}
		h.Set("Content-Encoding", enc.token)
		h.Set("Content-Type", contentType(name))
		http.ServeContent(c.Response(), c.Request(), name, time.Time{}, bytes.NewReader(body))
		return nil
	}
	if name == "index.html" {
		return c.HTMLBlob(http.StatusOK, s.index)
	}
	return c.FileFS(name, s.files)
}

func contentType(name string) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// accepts reports whether an Accept-Encoding header allows token (by name or by "*"), treating
// q=0 as a refusal.
func accepts(header, token string) bool {
	ok := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != token && name != "*" {
			continue
		}
		refused := false
		for _, p := range strings.Split(params, ";") {
			if k, v, found := strings.Cut(strings.TrimSpace(p), "="); found && strings.TrimSpace(k) == "q" {
				refused = strings.Trim(strings.TrimSpace(v), "0.") == "" // q=0, q=0.0, q=0.000
			}
		}
		if name == token {
			return !refused
		}
		ok = !refused
	}
	return ok
}
