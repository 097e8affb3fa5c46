package http

import (
	"bufio"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// maxUploadBody bounds a whole upload request: the file plus the multipart framing and fields.
const maxUploadBody = verification.MaxUploadBytes + 1<<20

// uploadReadBuffer is how much of an upload's body one read of the connection may take.
const uploadReadBuffer = 256 << 10

// drainedRefusal is the largest upload request whose unread rest a refusal still receives (see
// receiveUpload): a document of a few pages.
const drainedRefusal = 4 << 20

// maxFormField bounds the text fields that accompany an upload.
const maxFormField = 1 << 10

// receiveUpload streams a multipart upload: the part named "file" goes straight to the blob store,
// the text fields named in fields are collected. Nothing is buffered whole, in memory or on disk.
// Who may upload is checked before the first byte of the body is read, and a body with any other
// part, a repeated part or an over-long field is refused as soon as it is met.
func (s *Server) receiveUpload(c *echo.Context, id int64, fields ...string) (*application.StoredFile, map[string]string, error) {
	r := c.Request()
	received := r.Body
	var stored *application.StoredFile
	values := map[string]string{}
	fail := func(err error) (*application.StoredFile, map[string]string, error) {
		s.Documents.Discard(stored)
		// The rest of the body is unread. A small rest is read and dropped, so that a client still
		// sending it gets the answer: a connection closed on unread data is reset, and the reset
		// can reach the client before the answer does. A large rest is not worth receiving: answer
		// at once and drop the connection.
		if r.ContentLength >= 0 && r.ContentLength <= drainedRefusal {
			_, _ = io.Copy(io.Discard, io.LimitReader(received, drainedRefusal))
		} else {
			c.Response().Header().Set("Connection", "close")
		}
		return nil, nil, err
	}
	if r.ContentLength > maxUploadBody {
		return fail(verification.ErrFileTooLarge)
	}
	if err := s.Documents.MayUpload(r.Context(), currentUser(c), id); err != nil {
		return fail(err)
	}
	body := &partHeaderBudget{r: http.MaxBytesReader(c.Response(), r.Body, maxUploadBody)}
	r.Body = io.NopCloser(body)
	mr, err := r.MultipartReader()
	if err != nil {
		return fail(badRequest("Send the file as multipart/form-data in a field named file"))
	}
	for {
		part, err := body.nextPart(mr)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			switch {
			case errors.As(err, &tooBig):
				return fail(verification.ErrFileTooLarge)
			case errors.Is(err, errPartHeadersTooLong):
				return fail(errPartHeadersTooLong)
			}
			return fail(badRequest("Malformed multipart body"))
		}
		name := part.FormName()
		_, seen := values[name]
		switch {
		case name == "file" && stored == nil:
			body.readAhead()
			stored, err = s.Documents.Store(r.Context(), currentUser(c), id, part.FileName(), uploadPart{part})
			if err != nil {
				return fail(err)
			}
			continue
		case name == "file" || seen:
			return fail(badRequest("Send each form field once: " + strconv.Quote(name) + " is repeated"))
		case !slices.Contains(fields, name):
			return fail(badRequest("Unexpected form field " + strconv.Quote(name)))
		}
		value, err := io.ReadAll(io.LimitReader(uploadPart{part}, maxFormField+1))
		if err != nil {
			return fail(err)
		}
		if len(value) > maxFormField {
			return fail(badRequest("Form field " + strconv.Quote(name) + " is too long"))
		}
		values[name] = string(value)
	}
	if stored == nil {
		return fail(errs.Invalid("file", "Choose a file to upload"))
	}
	return stored, values, nil
}

// maxPartHeaderRead bounds what finding the next part may read of the body: its boundary line and
// headers (a browser sends a few hundred bytes) plus the 4 KB the multipart reader reads ahead.
// Without it the multipart reader takes up to 10 MB of header lines per part before refusing.
const maxPartHeaderRead = 8 << 10

// errPartHeadersTooLong refuses a part whose header block runs past maxPartHeaderRead.
var errPartHeadersTooLong = badRequest("Malformed multipart body: a part's headers are longer than 8 KB")

// partHeaderBudget is an upload's body that, while the next part is being found, gives at most
// maxPartHeaderRead bytes and then fails with errPartHeadersTooLong.
type partHeaderBudget struct {
	r        io.Reader
	ahead    *bufio.Reader // r read uploadReadBuffer at a time, from the file part on
	finding  bool
	leftover int
}

func (b *partHeaderBudget) Read(p []byte) (int, error) {
	r := b.r
	if b.ahead != nil {
		r = b.ahead
	}
	if !b.finding {
		return r.Read(p)
	}
	if b.leftover <= 0 {
		return 0, errPartHeadersTooLong
	}
	n, err := r.Read(p[:min(len(p), b.leftover)])
	b.leftover -= n
	return n, err
}

