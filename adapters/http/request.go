package http

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/domain/errs"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 64 << 10

// errBodyTooLarge refuses a request body over its limit.
var errBodyTooLarge = errs.TooLarge("The request body is too large")

// bindJSON decodes a single JSON object into dst, refusing unknown fields and oversized bodies.
func bindJSON(c *echo.Context, dst any) error {
	r := c.Request()
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			return errs.UnsupportedType("Send the request body as application/json")
		}
	}
	dec := json.NewDecoder(http.MaxBytesReader(c.Response(), r.Body, maxJSONBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errBodyTooLarge
		}
		if errors.Is(err, io.EOF) {
			return badRequest("The request body is empty")
		}
		return badRequest("Invalid JSON: " + err.Error())
	}
	if dec.More() {
		return badRequest("Invalid JSON: unexpected data after the object")
	}
	return nil
}

// pathID parses a positive numeric path parameter.
func pathID(c *echo.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, badRequest("Invalid id: " + strconv.Quote(c.Param(name)))
	}
	return id, nil
}
