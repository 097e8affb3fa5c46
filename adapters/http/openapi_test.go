package http

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestOpenAPIIsGenerated fails when openapi.json is not what package api describes: a DTO or a
// route of Operations changed without regenerating it.
func TestOpenAPIIsGenerated(t *testing.T) {
	t.Parallel()
	want, err := api.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(OpenAPI, want) {
		t.Fatal("adapters/http/openapi.json is stale: run `go generate ./adapters/http`, then " +
			"`cd frontend && npm run gen:api`, and commit the results")
	}
}

// TestEveryRouteIsDescribed: the routes the server registers under /api and the operations the
// document describes are the same set, so neither can gain a route the other lacks.
func TestEveryRouteIsDescribed(t *testing.T) {
	t.Parallel()
	param := regexp.MustCompile(`:(\w+)`)
	var served []string
	for _, r := range New(Config{}, Services{}).Router().Routes() {
		if !strings.HasPrefix(r.Path, "/api/") || r.Path == "/api/openapi.json" || r.Method == "echo_route_not_found" {
			continue
		}
		path := param.ReplaceAllString(strings.Replace(r.Path, "/*", "/{path}", 1), "{$1}")
		served = append(served, r.Method+" "+path)
	}
	var described []string
	for _, op := range api.Operations {
		described = append(described, op.Method+" "+op.Path)
	}
	for _, r := range served {
		if !slices.Contains(described, r) {
			t.Errorf("%s is served but not in api.Operations", r)
		}
	}
	for _, r := range described {
		if !slices.Contains(served, r) {
			t.Errorf("%s is in api.Operations but not served", r)
		}
	}
	if len(served) < 10 {
		t.Errorf("only %d routes found under /api: %q", len(served), served)
	}
}
