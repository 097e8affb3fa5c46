package tests

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/signing"
	"github.com/tttverify/tttverify/adapters/storage/s3/miniotest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// withS3 stores the environment's files in a fresh bucket on srv instead of DATA_DIR/objects.
func withS3(srv *miniotest.Server) envOption {
	return func(t *testing.T, e *env) {
		b := srv.Bucket(t)
		e.minio = srv
		e.cfg.S3Endpoint, e.cfg.S3Bucket, e.cfg.S3AccessKey, e.cfg.S3SecretKey = b.Endpoint, b.Bucket, b.AccessKey, b.SecretKey
	}
}

// withOwnMinIO stores the environment's files on a MinIO server of its own, which the test may stop.
func withOwnMinIO(t *testing.T, e *env) { withS3(miniotest.Start(t))(t, e) }

// withPresignedDownloads turns S3_PRESIGNED_DOWNLOADS on.
func withPresignedDownloads(_ *testing.T, e *env) { e.cfg.S3PresignedGets = true }

// bucketKeys lists the objects in the environment's bucket, sorted.
func (e *env) bucketKeys(t *testing.T) []string {
	t.Helper()
	keys := e.minio.Keys(t, e.cfg.S3Bucket)
	slices.Sort(keys)
	return keys
}

// hasObject reports whether key is in the environment's bucket.
func (e *env) hasObject(t *testing.T, key string) bool {
	t.Helper()
	_, err := e.minio.Client(t).StatObject(context.Background(), e.cfg.S3Bucket, key, minio.StatObjectOptions{})
	if err != nil && minio.ToErrorResponse(err).Code != "NoSuchKey" {
		t.Fatalf("stat %s: %v", key, err)
	}
	return err == nil
}

// localFiles lists the files under the data directory other than the SQLite database and the
// server's own keys.
func (e *env) localFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(e.cfg.DataDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// The database and the server's own keys (the signing key it generated) are not users' files.
		serverOwn := strings.HasPrefix(d.Name(), "ttt-verify.db") || d.Name() == signing.GeneratedKeyFile ||
			d.Name() == signing.GeneratedCertFile
		if !d.IsDir() && !serverOwn {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func listDocuments(t *testing.T, c *client, id int64) []api.Document {
	t.Helper()
	var docs []api.Document
	c.must(http.StatusOK, "GET", "/api/verifications/"+itoa(id)+"/documents", nil).JSON(t, &docs)
	return docs
}

// TestS3KeepsEveryFileOffLocalDisk runs the applicant journey with S3 configured: every file
// lands in the bucket, nothing in the data directory, and downloads stream back the same bytes.
func TestS3KeepsEveryFileOffLocalDisk(t *testing.T) {
	srv := miniotest.Shared(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "s3@acme.example")
		v := submitted(t, c, "basic")
		docs := listDocuments(t, c, v.ID)
		var want []string
		for _, d := range docs {
			want = append(want, d.ObjectPath)
		}
		slices.Sort(want)
		if got := e.bucketKeys(t); len(want) != 4 || !slices.Equal(got, want) {
			t.Errorf("bucket holds %q; want the %d documents' objects %q", got, len(docs), want)
		}
		if files := e.localFiles(t); len(files) > 0 {
			t.Errorf("files on local disk with S3 configured: %q", files)
		}
		for _, d := range docs {
			r := c.do("GET", d.URL, nil)
			content := pdfFile
			if d.Type == "passport" {
				content = pngFile
			}
			if r.Status != http.StatusOK || !bytes.Equal(r.Body, content) {
				t.Fatalf("download %s: %d %q", d.URL, r.Status, r.Body)
			}
			checkDownloadHeaders(t, r.Header, d, "inline")
		}
	}, withS3(srv))
}

// checkDownloadHeaders checks the headers that keep a browser from reinterpreting a download.
func checkDownloadHeaders(t *testing.T, h http.Header, d api.Document, disposition string) {
	t.Helper()
	if got := h.Get("Content-Length"); got != strconv.FormatInt(d.Size, 10) {
		t.Errorf("%s: Content-Length %q, want %d", d.URL, got, d.Size)
	}
	if got := h.Get("Content-Type"); got != d.MimeType {
		t.Errorf("%s: Content-Type %q, want %s", d.URL, got, d.MimeType)
	}
	kind, params, err := mime.ParseMediaType(h.Get("Content-Disposition"))
	if err != nil || kind != disposition || params["filename"] != d.Filename {
		t.Errorf("%s: Content-Disposition %q, want %s with filename %q", d.URL, h.Get("Content-Disposition"), disposition, d.Filename)
	}
	if got := h.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("%s: X-Content-Type-Options %q, want nosniff", d.URL, got)
	}
}

