package http

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// builtApp is a frontend/dist as the build leaves it: each text file with its .br and .gz twins
// (different bytes here, so a test can tell which one was sent).
var builtApp = fstest.MapFS{
	"index.html":              {Data: []byte("<!doctype html><title>app</title>")},
	"index.html.br":           {Data: []byte("index-br")},
	"index.html.gz":           {Data: []byte("index-gz")},
	"assets/app-5f3a9c.js":    {Data: []byte("console.log('app')")},
	"assets/app-5f3a9c.js.br": {Data: []byte("app-br")},
	"assets/app-5f3a9c.js.gz": {Data: []byte("app-gz")},
	"favicon.svg":             {Data: []byte("<svg/>")},
}

func get(t *testing.T, h http.Handler, method, path, acceptEncoding string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestSPAServesPrecompressedFiles(t *testing.T) {
	t.Parallel()
	h := New(Config{SPA: builtApp}, Services{})
	const js = "text/javascript; charset=utf-8"
	tests := []struct {
		name, method, path, accept                string
		status                                    int
		body, encoding, contentType, cacheControl string
	}{
		{"brotli first", "GET", "/assets/app-5f3a9c.js", "gzip, deflate, br, zstd", 200, "app-br", "br", js, cacheImmutable},
		{"gzip when brotli is not accepted", "GET", "/assets/app-5f3a9c.js", "gzip, deflate", 200, "app-gz", "gzip", js, cacheImmutable},
		{"q=0 refuses an encoding", "GET", "/assets/app-5f3a9c.js", "br;q=0, gzip;q=0.8", 200, "app-gz", "gzip", js, cacheImmutable},
		{"a wildcard accepts brotli", "GET", "/assets/app-5f3a9c.js", "*", 200, "app-br", "br", js, cacheImmutable},
		{"plain without Accept-Encoding", "GET", "/assets/app-5f3a9c.js", "", 200, "console.log('app')", "", js, cacheImmutable},
		{"identity only", "GET", "/assets/app-5f3a9c.js", "identity", 200, "console.log('app')", "", js, cacheImmutable},
		{"HEAD sends headers only", "HEAD", "/assets/app-5f3a9c.js", "br", 200, "", "br", js, cacheImmutable},
		{"client routes get index.html, revalidated", "GET", "/dashboard", "br", 200, "index-br", "br", "text/html; charset=utf-8", cacheRevalid},
		{"the root too", "GET", "/", "gzip", 200, "index-gz", "gzip", "text/html; charset=utf-8", cacheRevalid},
		{"unhashed files are cached for a day", "GET", "/favicon.svg", "br, gzip", 200, "<svg/>", "", "image/svg+xml", cacheDay},
		{"a missing asset is 404, not the app", "GET", "/assets/gone-123.js", "br", 404, "", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(t, h, tt.method, tt.path, tt.accept)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d", rec.Code, tt.status)
			}
			if tt.status != 200 {
				return
			}
			hd := rec.Header()
			if got := rec.Body.String(); got != tt.body {
				t.Errorf("body %q, want %q", got, tt.body)
			}
			if got := hd.Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.encoding)
			}
			if got := hd.Get("Content-Type"); !strings.EqualFold(got, tt.contentType) {
				t.Errorf("Content-Type %q, want %q", got, tt.contentType)
			}
			if got := hd.Get("Cache-Control"); got != tt.cacheControl {
				t.Errorf("Cache-Control %q, want %q", got, tt.cacheControl)
			}
			if tt.path != "/favicon.svg" && !strings.Contains(hd.Get("Vary"), "Accept-Encoding") {
				t.Errorf("Vary %q lacks Accept-Encoding", hd.Get("Vary"))
			}
		})
	}
}

func TestRobotsTxt(t *testing.T) {
	t.Parallel()
	for name, spa := range map[string]fs.FS{"with the app": builtApp, "without the app": nil} {
		rec := get(t, New(Config{SPA: spa}, Services{}), "GET", "/robots.txt", "br")
		body := rec.Body.String()
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") ||
			!strings.HasPrefix(body, "User-agent: *\n") || strings.Contains(body, "<") {
			t.Errorf("%s: %d %q %q", name, rec.Code, rec.Header().Get("Content-Type"), body)
		}
		for _, rule := range []string{"Disallow: /api/", "Disallow: /admin", "Disallow: /v/", "Disallow: /dashboard"} {
			if !strings.Contains(body, rule+"\n") {
				t.Errorf("%s: robots.txt lacks %q", name, rule)
			}
		}
	}
}

func TestAPIJSONIsGzipped(t *testing.T) {
	t.Parallel()
	h := New(Config{SPA: builtApp}, Services{})
	rec := get(t, h, "GET", "/api/openapi.json", "gzip, br")
	if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
		t.Fatalf("headers %v", rec.Header())
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil || doc["openapi"] == nil {
		t.Fatalf("decompressed body is not the OpenAPI document: %v", err)
	}
	if rec.Body.Len() > 0 {
		t.Errorf("%d bytes after the gzip stream", rec.Body.Len())
	}

	plain := get(t, h, "GET", "/api/openapi.json", "")
	if plain.Header().Get("Content-Encoding") != "" || !json.Valid(plain.Body.Bytes()) {
		t.Errorf("without Accept-Encoding: %q, valid JSON %v", plain.Header().Get("Content-Encoding"), json.Valid(plain.Body.Bytes()))
	}
	if plain.Body.Len() != len(b) {
		t.Errorf("plain body %d bytes, decompressed %d", plain.Body.Len(), len(b))
	}
}
