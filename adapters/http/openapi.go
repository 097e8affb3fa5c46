package http

import (
	_ "embed"
	"net/http"

	"github.com/labstack/echo/v5"
)

// OpenAPI is the API description served at /api/openapi.json. Package api's types and Operations
// are its source: `go generate ./adapters/http` writes it, a test fails when it is stale, and the
// integration tests check every response they see against it.
//
//go:generate go run ./openapigen
//go:embed openapi.json
var OpenAPI []byte

func serveOpenAPI(c *echo.Context) error {
	return c.Blob(http.StatusOK, "application/json", OpenAPI)
}