// readAhead makes the body's later reads take up to uploadReadBuffer bytes of the connection at
// once. The multipart reader asks for 4 KB at a time: without it, the file costs a system call
// for every 4 KB. It starts at the file part, so that a refusal before it still reads little.
func (b *partHeaderBudget) readAhead() {
	if b.ahead == nil {
		b.ahead = bufio.NewReaderSize(b.r, uploadReadBuffer)
	}
}

// nextPart finds the next part within the budget.
func (b *partHeaderBudget) nextPart(mr *multipart.Reader) (*multipart.Part, error) {
	b.finding, b.leftover = true, maxPartHeaderRead
	defer func() { b.finding = false }()
	return mr.NextPart()
}

// errUploadCutOff answers an upload whose body ended inside a part: the client dropped the
// connection or sent less than it announced. It is the client's doing, not a dependency's.
var errUploadCutOff = errs.Invalid("file", "The upload was cut off before the end of the file; please try again")

// uploadPart reads one part of an upload and marks its read errors as the client's: the body of a
// request fails to read only because the client sent too little (io.ErrUnexpectedEOF, a reset
// connection), too much (http.MaxBytesError, kept for a 413) or too slowly (kept for its own answer).
type uploadPart struct{ r io.Reader }

// Read fills b as far as the part goes: the multipart reader gives at most 4 KB a call, and a
// store that wrote what each call gave would make a system call (and a hash update) per 4 KB.
func (p uploadPart) Read(b []byte) (int, error) {
	n := 0
	var err error
	for n < len(b) && err == nil {
		var m int
		m, err = p.r.Read(b[n:])
		n += m
	}
	var tooBig *http.MaxBytesError
	if err == nil || err == io.EOF || errors.As(err, &tooBig) || errors.Is(err, os.ErrDeadlineExceeded) {
		return n, err
	}
	return n, errUploadCutOff
}

func (s *Server) uploadDocument(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	stored, fields, err := s.receiveUpload(c, id, "type")
	if err != nil {
		return err
	}
	doc, err := s.Documents.AttachDocument(c.Request().Context(), currentUser(c), id, fields["type"], stored)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toDocumentDTO(doc))
}

func (s *Server) uploadPassport(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	repID, err := pathID(c, "repId")
	if err != nil {
		return err
	}
	stored, _, err := s.receiveUpload(c, id)
	if err != nil {
		return err
	}
	doc, err := s.Documents.AttachPassport(c.Request().Context(), currentUser(c), id, repID, stored)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toDocumentDTO(doc))
}

func (s *Server) uploadBankReference(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	stored, _, err := s.receiveUpload(c, id)
	if err != nil {
		return err
	}
	doc, err := s.Documents.AttachBankReference(c.Request().Context(), currentUser(c), id, stored)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toDocumentDTO(doc))
}

func (s *Server) listDocuments(c *echo.Context) error {
	return readSection(c, s.Documents.List, toDocumentDTOs)
}

func (s *Server) deleteDocument(c *echo.Context) error {
	return deleteChild(c, "docId", s.Documents.Delete)
}

// downloadFile checks, on this request, that the user may read a stored file, then streams it
// or, with presigned downloads on, redirects to a short-lived link into the object store.
func (s *Server) downloadFile(c *echo.Context) error {
	// The router's wildcard is sometimes still escaped (when the request's encoding differs from
	// the default) and sometimes not, so the key comes from the path net/url decoded exactly once.
	key := strings.TrimPrefix(c.Request().URL.Path, "/api/files/")
	if key == "" || key == c.Request().URL.Path {
		return application.ErrNotFound
	}
	if s.presignedGets {
		link, err := s.Documents.DownloadLink(c.Request().Context(), currentUser(c), key)
		if err != nil {
			return err
		}
		// The link is a bearer credential for a few minutes: no cache may keep it.
		c.Response().Header().Set("Cache-Control", "private, no-store")
		return c.Redirect(http.StatusFound, link)
	}
	f, err := s.Documents.Open(c.Request().Context(), currentUser(c), key)
	if err != nil {
		return err
	}
	defer f.Content.Close()
	return sendFile(c, f, "inline")
}

// sendFile writes a file with headers that keep browsers from reinterpreting it.
func sendFile(c *echo.Context, f *application.File, disposition string) error {
	h := c.Response().Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
	h.Set("Content-Disposition", verification.ContentDisposition(disposition, f.Name))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", filePolicy)
	h.Set("Cache-Control", "private, no-store")
	c.Response().WriteHeader(http.StatusOK)
	if c.Request().Method == http.MethodHead {
		return nil
	}
	_, err := io.Copy(c.Response(), f.Content)
	return err
}
