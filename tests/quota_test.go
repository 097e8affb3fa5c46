package tests

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// paddedPDF is a PDF of n bytes.
func paddedPDF(n int) []byte {
	return append(bytes.Clone(pdfFile), bytes.Repeat([]byte{' '}, n-len(pdfFile))...)
}

// pendingCount counts the journal's entries: uploads in progress, or left by a failure.
func (e *env) pendingCount(t *testing.T) int {
	t.Helper()
	n, err := e.DB.NewSelect().Table("pending_objects").Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// draft creates a draft verification and returns its documents path.
func draftDocuments(t *testing.T, c *client) string {
	t.Helper()
	var v api.Verification
	c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
	return "/api/verifications/" + itoa(v.ID) + "/documents"
}

// TestStorageQuotaCountsDeletedFiles: an account holds at most MAX_STORAGE_PER_ACCOUNT bytes of
// files; a deleted file keeps counting until the retention rule removes its object, so uploading
// and deleting cannot fill the store. The refusal says how much is used and leaves nothing behind.
func TestStorageQuotaCountsDeletedFiles(t *testing.T) {
	const quota = verification.MaxUploadBytes + 1<<20 // room for one upload and 1 MiB
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "filler@acme.example")
		docs := draftDocuments(t, c)
		big := paddedPDF(3 << 19) // 1.5 MiB: with it stored, 30 MiB more no longer fit
		r := c.upload(docs, "big.pdf", big, map[string]string{"type": "additional"})
		if r.Status != http.StatusCreated {
			t.Fatalf("first upload: %d %s", r.Status, r.Body)
		}
		var doc api.Document
		r.JSON(t, &doc)
		c.must(http.StatusNoContent, "DELETE", docs+"/"+itoa(doc.ID), nil)

		objects, rows := e.objectCount(t), e.documentCount(t)
		full := api.Error{Message: "Your files take 1.5 MiB of the 31 MiB your account may store (deleted files count " +
			"until they are removed for good); an upload needs 30 MiB free"}
		r = c.upload(docs, "again.pdf", big, map[string]string{"type": "additional"})
		var got api.Error
		r.JSON(t, &got)
		if r.Status != http.StatusConflict || got.Message != full.Message {
			t.Fatalf("upload over the quota: %d %s; want 409 %q", r.Status, r.Body, full.Message)
		}
		if r.Close {
			t.Error("the refusal of a 1.5 MiB upload dropped the connection: a client still sending the file could get a reset instead of the answer")
		}
		if e.objectCount(t) != objects || e.documentCount(t) != rows || e.pendingCount(t) != 0 {
			t.Error("the refused upload left an object, a row or a journal entry behind")
		}
		// Another account is not affected.
		other := e.register(t, "neighbour@acme.example")
		if r := other.upload(draftDocuments(t, other), "a.pdf", big, map[string]string{"type": "additional"}); r.Status != http.StatusCreated {
			t.Fatalf("another account's upload: %d %s", r.Status, r.Body)
		}

		retention := application.NewFileRetention(persistence.NewDocuments(e.DB), persistence.NewPendingObjects(e.DB), e.Blobs, e.clock, 0)
		e.clock.Advance(application.DefaultDeletedFileRetention + time.Hour)
		if n, err := retention.Purge(context.Background()); err != nil || n != 1 {
			t.Fatalf("purge: %d, %v", n, err)
		}
		c = e.client(t) // a month later: sign in again
		c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "filler@acme.example", "password": "tangerine-42"})
		if r := c.upload(docs, "again.pdf", big, map[string]string{"type": "additional"}); r.Status != http.StatusCreated {
			t.Fatalf("upload once the deleted file was purged: %d %s", r.Status, r.Body)
		}
	}, func(_ *testing.T, e *env) { e.cfg.Limits.StoragePerAccount = quota })
}

// heldUpload is an upload whose body the test feeds: the form and the file's first bytes go at
// once, the rest when finish is called, so that several uploads are in progress together.
type heldUpload struct {
	pipe   *io.PipeWriter
	form   *multipart.Writer
	file   io.Writer
	answer chan heldAnswer
}

type heldAnswer struct {
	status int
	body   []byte
	err    error
}