// TestPresignedDownloads checks S3_PRESIGNED_DOWNLOADS: the request is authorised as before,
// then the owner or an administrator is sent to a link that serves the exact bytes.
func TestPresignedDownloads(t *testing.T) {
	srv := miniotest.Shared(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		owner := e.register(t, "presign@acme.example")
		v := fillVerification(t, owner, "basic")
		// A name with letters outside ASCII and quoting characters: the link carries the name's letters
		// (RFC 5987 filename*) and none of its quotes.
		content := append(bytes.Clone(pdfFile), "% Prüfbericht\n"...)
		r := owner.upload("/api/verifications/"+itoa(v.ID)+"/documents", `Prüfbericht "Öl" 2026.pdf`, content,
			map[string]string{"type": "additional"})
		if r.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		var d api.Document
		r.JSON(t, &d)
		if want := "Prüfbericht Öl 2026.pdf"; d.Filename != want {
			t.Fatalf("stored filename %q, want %q: its letters kept, its quotes stripped", d.Filename, want)
		}

		for name, c := range map[string]*client{"owner": owner, "admin": e.admin(t)} {
			r := c.do("GET", d.URL, nil)
			if r.Status != http.StatusFound {
				t.Fatalf("%s GET %s: %d %s, want 302", name, d.URL, r.Status, r.Body)
			}
			if cc := r.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("%s: Cache-Control %q on the redirect, want no-store", name, cc)
			}
			link := mustURL(t, r.Header.Get("Location"))
			if link.Host != e.cfg.S3Endpoint || link.Query().Get("X-Amz-Expires") != "300" {
				t.Errorf("%s: redirected to %s, want a 5-minute link on %s", name, link, e.cfg.S3Endpoint)
			}
			res, err := http.Get(link.String())
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(res.Body)
			res.Body.Close()
			if err != nil || res.StatusCode != http.StatusOK || !bytes.Equal(body, content) {
				t.Fatalf("%s: presigned link answered %s with %d bytes (%v); want the %d uploaded", name, res.Status, len(body), err, len(content))
			}
			checkDownloadHeaders(t, res.Header, d, "attachment")
		}

		other := e.register(t, "stranger@evil.example")
		if r := other.do("GET", d.URL, nil); r.Status != http.StatusNotFound || r.Header.Get("Location") != "" {
			t.Errorf("another user: %d, Location %q; want 404 and no link", r.Status, r.Header.Get("Location"))
		}
		if r := e.client(t).do("GET", d.URL, nil); r.Status != http.StatusUnauthorized || r.Header.Get("Location") != "" {
			t.Errorf("anonymous: %d, Location %q; want 401 and no link", r.Status, r.Header.Get("Location"))
		}
		if r := owner.do("GET", "/api/files/verifications/"+itoa(v.ID)+"/guessed.pdf", nil); r.Status != http.StatusNotFound {
			t.Errorf("owner, unknown key: %d, want 404", r.Status)
		}
	}, withS3(srv), withPresignedDownloads)
}

// TestPresignedDownloadsNeedS3 refuses to start with presigned downloads on a store that
// cannot presign, rather than failing every download.
func TestPresignedDownloadsNeedS3(t *testing.T) {
	cfg := newConfig(t, "")
	cfg.S3PresignedGets = true
	a, err := wire(cfg, newHooks())
	if err == nil {
		a.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "S3_ENDPOINT") {
		t.Fatalf("Wire with S3_PRESIGNED_DOWNLOADS and no S3_ENDPOINT: %v, want an error naming S3_ENDPOINT", err)
	}
}

// TestNoObjectWithoutRow stores an upload, then makes recording it fail for real: the
// verification is submitted in between, so the document may no longer be attached. The object
// must not outlive the refusal.
func TestNoObjectWithoutRow(t *testing.T) {
	srv := miniotest.Shared(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "late@acme.example")
		v := fillVerification(t, c, "basic")
		user := e.user(t, "late@acme.example")
		docs := e.documentCount(t)

		stored, err := e.Svc.Documents.Store(t.Context(), user, v.ID, "late.pdf", bytes.NewReader(pdfFile))
		if err != nil {
			t.Fatalf("Store: %v", err)
		}
		if !e.hasObject(t, stored.Key) {
			t.Fatalf("Store returned %s, which is not in the bucket", stored.Key)
		}
		c.must(http.StatusOK, "POST", "/api/verifications/"+itoa(v.ID)+"/submit", nil)

		_, err = e.Svc.Documents.AttachDocument(t.Context(), user, v.ID, "additional", stored)
		if !errors.Is(err, verification.ErrNotEditable) {
			t.Fatalf("AttachDocument after submit: %v, want ErrNotEditable", err)
		}
		if e.hasObject(t, stored.Key) {
			t.Errorf("object %s is left in the bucket after its row could not be written", stored.Key)
		}
		if n := e.documentCount(t); n != docs {
			t.Errorf("documents %d -> %d", docs, n)
		}
	}, withS3(srv))
}

