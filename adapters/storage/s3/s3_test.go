package s3_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/storage/blobtest"
	"github.com/tttverify/tttverify/adapters/storage/s3"
	"github.com/tttverify/tttverify/adapters/storage/s3/miniotest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

func newStore(tb testing.TB, cfg s3.Config) *s3.Store {
	tb.Helper()
	s, err := s3.New(tb.Context(), cfg)
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	return s
}

func TestContract(t *testing.T) {
	srv := miniotest.Shared(t)
	blobtest.Run(t, func(t *testing.T) application.BlobStore {
		return newStore(t, srv.Bucket(t))
	})
}

func TestNewUsesExistingBucket(t *testing.T) {
	cfg := miniotest.Shared(t).Bucket(t)
	first := newStore(t, cfg)
	if _, err := first.Put(t.Context(), "k", strings.NewReader("kept"), 10, "text/plain"); err != nil {
		t.Fatal(err)
	}
	second := newStore(t, cfg)
	if info, err := second.Stat(t.Context(), "k"); err != nil || info.Size != 4 {
		t.Errorf("Stat through a second store = %+v, %v; want the object the first stored", info, err)
	}
}

// TestSmallUploadHoldsOnlyItsBytes stores a 40 KB document, the common upload: it costs a
// fraction of the 5 MiB part a stream of unknown length is buffered in, and arrives whole.
func TestSmallUploadHoldsOnlyItsBytes(t *testing.T) {
	s := newStore(t, miniotest.Shared(t).Bucket(t))
	doc := bytes.Repeat([]byte("%PDF-1.4\n"), 4<<10)
	if _, err := s.Put(t.Context(), "warm-up.pdf", bytes.NewReader(doc), verification.MaxUploadBytes, "application/pdf"); err != nil {
		t.Fatal(err) // the client's first request also sets up its connection and caches
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	size, err := s.Put(t.Context(), "small.pdf", bytes.NewReader(doc), verification.MaxUploadBytes, "application/pdf")
	runtime.ReadMemStats(&after)
	if err != nil || size != int64(len(doc)) {
		t.Fatalf("Put = %d, %v; want %d", size, err, len(doc))
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 1<<20 {
		t.Errorf("storing %d bytes allocated %d KB, want under 1 MB", len(doc), allocated>>10)
	}
	blobtest.AssertContent(t, s, "small.pdf", doc, "application/pdf")
}

// TestUploadsOneAfterAnotherReuseTheirPartBuffers stores large files one after another: once the
// first has allocated its two part buffers, the others take those and allocate none, whichever
// core each part's sender ran on.
func TestUploadsOneAfterAnotherReuseTheirPartBuffers(t *testing.T) {
	s := newStore(t, miniotest.Shared(t).Bucket(t))
	doc := bytes.Repeat([]byte("%PDF-1.4\n"), (12<<20)/9) // three parts
	if _, err := s.Put(t.Context(), "warm-up.pdf", bytes.NewReader(doc), verification.MaxUploadBytes, "application/pdf"); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range 4 {
		if _, err := s.Put(t.Context(), fmt.Sprintf("large-%d.pdf", i), bytes.NewReader(doc), verification.MaxUploadBytes, "application/pdf"); err != nil {
			t.Fatalf("Put %d: %v", i, err)
		}
	}
	runtime.ReadMemStats(&after)
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated >= 5<<20 {
		t.Errorf("four uploads of %d MB after the first allocated %d KB, want under one 5 MiB part buffer", len(doc)>>20, allocated>>10)
	}
	blobtest.AssertContent(t, s, "large-3.pdf", doc, "application/pdf")
}

func TestNewRejectsWrongCredentials(t *testing.T) {
	cfg := miniotest.Shared(t).Bucket(t)
	cfg.SecretKey += "-wrong"
	_, err := s3.New(t.Context(), cfg)
	if err == nil {
		t.Fatal("New with a wrong secret key succeeded")
	}
	if errors.Is(err, application.ErrStoreUnavailable) {
		t.Errorf("New with a wrong secret key: %v; a configuration error is not an outage", err)
	}
}

func TestPresignGet(t *testing.T) {
	cfg := miniotest.Shared(t).Bucket(t)
	s := newStore(t, cfg)
	content := []byte("%PDF-1.7 certificate")
	key := "verifications/12/abc-certificate.pdf"
	if _, err := s.Put(t.Context(), key, bytes.NewReader(content), 100, "application/pdf"); err != nil {
		t.Fatal(err)
	}
	link, err := s.PresignGet(t.Context(), key, "Certificate of Incorporation.pdf", time.Minute)
	if err != nil {
		t.Fatalf("PresignGet: %v", err)
	}
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, content) {
		t.Fatalf("GET presigned URL: %s %q", resp.Status, body)
	}
	disposition, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition"))
	if err != nil || disposition != "attachment" || params["filename"] != "Certificate of Incorporation.pdf" {
		t.Errorf("Content-Disposition = %q", resp.Header.Get("Content-Disposition"))
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/pdf" {
		t.Errorf("Content-Type = %q, want application/pdf", ct)
	}
}

func TestPresignGetExpires(t *testing.T) {
	cfg := miniotest.Shared(t).Bucket(t)
	s := newStore(t, cfg)
	if _, err := s.Put(t.Context(), "k", strings.NewReader("x"), 10, ""); err != nil {
		t.Fatal(err)
	}
	link, err := s.PresignGet(t.Context(), "k", "k.txt", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("GET expired presigned URL: %s, want 403", resp.Status)
	}
}

func TestServerStopped(t *testing.T) {
	srv := miniotest.Start(t)
	cfg := srv.Bucket(t)
	s := newStore(t, cfg)
	if _, err := s.Put(t.Context(), "before", strings.NewReader("x"), 10, ""); err != nil {
		t.Fatalf("Put while the server runs: %v", err)
	}

	// The server dies in the middle of an upload, after its first part has arrived.
	stopped := make(chan struct{})
	r := io.MultiReader(
		bytes.NewReader(make([]byte, 6<<20)),
		readerFunc(func([]byte) (int, error) { srv.Stop(t); close(stopped); return 0, io.EOF }),
		bytes.NewReader(make([]byte, 6<<20)),
	)
	assertUnavailable(t, "Put interrupted by the stop", func(ctx context.Context) error {
		_, err := s.Put(ctx, "interrupted", r, verification.MaxUploadBytes, "application/pdf")
		return err
	})
	select {
	case <-stopped:
	default:
		t.Fatal("the upload failed before the server was stopped")
	}

	assertUnavailable(t, "Put", func(ctx context.Context) error {
		_, err := s.Put(ctx, "after", strings.NewReader("x"), 10, "")
		return err
	})
	assertUnavailable(t, "Get", func(ctx context.Context) error {
		_, _, err := s.Get(ctx, "before")
		return err
	})
	assertUnavailable(t, "Stat", func(ctx context.Context) error {
		_, err := s.Stat(ctx, "before")
		return err
	})
	assertUnavailable(t, "Delete", func(ctx context.Context) error { return s.Delete(ctx, "before") })
	assertUnavailable(t, "Ping", s.Ping)
	if _, err := s3.New(t.Context(), cfg); !errors.Is(err, application.ErrStoreUnavailable) {
		t.Errorf("New: %v, want ErrStoreUnavailable", err)
	}
}

// assertUnavailable checks that op fails with ErrStoreUnavailable well within the time a user
// would wait, rather than hanging on retries.
func assertUnavailable(t *testing.T, name string, op func(ctx context.Context) error) {
	t.Helper()
	const limit = 10 * time.Second
	// A deadline beyond the limit only stops a hang; the check below measures the time taken.
	ctx, cancel := context.WithTimeout(t.Context(), 3*limit)
	defer cancel()
	start := time.Now()
	err := op(ctx)
	elapsed := time.Since(start)
	if !errors.Is(err, application.ErrStoreUnavailable) {
		t.Errorf("%s with the server stopped: %v, want ErrStoreUnavailable", name, err)
	}
	if elapsed > limit {
		t.Errorf("%s with the server stopped took %v, want under %v", name, elapsed.Round(time.Millisecond), limit)
	}
	t.Logf("%s failed after %v: %v", name, elapsed.Round(time.Millisecond), err)
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// TestPutReadsTheNextPartWhileSending holds the first part of an upload at the server's door
// until the next part is being read, or for 10 seconds: an upload that reads and sends its parts
// in turn waits there, one that overlaps them runs at the pace of the slower of the two.
func TestPutReadsTheNextPartWhileSending(t *testing.T) {
	nextPartRead := make(chan struct{})
	var waited atomic.Bool
	s := storeBehindDoor(t, func(r *http.Request) {
		if r.URL.Query().Get("partNumber") == "1" {
			select {
			case <-nextPartRead:
			case <-time.After(10 * time.Second):
				waited.Store(true)
			}
		}
	})

	content := make([]byte, 12<<20)
	for i := range content {
		content[i] = byte(i % 251)
	}
	var once sync.Once
	sent := 0
	r := readerFunc(func(p []byte) (int, error) {
		if sent >= 5<<20 { // the first part, 5 MiB, is all read
			once.Do(func() { close(nextPartRead) })
		}
		n := copy(p, content[sent:])
		sent += n
		if n == 0 {
			return 0, io.EOF
		}
		return n, nil
	})
	if _, err := s.Put(t.Context(), "overlapped.pdf", r, verification.MaxUploadBytes, "application/pdf"); err != nil {
		t.Fatalf("Put: %v", err)
	}
	if waited.Load() {
		t.Error("the first part waited 10 s at the door: the next part was not read while it was being sent")
	}
	blobtest.AssertContent(t, s, "overlapped.pdf", content, "application/pdf")
}

// TestFileOfOnePartIsOneRequest stores a 3 MB file, larger than what is read whole but within
// one part: it goes in one request of known length, not as a multipart upload of three.
func TestFileOfOnePartIsOneRequest(t *testing.T) {
	var mu sync.Mutex
	var requests []string
	s := storeBehindDoor(t, func(r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/three.pdf") {
			mu.Lock()
			defer mu.Unlock()
			requests = append(requests, r.Method+" "+r.URL.RawQuery)
		}
	})
	content := bytes.Repeat([]byte("%PDF-1.4\n"), 3<<20/9)
	if _, err := s.Put(t.Context(), "three.pdf", bytes.NewReader(content), verification.MaxUploadBytes, "application/pdf"); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	if len(requests) != 1 || requests[0] != "PUT " {
		t.Errorf("storing 3 MB sent %q, want one PUT of the object", requests)
	}
	mu.Unlock()
	blobtest.AssertContent(t, s, "three.pdf", content, "application/pdf")
}

// storeBehindDoor is a store on a fresh bucket whose requests pass through a proxy that calls
// door with each Put request before passing it on.
func storeBehindDoor(t *testing.T, door func(r *http.Request)) *s3.Store {
	t.Helper()
	cfg := miniotest.Shared(t).Bucket(t)
	target, err := url.Parse("http://" + cfg.Endpoint)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPut || r.Method == http.MethodPost {
			door(r)
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	cfg.Endpoint = strings.TrimPrefix(srv.URL, "http://")
	return newStore(t, cfg)
}
