package s3_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"mime"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/tttverify/tttverify/adapters/storage/blobtest"
	"github.com/tttverify/tttverify/adapters/storage/s3"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// requireEnv returns the values of the named variables. When one is unset the test is skipped,
// except under CI=true, where nothing may be skipped silently.
func requireEnv(tb testing.TB, names ...string) []string {
	tb.Helper()
	values := make([]string, len(names))
	for i, name := range names {
		values[i] = os.Getenv(name)
		if values[i] != "" {
			continue
		}
		msg := name + " is not set; run the tests through scripts/minio.sh run (see its header)"
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	return values
}

// testConfig is the configuration of the MinIO server named by TEST_S3_*, with a fresh bucket
// that is emptied and removed when the test ends.
func testConfig(tb testing.TB) s3.Config {
	tb.Helper()
	env := requireEnv(tb, "TEST_S3_ENDPOINT", "TEST_S3_ACCESS_KEY", "TEST_S3_SECRET_KEY")
	cfg := s3.Config{
		Endpoint:  env[0],
		AccessKey: env[1],
		SecretKey: env[2],
		Bucket:    "ttt-test-" + strings.ToLower(rand.Text()),
	}
	tb.Cleanup(func() { removeBucket(tb, cfg) })
	return cfg
}

func newStore(tb testing.TB, cfg s3.Config) *s3.Store {
	tb.Helper()
	s, err := s3.New(tb.Context(), cfg)
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	return s
}

func adminClient(tb testing.TB, cfg s3.Config) *minio.Client {
	tb.Helper()
	c, err := minio.New(cfg.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, "")})
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// removeBucket fails the test when an aborted upload left parts on the server, then removes
// the bucket and everything in it.
func removeBucket(tb testing.TB, cfg s3.Config) {
	tb.Helper()
	ctx := context.Background() // tb.Context is already cancelled in cleanups
	c := adminClient(tb, cfg)
	if ok, err := c.BucketExists(ctx, cfg.Bucket); err != nil || !ok {
		return // never created, or the server is gone (the failure tests stop theirs)
	}
	for u := range c.ListIncompleteUploads(ctx, cfg.Bucket, "", true) {
		if u.Err != nil {
			tb.Fatalf("list incomplete uploads: %v", u.Err)
		}
		tb.Errorf("incomplete upload of %s left on the server", u.Key)
		c.RemoveIncompleteUpload(ctx, cfg.Bucket, u.Key)
	}
	for o := range c.ListObjects(ctx, cfg.Bucket, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err != nil {
			tb.Fatalf("list objects: %v", o.Err)
		}
		if err := c.RemoveObject(ctx, cfg.Bucket, o.Key, minio.RemoveObjectOptions{}); err != nil {
			tb.Fatalf("remove %s: %v", o.Key, err)
		}
	}
	if err := c.RemoveBucket(ctx, cfg.Bucket); err != nil {
		tb.Fatalf("remove bucket %s: %v", cfg.Bucket, err)
	}
}

func TestContract(t *testing.T) {
	requireEnv(t, "TEST_S3_ENDPOINT", "TEST_S3_ACCESS_KEY", "TEST_S3_SECRET_KEY")
	blobtest.Run(t, func(t *testing.T) application.BlobStore {
		return newStore(t, testConfig(t))
	})
}

func TestNewUsesExistingBucket(t *testing.T) {
	cfg := testConfig(t)
	first := newStore(t, cfg)
	if _, err := first.Put(t.Context(), "k", strings.NewReader("kept"), 10, "text/plain"); err != nil {
		t.Fatal(err)
	}
	second := newStore(t, cfg)
	if info, err := second.Stat(t.Context(), "k"); err != nil || info.Size != 4 {
		t.Errorf("Stat through a second store = %+v, %v; want the object the first stored", info, err)
	}
}

func TestNewRejectsWrongCredentials(t *testing.T) {
	cfg := testConfig(t)
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
	cfg := testConfig(t)
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
	cfg := testConfig(t)
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
	srv := startMinIO(t)
	cfg := srv.config()
	s := newStore(t, cfg)
	if _, err := s.Put(t.Context(), "before", strings.NewReader("x"), 10, ""); err != nil {
		t.Fatalf("Put while the server runs: %v", err)
	}

	// The server dies in the middle of an upload, after its first part has arrived.
	stopped := make(chan struct{})
	r := io.MultiReader(
		bytes.NewReader(make([]byte, 6<<20)),
		readerFunc(func([]byte) (int, error) { srv.stop(t); close(stopped); return 0, io.EOF }),
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
