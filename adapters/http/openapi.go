package http

import (
	_ "embed"
	"net/http"

	"github.com/labstack/echo/v5"
)

// OpenAPI is the API description served at /api/openapi.json; scripts/openapi.py generates it and
// the integration tests check every response they see against it.
//
//go:embed openapi.json
var OpenAPI []byte

func serveOpenAPI(c *echo.Context) error {
	return c.Blob(http.StatusOK, "application/json", OpenAPI)
}
