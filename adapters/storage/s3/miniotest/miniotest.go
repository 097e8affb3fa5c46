// Package miniotest gives tests a real MinIO server: the shared one that the test scripts start
// (TEST_S3_*), or one that a single test owns and may stop (TEST_MINIO_BIN). Without the
// variables a test is skipped, except under CI=true, where it fails.
package miniotest

import (
	"context"
	"crypto/rand"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/tttverify/tttverify/adapters/storage/s3"
)

// Server is a MinIO server a test can use.
type Server struct {
	Endpoint, AccessKey, SecretKey string

	cmd      *exec.Cmd     // nil for the shared server
	exited   chan struct{} // closed when an owned server has gone
	stopOnce sync.Once
}

// Shared is the server named by TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY and TEST_S3_SECRET_KEY
// (scripts/minio.sh run and make test set them).
func Shared(tb testing.TB) *Server {
	tb.Helper()
	env := requireEnv(tb, "TEST_S3_ENDPOINT", "TEST_S3_ACCESS_KEY", "TEST_S3_SECRET_KEY")
	return &Server{Endpoint: env[0], AccessKey: env[1], SecretKey: env[2]}
}

// Start runs the binary named by TEST_MINIO_BIN on a free loopback port with a fresh data
// directory and random credentials, for a test that stops the server; it is killed when the
// test ends.
func Start(tb testing.TB) *Server {
	tb.Helper()
	bin := requireEnv(tb, "TEST_MINIO_BIN")[0]
	dir := tb.TempDir()
	logFile, err := os.Create(filepath.Join(dir, "minio.log"))
	if err != nil {
		tb.Fatal(err)
	}
	defer logFile.Close()
	srv := &Server{
		Endpoint:  freeAddr(tb),
		AccessKey: "test" + strings.ToLower(rand.Text()[:12]),
		SecretKey: rand.Text(),
		exited:    make(chan struct{}),
	}
	srv.cmd = exec.Command(bin, "server", "--quiet", "--address", srv.Endpoint,
		"--console-address", freeAddr(tb), filepath.Join(dir, "data"))
	srv.cmd.Env = append(os.Environ(),
		"MINIO_ROOT_USER="+srv.AccessKey, "MINIO_ROOT_PASSWORD="+srv.SecretKey,
		"MINIO_BROWSER=off", "MINIO_UPDATE=off")
	srv.cmd.Stdout, srv.cmd.Stderr = logFile, logFile
	if err := srv.cmd.Start(); err != nil {
		tb.Fatalf("start MinIO: %v", err)
	}
	go func() {
		_ = srv.cmd.Wait()
		close(srv.exited)
	}()
	tb.Cleanup(func() { srv.Stop(tb) })

	deadline := time.Now().Add(30 * time.Second)
	client := http.Client{Timeout: 2 * time.Second}
	for {
		resp, err := client.Get("http://" + srv.Endpoint + "/minio/health/ready")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return srv
			}
		}
		select {
		case <-srv.exited:
			log, _ := os.ReadFile(logFile.Name())
			tb.Fatalf("MinIO exited during start:\n%s", log)
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			tb.Fatal("MinIO did not become live within 30s")
		}
	}
}

// Stop kills a server that Start launched, as a crash would, and waits until it has gone.
func (s *Server) Stop(tb testing.TB) {
	tb.Helper()
	if s.cmd == nil {
		tb.Fatal("miniotest: the shared server belongs to the test script and cannot be stopped")
	}
	s.stopOnce.Do(func() {
		if err := s.cmd.Process.Kill(); err != nil {
			tb.Logf("kill MinIO: %v", err)
		}
		<-s.exited
	})
}

// stopped reports whether an owned server has gone.
func (s *Server) stopped() bool {
	if s.exited == nil {
		return false
	}
	select {
	case <-s.exited:
		return true
	default:
		return false
	}
}

// Bucket is the configuration of a fresh bucket (created by s3.New, not here) that is checked
// for left-over multipart uploads, emptied and removed when the test ends.
func (s *Server) Bucket(tb testing.TB) s3.Config {
	tb.Helper()
	cfg := s3.Config{Endpoint: s.Endpoint, AccessKey: s.AccessKey, SecretKey: s.SecretKey,
		Bucket: "ttt-test-" + strings.ToLower(rand.Text())}
	tb.Cleanup(func() {
		if !s.stopped() {
			s.removeBucket(tb, cfg.Bucket)
		}
	})
	return cfg
}

// Client is a minio-go client with the server's root credentials, for checks behind the store's back.
func (s *Server) Client(tb testing.TB) *minio.Client {
	tb.Helper()
	c, err := minio.New(s.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(s.AccessKey, s.SecretKey, "")})
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// Keys lists every object in bucket.
func (s *Server) Keys(tb testing.TB, bucket string) []string {
	tb.Helper()
	var keys []string
	for o := range s.Client(tb).ListObjects(context.Background(), bucket, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err != nil {
			tb.Fatalf("list objects in %s: %v", bucket, o.Err)
		}
		keys = append(keys, o.Key)
	}
	return keys
}

// removeBucket fails the test when an aborted upload left parts on the server, then removes
// the bucket and everything in it.
func (s *Server) removeBucket(tb testing.TB, bucket string) {
	tb.Helper()
	ctx := context.Background() // tb.Context is already cancelled in cleanups
	c := s.Client(tb)
	if ok, err := c.BucketExists(ctx, bucket); err != nil || !ok {
		return // never created
	}
	for u := range c.ListIncompleteUploads(ctx, bucket, "", true) {
		if u.Err != nil {
			tb.Fatalf("list incomplete uploads: %v", u.Err)
		}
		tb.Errorf("incomplete upload of %s left on the server", u.Key)
		_ = c.RemoveIncompleteUpload(ctx, bucket, u.Key)
	}
	for _, key := range s.Keys(tb, bucket) {
		if err := c.RemoveObject(ctx, bucket, key, minio.RemoveObjectOptions{}); err != nil {
			tb.Fatalf("remove %s: %v", key, err)
		}
	}
	if err := c.RemoveBucket(ctx, bucket); err != nil {
		tb.Fatalf("remove bucket %s: %v", bucket, err)
	}
}

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

// freeAddr returns a loopback address that nothing listens on at the moment.
func freeAddr(tb testing.TB) string {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
