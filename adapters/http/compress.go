package http

import (
	"compress/gzip"
	"mime"
	"net/http"
	"sync"

	"github.com/labstack/echo/v5"
)

var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

// compressJSON gzips JSON responses for clients that accept gzip. Other bodies (PDFs, images,
// downloads) are compressed formats already or streamed from storage, and pass through untouched.
//
// Only a compressed answer says Vary: Accept-Encoding, which keeps a cache from giving it to a
// client that cannot read it; one sent as it is suits every client. The header it saves keeps a
// public lookup's headers at 8, the most Go's map holds before it grows to a table on every
// request (the certificate lookup's throughput rose by a tenth, docs/performance-notes.md).
func compressJSON(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		res := c.Response()
		if !accepts(c.Request().Header.Get("Accept-Encoding"), "gzip") || c.Request().Method == http.MethodHead {
			return next(c)
		}
		w := &jsonGzipWriter{ResponseWriter: res}
		c.SetResponse(w)
		defer func() {
			c.SetResponse(res)
			w.close()
		}()
		return next(c)
	}
}

// jsonGzipWriter decides when the status is written: a JSON body with content is compressed.
type jsonGzipWriter struct {
	http.ResponseWriter
	gz          *gzip.Writer
	wroteHeader bool
}

func (w *jsonGzipWriter) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	if code < http.StatusOK { // informational answers come before the real one
		w.ResponseWriter.WriteHeader(code)
		return
	}
	w.wroteHeader = true
	h := w.Header()
	media, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	if (media == "application/json" || media == "application/problem+json") && h.Get("Content-Encoding") == "" &&
		code != http.StatusNoContent && code != http.StatusNotModified {
		h.Del("Content-Length")
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
		w.gz = gzipWriters.Get().(*gzip.Writer)
		w.gz.Reset(w.ResponseWriter)
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *jsonGzipWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if w.gz != nil {
		return w.gz.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

func (w *jsonGzipWriter) Flush() {
	if w.gz != nil {
		_ = w.gz.Flush()
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

func (w *jsonGzipWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *jsonGzipWriter) close() {
	if w.gz != nil {
		_ = w.gz.Close()
		gzipWriters.Put(w.gz)
		w.gz = nil
	}
}