// startUpload begins a document upload to path and returns without waiting for the answer.
func (c *client) startUpload(path string) *heldUpload {
	c.t.Helper()
	pr, pw := io.Pipe()
	h := &heldUpload{pipe: pw, form: multipart.NewWriter(pw), answer: make(chan heldAnswer, 1)}
	req, err := http.NewRequest(http.MethodPost, c.base+path, pr)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Content-Type", h.form.FormDataContentType())
	go func() {
		res, err := c.http.Do(req)
		if err != nil {
			h.answer <- heldAnswer{err: err}
			return
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		h.answer <- heldAnswer{status: res.StatusCode, body: b}
	}()
	head := make(chan struct{})
	go func() { // the writes wait for the transport to read them
		defer close(head)
		_ = h.form.WriteField("type", "additional")
		h.file, _ = h.form.CreateFormFile("file", "held.pdf")
		_, _ = h.file.Write(paddedPDF(64 << 10))
	}()
	<-head
	return h
}

// finish sends the rest of the body (a refused upload's connection is closed: nothing is sent).
func (h *heldUpload) finish() {
	go func() {
		_, _ = h.file.Write(bytes.Repeat([]byte{' '}, 64<<10))
		_ = h.form.Close()
		_ = h.pipe.Close()
	}()
}

// TestStorageQuotaHoldsUnderParallelUploads: uploads running together cannot overshoot the quota,
// although each one's size is known only at its end: each holds room for the largest file while it
// runs, so of four parallel uploads with room for two, two are refused at once and two are stored.
func TestStorageQuotaHoldsUnderParallelUploads(t *testing.T) {
	const quota = 2*verification.MaxUploadBytes + 1<<20
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "parallel@acme.example")
		docs := draftDocuments(t, c)
		uploads := make([]*heldUpload, 4)
		for i := range uploads {
			uploads[i] = c.startUpload(docs)
		}
		t.Cleanup(func() {
			for _, u := range uploads {
				_ = u.pipe.CloseWithError(io.ErrClosedPipe)
			}
		})
		answered := map[int]heldAnswer{}
		deadline := time.After(15 * time.Second)
	wait: // the refusals come before the bodies end
		for len(answered) < 2 {
			for i, u := range uploads {
				select {
				case a := <-u.answer:
					answered[i] = a
				case <-deadline:
					break wait
				default:
				}
			}
			time.Sleep(10 * time.Millisecond)
		}
		if len(answered) != 2 {
			t.Errorf("%d of 4 uploads were answered before their bodies ended; want the 2 that do not fit", len(answered))
		}
		for i, u := range uploads {
			if _, done := answered[i]; !done {
				u.finish()
			}
		}
		refused, stored := 0, 0
		for i, u := range uploads {
			a, done := answered[i]
			if !done {
				select {
				case a = <-u.answer:
				case <-time.After(30 * time.Second):
					t.Fatalf("upload %d got no answer", i)
				}
			}
			switch {
			case a.err != nil:
				t.Errorf("upload %d: %v", i, a.err)
			case a.status == http.StatusCreated:
				stored++
			case a.status == http.StatusConflict && bytes.Contains(a.body, []byte("of the 61 MiB your account may store")):
				refused++
			default:
				t.Errorf("upload %d: %d %s", i, a.status, a.body)
			}
		}
		if stored != 2 || refused != 2 {
			t.Errorf("%d uploads stored and %d refused; want 2 and 2", stored, refused)
		}
		files := e.objectCount(t) // each object and its sidecar
		if e.documentCount(t) != stored || files != 2*stored || e.pendingCount(t) != 0 {
			t.Errorf("%d rows, %d files, %d journal entries after %d uploads were stored", e.documentCount(t),
				files, e.pendingCount(t), stored)
		}
	}, func(_ *testing.T, e *env) { e.cfg.Limits.StoragePerAccount = quota })
}

// TestConcurrentUploadsPerUserAreCapped: one user runs at most MAX_CONCURRENT_UPLOADS uploads at
// once; another is refused with 429 until one ends.
func TestConcurrentUploadsPerUserAreCapped(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "busy@acme.example")
		docs := draftDocuments(t, c)
		before := e.objectCount(t)
		held := []*heldUpload{c.startUpload(docs), c.startUpload(docs)}
		t.Cleanup(func() {
			for _, u := range held {
				_ = u.pipe.CloseWithError(io.ErrClosedPipe)
			}
		})
		// Each held upload writes its journal entry, then opens its temporary file: the count of
		// objects to compare with is the one with both files open.
		for deadline := time.Now().Add(15 * time.Second); e.pendingCount(t) < 2 || e.objectCount(t) < before+2; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d uploads in progress and %d objects, want 2 and %d", e.pendingCount(t), e.objectCount(t), before+2)
			}
		}
		objects := e.objectCount(t)
		r := c.upload(docs, "third.pdf", pdfFile, map[string]string{"type": "additional"})
		const busy = "You have 2 uploads in progress, the most at once; wait for one to finish before starting another"
		if msg, _ := r.Map(t)["message"].(string); r.Status != http.StatusTooManyRequests || msg != busy {
			t.Fatalf("a third upload at once: %d %s; want 429 %q", r.Status, r.Body, busy)
		}
		if e.objectCount(t) != objects || e.pendingCount(t) != 2 {
			t.Error("the refused upload left an object or a journal entry behind")
		}
		for _, u := range held {
			u.finish()
			if a := <-u.answer; a.err != nil || a.status != http.StatusCreated {
				t.Fatalf("held upload: %d %s %v", a.status, a.body, a.err)
			}
		}
		if r := c.upload(docs, "third.pdf", pdfFile, map[string]string{"type": "additional"}); r.Status != http.StatusCreated {
			t.Fatalf("upload after the others ended: %d %s", r.Status, r.Body)
		}
		if got := fmt.Sprint(e.documentCount(t), e.pendingCount(t)); got != "3 0" {
			t.Errorf("documents and journal entries %s, want 3 0", got)
		}
	}, func(_ *testing.T, e *env) { e.cfg.Limits.UploadsPerUser = 2 })
}
