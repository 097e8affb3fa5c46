package tests

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	httpapi "github.com/tttverify/tttverify/adapters/http"
)

var (
	apiRouterOnce sync.Once
	apiRouter     routers.Router
	apiRouterErr  error
)

// openAPIRouter loads the served API description once and checks it is a valid document.
func openAPIRouter(t *testing.T) routers.Router {
	t.Helper()
	apiRouterOnce.Do(func() {
		doc, err := openapi3.NewLoader().LoadFromData(httpapi.OpenAPI)
		if err != nil {
			apiRouterErr = err
			return
		}
		if err := doc.Validate(context.Background()); err != nil {
			apiRouterErr = err
			return
		}
		doc.Servers = nil // match paths on any host
		apiRouter, apiRouterErr = gorillamux.NewRouter(doc)
	})
	if apiRouterErr != nil {
		t.Fatalf("openapi.json: %v", apiRouterErr)
	}
	return apiRouter
}

// checkOpenAPI fails the test when an API response does not match the documented operation:
// an undocumented route or status, or a body that breaks the schema.
func checkOpenAPI(t *testing.T, req *http.Request, status int, header http.Header, body []byte) {
	t.Helper()
	if !strings.HasPrefix(req.URL.Path, "/api/") || req.URL.Path == "/api/openapi.json" {
		return
	}
	if strings.HasPrefix(req.URL.Path, "/api/files/") { // the object path spans several segments
		req = req.Clone(req.Context())
		req.URL.Path, req.URL.RawPath = "/api/files/object", ""
	}
	route, params, err := openAPIRouter(t).FindRoute(req)
	if err != nil {
		t.Errorf("openapi: %s %s is not documented: %v", req.Method, req.URL.Path, err)
		return
	}
	input := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}},
		Status: status, Header: header, Body: io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), input); err != nil {
		t.Errorf("openapi: %s %s -> %d does not match the description: %v\nbody: %.300s", req.Method, req.URL.Path, status, err, body)
	}
}

func TestOpenAPIIsServed(t *testing.T) {
	e := newEnv(t, "")
	r := e.client(t).must(http.StatusOK, "GET", "/api/openapi.json", nil)
	if !bytes.Equal(r.Body, httpapi.OpenAPI) {
		t.Fatal("served document differs from the embedded one")
	}
	openAPIRouter(t)
}
