package http

import (
	"encoding/csv"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/domain/verification"
)

// csvFlushRows is how many rows a streamed CSV writes between flushes to the client.
const csvFlushRows = 200

// csvStream writes an RFC 4180 CSV (UTF-8, CRLF, a header row) to the response as rows come,
// flushing every csvFlushRows rows, so a long export is never held in memory. The status and the
// header row are written with the first row or at the end, so an error before that is still an
// ordinary error response.
type csvStream struct {
	c       *echo.Context
	name    string
	header  []string
	w       *csv.Writer
	pending int
}

func newCSVStream(c *echo.Context, name string, header ...string) *csvStream {
	return &csvStream{c: c, name: name, header: header}
}

func (s *csvStream) start() error {
	h := s.c.Response().Header()
	h.Set("Content-Type", "text/csv; charset=utf-8; header=present")
	h.Set("Content-Disposition", verification.ContentDisposition("attachment", s.name))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	s.c.Response().WriteHeader(http.StatusOK)
	s.w = csv.NewWriter(s.c.Response())
	s.w.UseCRLF = true
	return s.w.Write(s.header)
}

// row writes one row, its cells made safe for spreadsheets.
func (s *csvStream) row(cells ...string) error {
	if s.w == nil {
		if err := s.start(); err != nil {
			return err
		}
	}
	for i, c := range cells {
		cells[i] = inert(c)
	}
	if err := s.w.Write(cells); err != nil {
		return err
	}
	if s.pending++; s.pending >= csvFlushRows {
		return s.flush()
	}
	return nil
}

func (s *csvStream) flush() error {
	s.pending = 0
	s.w.Flush()
	if err := s.w.Error(); err != nil {
		return err
	}
	return http.NewResponseController(s.c.Response()).Flush()
}

// end finishes the CSV after its last row; err is what stopped the rows. A failure after the
// first row aborts the connection, so that the client sees a broken download rather than a
// complete-looking file with rows missing.
func (s *csvStream) end(err error) error {
	if err != nil {
		if s.w == nil {
			return err
		}
		s.c.Logger().Error("csv export stopped", "file", s.name, "error", err)
		panic(http.ErrAbortHandler)
	}
	if s.w == nil {
		if err := s.start(); err != nil {
			return err
		}
	}
	return s.flush()
}

// inert neutralises a cell a spreadsheet would read as a formula (OWASP's CSV injection advice):
// one starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe, which
// spreadsheets show as text and do not print.
func inert(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return "'" + cell
	}
	return cell
}
