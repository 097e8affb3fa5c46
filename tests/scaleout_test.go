package tests

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/adapters/storage/s3/miniotest"
	"github.com/tttverify/tttverify/tests/haproxytest"
)

// TestTwoServersBehindALoadBalancer runs the real binary twice, started at the same moment, behind
// HAProxy (Debian's package), on one PostgreSQL database and one MinIO bucket, as production does.
// A session made through one server works on the other; a document uploaded through one downloads
// through the other; an approval and a revocation made through one show through the other within a
// second; ten wrong sign-ins spread over both servers by the balancer trip the limit for that
// client and nobody else; and with one server killed mid-run the other goes on serving and
// finishes the queued jobs.
func TestTwoServersBehindALoadBalancer(t *testing.T) {
	cl := startCluster(t)
	s1, s2 := cl.servers[0], cl.servers[1]

	// A session made through one server works on the other.
	u := cl.client(t, s1.base, "")
	email := "scale-" + randomHex(4) + "@acme.test"
	u.must(http.StatusCreated, "POST", "/api/register", map[string]string{"email": email, "password": "tangerine-42"})
	u.base = s2.base
	if got := u.must(http.StatusOK, "GET", "/api/user", nil).Map(t)["email"]; got != email {
		t.Fatalf("the other server sees user %v", got)
	}

	// A document uploaded through one server downloads through the other.
	u.base = s1.base
	v := fillVerification(t, u, "basic")
	u.base = s2.base
	var docs []api.Document
	u.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID)+"/documents", nil).JSON(t, &docs)
	fileURL := ""
	for _, d := range docs {
		if d.Type == "incorporation_certificate" {
			fileURL = d.URL
		}
	}
	if fileURL == "" {
		t.Fatalf("the other server lists %+v", docs)
	}
	if got := u.must(http.StatusOK, "GET", fileURL, nil).Body; !bytes.Equal(got, pdfFile) {
		t.Fatalf("the other server serves %q, not the uploaded file", got)
	}

	// Submitted and paid through one, approved and revoked through the other: the public page on
	// the first follows within a second.
	u.must(http.StatusOK, "POST", "/api/verifications/"+itoa(v.ID)+"/submit", nil)
	u.base = s1.base
	intent := u.intent(v.ID, "")
	if r := u.confirmCard(intent["paymentIntentId"].(string), "4242424242424242"); r.Status != http.StatusOK {
		t.Fatalf("pay: %d %s", r.Status, r.Body)
	}
	admin := cl.client(t, s2.base, "")
	admin.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": clusterAdmin, "password": clusterAdminPassword})
	anon := cl.client(t, s1.base, "")
	anon.must(http.StatusForbidden, "GET", "/api/public/verifications/"+v.PublicID, nil)
	admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
	waitFor(t, "the approval to show on the other server", func() bool {
		return anon.do("GET", "/api/public/verifications/"+v.PublicID, nil).Status == http.StatusOK
	})
	if pub := publicOf(t, anon, v.PublicID); pub.CertificateStatus != "valid" { // now in s1's cache
		t.Fatalf("after approval %+v", pub)
	}
	admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/revoke", map[string]string{"reason": "Fraud"})
	waitFor(t, "the revocation to show on the other server", func() bool {
		return publicOf(t, anon, v.PublicID).CertificateStatus == "revoked"
	})

	// Ten wrong sign-ins from one client, spread over both servers by the balancer, trip the limit
	// for that client; another client behind the same balancer signs in.
	attacker := cl.client(t, cl.lb, "127.0.0.2")
	servedBy := map[string]int{}
	for i := range 10 {
		r := attacker.do("POST", "/api/login", wrongLogin(i))
		if r.Status != http.StatusUnauthorized {
			t.Fatalf("wrong sign-in %d: %d %s", i+1, r.Status, r.Body)
		}
		servedBy[r.Header.Get("X-Served-By")]++
	}
	if servedBy["s1"] == 0 || servedBy["s2"] == 0 {
		t.Fatalf("the balancer did not spread the attempts over both servers: %v", servedBy)
	}
	mustThrottle(t, attacker.do("POST", "/api/login", wrongLogin(10)), tooManyAttempts, "the 11th wrong sign-in")
	cl.client(t, cl.lb, "127.0.0.3").must(http.StatusOK, "POST", "/api/login", map[string]string{"email": email, "password": "tangerine-42"})
	t.Logf("wrong sign-ins served by %v, then 429", servedBy)

	// Kill one server while it has jobs to do: the other keeps answering and finishes them.
	before := cl.jobStates(t)
	var wg sync.WaitGroup
	registered := make([]string, 20)
	for i := range registered {
		registered[i] = fmt.Sprintf("burst-%d-%s@acme.test", i, randomHex(3))
		wg.Go(func() { // each from its own address: the per-address limit is not what this is about
			c := cl.client(t, cl.lb, fmt.Sprintf("127.0.0.%d", 10+i))
			c.must(http.StatusCreated, "POST", "/api/register", map[string]string{"email": registered[i], "password": "tangerine-42"})
		})
	}
	wg.Wait()
	killed := time.Now()
	s1.kill(t)
	t.Logf("killed s1 with jobs %v (before the burst: %v)", cl.jobStates(t), before)

	reader := cl.client(t, cl.lb, "127.0.0.4")
	failed, failedLate, total := 0, 0, 0
	for time.Since(killed) < 3*time.Second {
		r, err := reader.try("GET", "/api/public/verifications/"+v.PublicID)
		total++
		if err != nil || r.Status != http.StatusOK {
			failed++
			if time.Since(killed) > 1500*time.Millisecond {
				failedLate++
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("%d public reads through the balancer in the 3 s after the kill, %d failed", total, failed)
	if failedLate > 0 {
		t.Fatalf("%d reads failed more than 1.5 s after the kill", failedLate)
	}
	after := cl.client(t, cl.lb, "127.0.0.5")
	after.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": email, "password": "tangerine-42"})
	if got := after.must(http.StatusOK, "GET", fileURL, nil).Body; !bytes.Equal(got, pdfFile) {
		t.Fatal("the surviving server does not serve the document")
	}

	// Jobs the dead server was running are rescued after 1.2 x JOB_TIMEOUT by River's leader
	// (re-elected if it was the dead server), and an e-mail it was sending waits until its claim
	// is older than JOB_TIMEOUT and the clocks' margin (30 s), so allow a minute and a half.
	deadline := time.Now().Add(90 * time.Second)
	for {
		states := cl.jobStates(t)
		if states["discarded"] > 0 {
			t.Fatalf("jobs failed for good: %v", states)
		}
		if states["available"]+states["running"]+states["retryable"]+states["scheduled"] == 0 {
			t.Logf("every job done %v after the kill: %v", time.Since(killed).Round(time.Second), states)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("jobs still not done 90 s after the kill: %v\n%s\n%s", states, cl.unfinishedJobs(t), s2.logTail())
		}
		time.Sleep(500 * time.Millisecond)
	}
	for _, addr := range registered {
		if !cl.mailed(t, addr) {
			t.Errorf("no welcome e-mail to %s in either server's outbox", addr)
		}
	}
}

const (
	clusterAdmin         = "admin@scale.test"
	clusterAdminPassword = "cluster-admin-password"
)

// cluster is two server processes behind HAProxy on one PostgreSQL database and one bucket.
type cluster struct {
	lb      string
	dbURL   string
	servers [2]*serverProcess
}

// serverProcess is one running `serve`.
type serverProcess struct {
	name, base, dataDir, logPath string
	cmd                          *exec.Cmd
	exited                       chan struct{}
}

var (
	serverBinOnce sync.Once
	serverBin     string
	serverBinErr  error
)

// buildServer builds the server binary once per test run.
func buildServer(t *testing.T) string {
	t.Helper()
	serverBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ttt-scale-bin")
		if err != nil {
			serverBinErr = err
			return
		}
		serverBin = filepath.Join(dir, "ttt-verify")
		out, err := exec.Command("go", "build", "-o", serverBin, "github.com/tttverify/tttverify/cmd/server").CombinedOutput()
		if err != nil {
			serverBinErr = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if serverBinErr != nil {
		t.Fatal(serverBinErr)
	}
	return serverBin
}

// requireHAProxy skips the test when HAProxy is missing, except under CI=true, where it fails
// (make test installs it).
func requireHAProxy(t *testing.T) {
	t.Helper()
	if _, err := haproxytest.Find(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v: CI must run the two-server test", err)
		}
		t.Skip(err)
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startCluster starts both servers at the same moment (they migrate a fresh database and create the
// bucket and the administrator together), then HAProxy in front of them.
func startCluster(t *testing.T) *cluster {
	t.Helper()
	requireHAProxy(t)
	dbURL := dbtest.PostgresURL(t)
	bucket := miniotest.Shared(t).Bucket(t)
	bin := buildServer(t)
	cl := &cluster{lb: "http://" + freeAddr(t), dbURL: dbURL}
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "DATABASE_URL=" + dbURL,
		"S3_ENDPOINT=" + bucket.Endpoint, "S3_BUCKET=" + bucket.Bucket, "S3_ACCESS_KEY=" + bucket.AccessKey,
		"S3_SECRET_KEY=" + bucket.SecretKey, "SESSION_SECRET=" + strings.Repeat("cluster-secret-", 3),
		"PUBLIC_BASE_URL=" + cl.lb, "TRUSTED_PROXIES=127.0.0.1", "AUTH_RATE_LIMIT=10", "WORKERS=2", "JOB_TIMEOUT=5s",
		"ADMIN_EMAIL=" + clusterAdmin, "ADMIN_PASSWORD=" + clusterAdminPassword}
	var wg sync.WaitGroup
	for i := range cl.servers {
		name := fmt.Sprintf("s%d", i+1)
		addr, dataDir := freeAddr(t), t.TempDir()
		s := &serverProcess{name: name, base: "http://" + addr, dataDir: dataDir, logPath: filepath.Join(dataDir, "server.log"),
			exited: make(chan struct{})}
		logFile, err := os.Create(s.logPath)
		if err != nil {
			t.Fatal(err)
		}
		s.cmd = exec.Command(bin, "serve")
		s.cmd.Env = append(env, "ADDR="+addr, "DATA_DIR="+dataDir)
		s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
		cl.servers[i] = s
		wg.Go(func() {
			defer logFile.Close()
			if err := s.cmd.Start(); err != nil {
				t.Errorf("start %s: %v", name, err)
				close(s.exited)
				return
			}
			go func() { _ = s.cmd.Wait(); close(s.exited) }()
		})
	}
	wg.Wait()
	t.Cleanup(func() {
		for _, s := range cl.servers {
			s.stop()
		}
	})
	for _, s := range cl.servers {
		waitReady(t, s.base+"/readyz", s.exited, s.logTail)
	}

	lb, err := haproxytest.Start(t.TempDir(), strings.TrimPrefix(cl.lb, "http://"),
		strings.TrimPrefix(cl.servers[0].base, "http://"), strings.TrimPrefix(cl.servers[1].base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lb.Stop)
	return cl
}

// waitReady polls url until it answers 200, failing with logs() when the process exits first or
// a minute passes.
func waitReady(t *testing.T, url string, exited <-chan struct{}, logs func() string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		if res, err := http.Get(url); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		select {
		case <-exited:
			t.Fatalf("%s: the process exited during start:\n%s", url, logs())
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not become ready within a minute:\n%s", url, logs())
		}
	}
}

// client is an API client of base whose connections come from source (a loopback address such as
// 127.0.0.2, so that the balancer forwards a client address of its own; "" for any).
func (cl *cluster) client(t *testing.T, base, source string) *client {
	jar, _ := cookiejar.New(nil)
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	if source != "" {
		dialer.LocalAddr = &net.TCPAddr{IP: net.ParseIP(source)}
	}
	transport := &http.Transport{DialContext: dialer.DialContext, DisableKeepAlives: true}
	return &client{t: t, base: base, http: &http.Client{Jar: jar, Timeout: 30 * time.Second, Transport: transport,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// try sends a request and returns its error instead of failing the test.
func (c *client) try(method, path string) (response, error) {
	req, err := http.NewRequest(method, c.base+path, nil)
	if err != nil {
		return response{}, err
	}
	res, err := c.http.Do(req)
	if err != nil {
		return response{}, err
	}
	defer res.Body.Close()
	return response{Status: res.StatusCode, Header: res.Header}, nil
}

// jobStates counts River's jobs by state.
func (cl *cluster) jobStates(t *testing.T) map[string]int {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, cl.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, "SELECT state::text, count(*) FROM river_job GROUP BY state")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var state string
		var n int
		if err := rows.Scan(&state, &n); err != nil {
			t.Fatal(err)
		}
		out[state] = n
	}
	return out
}

// unfinishedJobs describes the jobs not yet completed: kind, state, attempts, when next and errors.
func (cl *cluster) unfinishedJobs(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, cl.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `SELECT kind, state::text, attempt, scheduled_at, coalesce(errors::text, '')
		FROM river_job WHERE state <> 'completed' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var kind, state, errs string
		var attempt int
		var at time.Time
		if err := rows.Scan(&kind, &state, &attempt, &at, &errs); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %s attempt %d next %s errors %s\n", kind, state, attempt, at.Format(time.RFC3339), errs)
	}
	return b.String()
}

// mailed reports whether either server's outbox holds a message to addr.
func (cl *cluster) mailed(t *testing.T, addr string) bool {
	t.Helper()
	for _, s := range cl.servers {
		files, _ := filepath.Glob(filepath.Join(s.dataDir, "outbox", "*.eml"))
		for _, f := range files {
			if b, err := os.ReadFile(f); err == nil && bytes.Contains(b, []byte(addr)) {
				return true
			}
		}
	}
	return false
}

// kill ends the server as a crash would (SIGKILL) and waits until it has gone.
func (s *serverProcess) kill(t *testing.T) {
	t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("kill %s: %v", s.name, err)
	}
	<-s.exited
}

// stop asks the server to shut down and kills it if it has not within 20 s.
func (s *serverProcess) stop() {
	select {
	case <-s.exited:
		return
	default:
	}
	_ = s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.exited:
	case <-time.After(20 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
}

func (s *serverProcess) logTail() string {
	b, _ := os.ReadFile(s.logPath)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}