// TestStoreDown stops the environment's own MinIO in the middle of the test: uploads get 503
// with a clear message and write no row, and /readyz names the store as down.
func TestStoreDown(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "outage@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		path := "/api/verifications/" + itoa(v.ID) + "/documents"
		first := c.upload(path, "before.pdf", pdfFile, map[string]string{"type": "additional"})
		if first.Status != http.StatusCreated {
			t.Fatalf("upload while the store runs: %d %s", first.Status, first.Body)
		}
		var stored api.Document
		first.JSON(t, &stored)
		if r := c.do("GET", "/readyz", nil); r.Status != http.StatusOK {
			t.Fatalf("/readyz while the store runs: %d %s", r.Status, r.Body)
		}

		e.minio.Stop(t)
		docs := e.documentCount(t)
		start := time.Now()
		r := c.upload(path, "during.pdf", pdfFile, map[string]string{"type": "additional"})
		if elapsed := time.Since(start); elapsed > 15*time.Second {
			t.Errorf("upload with the store down took %v", elapsed.Round(time.Millisecond))
		}
		if r.Status != http.StatusServiceUnavailable || r.Map(t)["message"] != application.ErrStoreUnavailable.Error() {
			t.Errorf("upload with the store down: %d %s, want 503 %q", r.Status, r.Body, application.ErrStoreUnavailable)
		}
		if n := e.documentCount(t); n != docs {
			t.Errorf("documents %d -> %d after a failed upload", docs, n)
		}
		if r := c.do("GET", stored.URL, nil); r.Status != http.StatusServiceUnavailable {
			t.Errorf("download with the store down: %d %s, want 503", r.Status, r.Body)
		}

		r = c.do("GET", "/readyz", nil)
		var ready struct {
			Status string
			Checks map[string]string
		}
		r.JSON(t, &ready)
		if r.Status != http.StatusServiceUnavailable || ready.Checks["storage"] != "down" || ready.Checks["database"] != "ok" {
			t.Errorf("/readyz with the store down: %d %s, want 503 with storage down and database ok", r.Status, r.Body)
		}
	}, withOwnMinIO)
}

// TestDeletedDocumentIsKeptThenPurged deletes documents: the row is marked deleted with an audit
// event and the object stays in the bucket until the retention rule removes it; a refused deletion
// changes nothing.
func TestDeletedDocumentIsKeptThenPurged(t *testing.T) {
	srv := miniotest.Shared(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "tidy@acme.example")
		v := fillVerification(t, c, "basic")
		base := "/api/verifications/" + itoa(v.ID)
		r := c.upload(base+"/documents", "extra.pdf", pdfFile, map[string]string{"type": "additional"})
		if r.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		var extra api.Document
		r.JSON(t, &extra)
		c.must(http.StatusNoContent, "DELETE", base+"/documents/"+itoa(extra.ID), nil)
		c.must(http.StatusNotFound, "DELETE", base+"/documents/"+itoa(extra.ID), nil)
		c.must(http.StatusNotFound, "GET", extra.URL, nil)
		for _, d := range listDocuments(t, c, v.ID) {
			if d.ID == extra.ID {
				t.Error("the deleted document is still listed")
			}
		}
		var deletedAt *time.Time
		if err := e.DB.NewSelect().Table("documents").Column("deleted_at").Where("id = ?", extra.ID).Scan(context.Background(), &deletedAt); err != nil || deletedAt == nil {
			t.Fatalf("the deleted document's row: %v, deleted_at %v", err, deletedAt)
		}
		if !e.hasObject(t, extra.ObjectPath) {
			t.Fatal("the object went with the deletion; it must stay until the retention rule removes it")
		}
		events, err := e.Svc.Verifications.AuditTrail(context.Background(), v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if last := events[len(events)-1]; last.Action != "delete-document" || !strings.Contains(last.Reason, "extra.pdf") {
			t.Errorf("last audit event %+v, want the deletion naming the file", last)
		}

		retention := application.NewFileRetention(persistence.NewDocuments(e.DB), persistence.NewPendingObjects(e.DB), e.Blobs, e.clock, 0)
		if n, err := retention.Purge(context.Background()); err != nil || n != 0 {
			t.Fatalf("purge within the retention period: %d, %v; want nothing", n, err)
		}
		e.clock.Advance(application.DefaultDeletedFileRetention + time.Hour)
		if n, err := retention.Purge(context.Background()); err != nil || n != 1 {
			t.Fatalf("purge after the retention period: %d, %v; want 1", n, err)
		}
		if e.hasObject(t, extra.ObjectPath) {
			t.Error("the object outlived the retention period")
		}
		if n, err := retention.Purge(context.Background()); err != nil || n != 0 {
			t.Errorf("second purge: %d, %v; want nothing", n, err)
		}

		c = e.client(t) // a month later: sign in again
		c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": "tidy@acme.example", "password": "tangerine-42"})
		c.must(http.StatusOK, "POST", base+"/submit", nil)
		docs := listDocuments(t, c, v.ID)
		kept := docs[0]
		c.must(http.StatusConflict, "DELETE", base+"/documents/"+itoa(kept.ID), nil)
		if !e.hasObject(t, kept.ObjectPath) {
			t.Errorf("object %s was removed although deleting its row was refused", kept.ObjectPath)
		}
		if after := listDocuments(t, c, v.ID); len(after) != len(docs) {
			t.Errorf("documents %d -> %d after a refused delete", len(docs), len(after))
		}
	}, withS3(srv))
}

