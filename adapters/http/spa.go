package http

import (
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/labstack/echo/v5"
)

// placeholderPage is served when the binary was built without the frontend.
const placeholderPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TTT Verify</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto"><h1>TTT Verify</h1>
<p>The API is running. The web interface was not built into this binary: run <code>make build</code>.</p></body></html>`

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
	if s.files != nil && name != "" && name != "index.html" {
		if st, err := fs.Stat(s.files, name); err == nil && !st.IsDir() {
			if strings.HasPrefix(name, "assets/") { // content-hashed names never change
				c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			return c.FileFS(name, s.files)
		}
		if strings.HasPrefix(name, "assets/") {
			return echo.ErrNotFound
		}
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	if s.index == nil {
		return c.HTML(http.StatusOK, placeholderPage)
	}
	return c.HTMLBlob(http.StatusOK, s.index)
}
