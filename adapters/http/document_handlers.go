package http

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// maxUploadBody bounds a whole upload request: the file plus the multipart framing and fields.
const maxUploadBody = verification.MaxUploadBytes + 1<<20

// maxFormField bounds the text fields that accompany an upload.
const maxFormField = 1 << 10

// receiveUpload streams a multipart upload: the part named "file" goes straight to the blob store,
// text fields are collected. Nothing is buffered whole, in memory or on disk.
func (s *Server) receiveUpload(c *echo.Context, id int64) (*application.StoredFile, map[string]string, error) {
	r := c.Request()
	if r.ContentLength > maxUploadBody {
		return nil, nil, verification.ErrFileTooLarge
	}
	r.Body = http.MaxBytesReader(c.Response(), r.Body, maxUploadBody)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, nil, badRequest("Send the file as multipart/form-data in a field named file")
	}
	var stored *application.StoredFile
	fields := map[string]string{}
	fail := func(err error) (*application.StoredFile, map[string]string, error) {
		s.Documents.Discard(stored)
		return nil, nil, err
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return fail(verification.ErrFileTooLarge)
			}
			return fail(badRequest("Malformed multipart body"))
		}
		name := part.FormName()
		if name == "file" {
			if stored != nil {
				return fail(badRequest("Send one file per request"))
			}
			stored, err = s.Documents.Store(r.Context(), currentUser(c), id, part.FileName(), part)
			if err != nil {
				return fail(err)
			}
			continue
		}
		value, err := io.ReadAll(io.LimitReader(part, maxFormField+1))
		if err != nil || len(value) > maxFormField {
			return fail(badRequest("Form field " + strconv.Quote(name) + " is too long"))
		}
		fields[name] = string(value)
	}
	if stored == nil {
		return nil, nil, errs.Invalid("file", "Choose a file to upload")
	}
	return stored, fields, nil
}

func (s *Server) uploadDocument(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	stored, fields, err := s.receiveUpload(c, id)
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
	key, err := url.PathUnescape(c.Param("*"))
	if err != nil || key == "" {
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
	frameableBySelf(c.Response().Header())
	return sendFile(c, f, "inline")
}

// frameableBySelf lets this site's pages (the reviewer's inline document viewer) frame a file;
// every other site is still refused.
func frameableBySelf(h http.Header) {
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("Content-Security-Policy", strings.Replace(h.Get("Content-Security-Policy"), "frame-ancestors 'none'", "frame-ancestors 'self'", 1))
}

// sendFile writes a file with headers that keep browsers from reinterpreting it.
func sendFile(c *echo.Context, f *application.File, disposition string) error {
	h := c.Response().Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
	h.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": f.Name}))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	c.Response().WriteHeader(http.StatusOK)
	if c.Request().Method == http.MethodHead {
		return nil
	}
	_, err := io.Copy(c.Response(), f.Content)
	return err
}
