package http

import (
	"errors"
	"log/slog"
	"net/http"
	"os"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// statuses is the one place an error's kind becomes a status code.
var statuses = map[errs.Kind]int{
	errs.KindInvalid:         http.StatusBadRequest,
	errs.KindUnauthenticated: http.StatusUnauthorized,
	errs.KindPaymentRequired: http.StatusPaymentRequired,
	errs.KindForbidden:       http.StatusForbidden,
	errs.KindNotFound:        http.StatusNotFound,
	errs.KindConflict:        http.StatusConflict,
	errs.KindGone:            http.StatusGone,
	errs.KindTooLarge:        http.StatusRequestEntityTooLarge,
	errs.KindUnsupportedType: http.StatusUnsupportedMediaType,
	errs.KindIncomplete:      http.StatusUnprocessableEntity,
	errs.KindThrottled:       http.StatusTooManyRequests,
	errs.KindUpstream:        http.StatusBadGateway,
	errs.KindUnavailable:     http.StatusServiceUnavailable,
}

// errSlowBody answers a request whose body did not arrive within the read timeout.
var errSlowBody = errs.Invalid("", "The request body arrived too slowly; please try again")

// internalError is what a client reads about a failure on our side; the details stay in the log.
var internalError = api.Error{Message: "Something went wrong on our side. Please try again."}

// statusOf maps an error to a status and body by its kind; a dependency that is down is a 503.
// Other errors without a kind are 500s.
func statusOf(err error) (int, api.Error) {
	var (
		tooBig  *http.MaxBytesError
		httpErr *echo.HTTPError
	)
	if errors.As(err, &tooBig) { // a body over http.MaxBytesReader's limit, met while streaming an upload
		err = verification.ErrFileTooLarge
	}
	if errors.Is(err, os.ErrDeadlineExceeded) { // the body came slower than the read timeout allows
		err = errSlowBody
	}
	if _, kinded := errs.As(err); !kinded {
		if down := dependencyFailure(err); down != nil {
			err = down
		}
	}
	if k, ok := errs.As(err); ok {
		status, known := statuses[k.Kind()]
		if !known {
			return http.StatusInternalServerError, internalError
		}
		body := api.Error{Message: errs.MessageOf(k)}
		var fielded errs.Fielded
		if errors.As(k, &fielded) {
			body.Errors = fielded.Fields()
		}
		var listing errs.Listing
		if errors.As(k, &listing) {
			body.Missing = listing.MissingParts()
		}
		return status, body
	}
	if errors.As(err, &httpErr) {
		msg := httpErr.Message
		if msg == "" {
			msg = http.StatusText(httpErr.Code)
		}
		return httpErr.Code, api.Error{Message: msg}
	}
	if code := echo.StatusCode(err); code >= 400 && code < 500 {
		return code, api.Error{Message: http.StatusText(code)}
	}
	return http.StatusInternalServerError, internalError
}

// badRequest is a 400 with a plain message.
func badRequest(msg string) error { return errs.Invalid("", msg) }

// errorHandler writes every error as JSON and logs server-side failures.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(c *echo.Context, err error) {
		if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Committed {
			return
		}
		status, body := statusOf(err)
		if status >= 500 {
			log.Error("request failed", "error", err, "method", c.Request().Method, "route", c.Path(),
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID))
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, body)
	}
}
