package http

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/field"
	"github.com/tttverify/tttverify/domain/verification"
)

// errorBody is every error response: a message, and per-field messages for validation failures.
type errorBody struct {
	Message string            `json:"message"`
	Errors  map[string]string `json:"errors,omitempty"`
	Missing []string          `json:"missing,omitempty"`
}

// apiError is an error with the status and body the client should see.
type apiError struct {
	status int
	body   errorBody
}

func (e *apiError) Error() string { return e.body.Message }

// badRequest is a 400 with a plain message.
func badRequest(msg string) error {
	return &apiError{status: http.StatusBadRequest, body: errorBody{Message: msg}}
}

// statusOf maps application and domain errors to a status and body. Unknown errors are 500s
// whose details stay in the log.
func statusOf(err error) (int, errorBody) {
	var (
		api        *apiError
		fields     field.Errors
		incomplete verification.IncompleteError
		transition verification.TransitionError
		tooBig     *http.MaxBytesError
		httpErr    *echo.HTTPError
	)
	if status, body, ok := paymentStatus(err); ok {
		return status, body
	}
	switch {
	case errors.As(err, &api):
		return api.status, api.body
	case errors.As(err, &fields):
		return http.StatusBadRequest, errorBody{Message: firstMessage(fields), Errors: fields}
	case errors.As(err, &incomplete):
		return http.StatusUnprocessableEntity, errorBody{Message: incomplete.Error(), Missing: incomplete.Missing}
	case errors.As(err, &transition):
		return http.StatusConflict, errorBody{Message: transition.Error()}
	case errors.Is(err, verification.ErrReasonRequired):
		return http.StatusBadRequest, errorBody{Message: "Rejection reason is required", Errors: map[string]string{"reason": "Rejection reason is required"}}
	case errors.Is(err, verification.ErrFileTooLarge), errors.As(err, &tooBig):
		return http.StatusRequestEntityTooLarge, errorBody{Message: verification.ErrFileTooLarge.Error()}
	case errors.Is(err, verification.ErrUnsupportedFile):
		return http.StatusUnsupportedMediaType, errorBody{Message: verification.ErrUnsupportedFile.Error()}
	case errors.Is(err, verification.ErrUnknownValue):
		return http.StatusBadRequest, errorBody{Message: err.Error()}
	case errors.Is(err, application.ErrNotAvailable):
		return http.StatusForbidden, errorBody{Message: application.ErrNotAvailable.Error()}
	case errors.Is(err, application.ErrLinkExpired):
		return http.StatusGone, errorBody{Message: application.ErrLinkExpired.Error()}
	case errors.Is(err, application.ErrNoCISForm):
		return http.StatusNotFound, errorBody{Message: application.ErrNoCISForm.Error()}
	case errors.Is(err, application.ErrNotFound), errors.Is(err, verification.ErrDeleted):
		return http.StatusNotFound, errorBody{Message: "Not found"}
	case errors.Is(err, application.ErrUnauthenticated):
		return http.StatusUnauthorized, errorBody{Message: application.ErrUnauthenticated.Error()}
	case errors.Is(err, application.ErrBadCredentials):
		return http.StatusUnauthorized, errorBody{Message: application.ErrBadCredentials.Error()}
	case errors.Is(err, application.ErrForbidden):
		return http.StatusForbidden, errorBody{Message: application.ErrForbidden.Error()}
	case errors.Is(err, application.ErrEmailTaken):
		return http.StatusConflict, errorBody{Message: application.ErrEmailTaken.Error(), Errors: map[string]string{"email": application.ErrEmailTaken.Error()}}
	case conflict(err) != nil:
		return http.StatusConflict, errorBody{Message: capitalize(conflict(err).Error())}
	case errors.Is(err, application.ErrStoreUnavailable):
		return http.StatusServiceUnavailable, errorBody{Message: application.ErrStoreUnavailable.Error()}
	case errors.As(err, &httpErr):
		msg := httpErr.Message
		if msg == "" {
			msg = http.StatusText(httpErr.Code)
		}
		return httpErr.Code, errorBody{Message: msg}
	}
	if code := echo.StatusCode(err); code >= 400 && code < 500 {
		return code, errorBody{Message: http.StatusText(code)}
	}
	return http.StatusInternalServerError, errorBody{Message: "Something went wrong on our side. Please try again."}
}

// conflicts are refusals because of the record's current state; their sentences are the messages.
var conflicts = []error{application.ErrConflict, verification.ErrNotEditable, verification.ErrNotDeletable,
	verification.ErrAlreadyPaid, verification.ErrPaymentNotDue, verification.ErrNotApproved, verification.ErrAlreadyRevoked}

// conflict returns the state conflict err is, or nil.
func conflict(err error) error {
	for _, known := range conflicts {
		if errors.Is(err, known) {
			return known
		}
	}
	return nil
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func firstMessage(f field.Errors) string {
	if len(f) == 1 {
		for _, m := range f {
			return m
		}
	}
	return "Please correct the highlighted fields"
}

// errorHandler writes every error as JSON and logs server-side failures.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(c *echo.Context, err error) {
		if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Committed {
			return
		}
		status, body := statusOf(err)
		if status >= 500 {
			log.Error("request failed", "error", err, "method", c.Request().Method, "path", c.Request().URL.Path,
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID))
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, body)
	}
}
