package s3_test

import (
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

	"github.com/tttverify/tttverify/adapters/storage/s3"
)

// minioServer is a MinIO process that one test owns, for tests that stop the server.
type minioServer struct {
	endpoint, accessKey, secretKey string
	cmd                            *exec.Cmd
	exited                         chan struct{}
	stopOnce                       sync.Once
}

// startMinIO runs the binary named by TEST_MINIO_BIN (scripts/minio.sh run sets it) on a free
// loopback port with a fresh data directory, and stops it when the test ends.
func startMinIO(t *testing.T) *minioServer {
	t.Helper()
	bin := requireEnv(t, "TEST_MINIO_BIN")[0]
	dir := t.TempDir()
	logFile, err := os.Create(filepath.Join(dir, "minio.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	srv := &minioServer{
		endpoint:  freeAddr(t),
		accessKey: "test" + strings.ToLower(rand.Text()[:12]),
		secretKey: rand.Text(),
		exited:    make(chan struct{}),
	}
	srv.cmd = exec.Command(bin, "server", "--quiet", "--address", srv.endpoint,
		"--console-address", freeAddr(t), filepath.Join(dir, "data"))
	srv.cmd.Env = append(os.Environ(),
		"MINIO_ROOT_USER="+srv.accessKey, "MINIO_ROOT_PASSWORD="+srv.secretKey,
		"MINIO_BROWSER=off", "MINIO_UPDATE=off")
	srv.cmd.Stdout, srv.cmd.Stderr = logFile, logFile
	if err := srv.cmd.Start(); err != nil {
		t.Fatalf("start MinIO: %v", err)
	}
	go func() {
		srv.cmd.Wait()
		close(srv.exited)
	}()
	t.Cleanup(func() { srv.stop(t) })

	deadline := time.Now().Add(30 * time.Second)
	client := http.Client{Timeout: 2 * time.Second}
	for {
		resp, err := client.Get("http://" + srv.endpoint + "/minio/health/live")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return srv
			}
		}
		select {
		case <-srv.exited:
			log, _ := os.ReadFile(logFile.Name())
			t.Fatalf("MinIO exited during start:\n%s", log)
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("MinIO did not become live within 30s")
		}
	}
}

func (m *minioServer) config() s3.Config {
	return s3.Config{Endpoint: m.endpoint, AccessKey: m.accessKey, SecretKey: m.secretKey, Bucket: "ttt-verify"}
}

// stop kills the server, as a crash would, and waits until it has gone.
func (m *minioServer) stop(t *testing.T) {
	m.stopOnce.Do(func() {
		if err := m.cmd.Process.Kill(); err != nil {
			t.Logf("kill MinIO: %v", err)
		}
		<-m.exited
	})
}

// freeAddr returns a loopback address that nothing listens on at the moment.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
