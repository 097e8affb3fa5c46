package http

import (
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/errs"
)

// maxCheckedBody bounds a document check's upload: the PDF plus the multipart framing.
const maxCheckedBody = application.MaxCheckedPDF + 64<<10

var errCheckedTooLarge = errs.TooLarge("The file is larger than 10 MB; certificates and CIS forms are far smaller.")

// verifyText checks a pasted credential or a typed certificate ID.
func (s *Server) verifyText(c *echo.Context) error {
	var in api.VerifyText
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	return s.answerVerdict(c, application.DocumentCheck{Text: in.Text})
}

// verifyFile checks an uploaded PDF. The file is read into memory and dropped with the request:
// never written to disk (multipart forms spill large files to temporary files), never logged.
func (s *Server) verifyFile(c *echo.Context) error {
	r := c.Request()
	if r.ContentLength > maxCheckedBody {
		c.Response().Header().Set("Connection", "close")
		return errCheckedTooLarge
	}
	body := &partHeaderBudget{r: http.MaxBytesReader(c.Response(), r.Body, maxCheckedBody)}
	r.Body = io.NopCloser(body)
	mr, err := r.MultipartReader()
	if err != nil {
		return badRequest("Send the file as multipart/form-data in a field named file")
	}
	var data []byte
	for {
		part, err := body.nextPart(mr)
		if errors.Is(err, io.EOF) {
			break
		}
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return errCheckedTooLarge
		case errors.Is(err, errPartHeadersTooLong):
			return err
		case err != nil:
			return badRequest("Malformed multipart body")
		case part.FormName() != "file" || data != nil:
			return badRequest("Send one file, in a field named file")
		}
		if data, err = io.ReadAll(io.LimitReader(uploadPart{part}, application.MaxCheckedPDF+1)); err != nil {
			if errors.As(err, &tooBig) {
				return errCheckedTooLarge
			}
			return err
		}
		if len(data) == 0 {
			return errs.Invalid("file", "The file is empty")
		}
	}
	if data == nil {
		return errs.Invalid("file", "Choose a PDF to check")
	}
	return s.answerVerdict(c, application.DocumentCheck{PDF: data})
}

func (s *Server) answerVerdict(c *echo.Context, in application.DocumentCheck) error {
	v, err := s.Proofs.Verify(c.Request().Context(), in)
	if err != nil {
		return err
	}
	out := api.DocumentVerdict{Verdict: string(v.Kind), Message: v.Message, Checks: make([]api.ProofCheck, len(v.Checks))}
	for i, ch := range v.Checks {
		out.Checks[i] = api.ProofCheck{Name: ch.Name, Passed: ch.Passed, Detail: ch.Detail}
	}
	if v.Certificate != nil {
		pub := toPublicVerification(v.Certificate)
		out.Certificate = &pub
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, out)
}