// TestSweeperRemovesWhatACrashLeft: a server killed between writing an object and its row, or in
// the middle of a multipart upload, leaves a journal entry; once older than the transfer timeout
// the sweeper removes the object and the unfinished upload, and leaves younger writes alone.
func TestSweeperRemovesWhatACrashLeft(t *testing.T) {
	srv := miniotest.Shared(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		c := e.register(t, "crash@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		owner := e.user(t, "crash@acme.example")
		// Uploads that finish, either way, leave nothing in the journal.
		base := "/api/verifications/" + itoa(v.ID) + "/documents"
		if r := c.upload(base, "kept.pdf", pdfFile, map[string]string{"type": "additional"}); r.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		c.upload(base, "refused.pdf", pdfFile, map[string]string{"type": "passport"})
		if n, err := e.DB.NewSelect().Table("pending_objects").Count(ctx); err != nil || n != 0 {
			t.Fatalf("journal after finished uploads: %d rows, %v; want none", n, err)
		}

		// Killed after the object was written, before its row: Store without Attach.
		stored, err := e.Svc.Documents.Store(ctx, owner, v.ID, "orphan.pdf", bytes.NewReader(pdfFile))
		if err != nil {
			t.Fatal(err)
		}
		// Killed in the middle of a multipart upload: parts on the server, no object.
		pending := persistence.NewPendingObjects(e.DB)
		partial := "verifications/" + itoa(v.ID) + "/partial-upload.pdf"
		if err := pending.Begin(ctx, partial, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		core := minio.Core{Client: e.minio.Client(t)}
		uploadID, err := core.NewMultipartUpload(ctx, e.cfg.S3Bucket, partial, minio.PutObjectOptions{})
		if err != nil {
			t.Fatal(err)
		}
		part := bytes.Repeat([]byte{'x'}, 5<<20)
		if _, err := core.PutObjectPart(ctx, e.cfg.S3Bucket, partial, uploadID, 1, bytes.NewReader(part), int64(len(part)), minio.PutObjectPartOptions{}); err != nil {
			t.Fatal(err)
		}

		sweeper := application.NewFileRetention(persistence.NewDocuments(e.DB), pending, e.Blobs, e.clock, 0)
		const after = 11 * time.Minute
		if n, err := sweeper.SweepAbandoned(ctx, after); err != nil || n != 0 {
			t.Fatalf("sweep of writes that may still be running: %d, %v; want none", n, err)
		}
		e.clock.Advance(after + time.Second)
		fresh := "verifications/" + itoa(v.ID) + "/still-uploading.pdf"
		if err := pending.Begin(ctx, fresh, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if n, err := sweeper.SweepAbandoned(ctx, after); err != nil || n != 2 {
			t.Fatalf("sweep after the transfer timeout: %d, %v; want the two abandoned writes", n, err)
		}
		if e.hasObject(t, stored.Key) {
			t.Error("the object without a row is still in the bucket")
		}
		for info := range e.minio.Client(t).ListIncompleteUploads(ctx, e.cfg.S3Bucket, "verifications/", true) {
			t.Errorf("unfinished upload left: %s %v", info.Key, info.Err)
		}
		if left, err := pending.Stale(ctx, e.clock.Now().Add(time.Hour), 10); err != nil || len(left) != 1 || left[0] != fresh {
			t.Errorf("journal after the sweep: %v, %v; want only the write still running", left, err)
		}
		if e.documentCount(t) != 1 {
			t.Errorf("%d document rows, want the one attached", e.documentCount(t))
		}
	}, withS3(srv))
}
