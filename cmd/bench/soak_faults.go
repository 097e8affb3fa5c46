package main

// soak_faults.go drives the soak: the server, PostgreSQL and MinIO it may stop, the injected
// faults and the checks that nothing was lost or left behind.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/uptrace/bun/driver/sqliteshim"
)

// pgCluster is the throwaway PostgreSQL of scripts/postgres.sh (PG_DIR), which the soak stops
// and starts again.
type pgCluster struct{ dir, pgCtl string }

func pgFromEnv() (*pgCluster, error) {
	dir := os.Getenv("PG_DIR")
	if dir == "" {
		return nil, errors.New("PG_DIR is not set: run the soak through scripts/soak.sh (make soak), which starts its own PostgreSQL")
	}
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	if len(bins) == 0 {
		return nil, errors.New("pg_ctl not found under /usr/lib/postgresql")
	}
	sort.Strings(bins)
	return &pgCluster{dir: dir, pgCtl: bins[len(bins)-1]}, nil
}

// ctl runs pg_ctl as the cluster's owner (it refuses to run as root).
func (p *pgCluster) ctl(args ...string) error {
	name, argv := p.pgCtl, append([]string{"-D", filepath.Join(p.dir, "data"), "-w", "-t", "60"}, args...)
	if os.Geteuid() == 0 {
		name, argv = "runuser", append([]string{"-u", "postgres", "--", p.pgCtl}, argv...)
	}
	out, err := exec.Command(name, argv...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// stop shuts the cluster down; start brings it back with the options it ran with.
func (p *pgCluster) stop() (string, error) {
	opts, err := os.ReadFile(filepath.Join(p.dir, "data", "postmaster.opts"))
	if err != nil {
		return "", err
	}
	return postmasterOptions(string(opts)), p.ctl("-m", "fast", "stop")
}

func (p *pgCluster) start(opts string) error {
	return p.ctl("-l", filepath.Join(p.dir, "log"), "-o", opts, "start")
}

// postmasterOptions turns postmaster.opts (`/…/postgres "-D" "/…/data" "-p" "5432" …`) into the
// -o argument of pg_ctl start: every option but the binary and the data directory.
func postmasterOptions(line string) string {
	fields := strings.Fields(strings.TrimSpace(line))
	var out []string
	for i := 1; i < len(fields); i++ {
		f := strings.Trim(fields[i], `"`)
		if f == "-D" {
			i++
			continue
		}
		out = append(out, f)
	}
	return strings.Join(out, " ")
}

// minioServer is the MinIO of scripts/minio.sh (MINIO_PID, MINIO_DIR), which the soak stops and
// starts again on the same port, directory and credentials.
type minioServer struct {
	bin, dir, endpoint, accessKey, secretKey string
	pid                                      int
}

func minioFromEnv() (*minioServer, error) {
	m := &minioServer{bin: os.Getenv("TEST_MINIO_BIN"), dir: os.Getenv("MINIO_DIR"), endpoint: os.Getenv("TEST_S3_ENDPOINT"),
		accessKey: os.Getenv("TEST_S3_ACCESS_KEY"), secretKey: os.Getenv("TEST_S3_SECRET_KEY")}
	pid, err := strconv.Atoi(os.Getenv("MINIO_PID"))
	if err != nil || m.bin == "" || m.dir == "" || m.endpoint == "" {
		return nil, errors.New("MINIO_PID, MINIO_DIR, TEST_MINIO_BIN and TEST_S3_* must be set: run the soak through scripts/soak.sh (make soak)")
	}
	m.pid = pid
	return m, nil
}

func (m *minioServer) client() (*minio.Client, error) {
	return minio.New(m.endpoint, &minio.Options{Creds: credentials.NewStaticV4(m.accessKey, m.secretKey, "")})
}

func (m *minioServer) live() bool {
	res, err := http.Get("http://" + m.endpoint + "/minio/health/ready")
	if err != nil {
		return false
	}
	res.Body.Close()
	return res.StatusCode == http.StatusOK
}

// stop terminates the server this run started and waits until it no longer answers.
func (m *minioServer) stop() error {
	if err := syscall.Kill(m.pid, syscall.SIGTERM); err != nil {
		return fmt.Errorf("stop MinIO %d: %w", m.pid, err)
	}
	if _, ok := waitFor(context.Background(), 20*time.Second, 200*time.Millisecond, func() bool { return !m.live() }); !ok {
		return errors.New("MinIO still answers after SIGTERM")
	}
	return nil
}

// start launches MinIO again as scripts/minio.sh does (its stop finds it by the data directory).
func (m *minioServer) start() error {
	console, err := freeAddr()
	if err != nil {
		return err
	}
	logFile, err := os.OpenFile(filepath.Join(m.dir, "minio.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer logFile.Close()
	cmd := exec.Command(m.bin, "server", "--quiet", "--address", m.endpoint, "--console-address", console, filepath.Join(m.dir, "data"))
	cmd.Env = append(os.Environ(), "MINIO_ROOT_USER="+m.accessKey, "MINIO_ROOT_PASSWORD="+m.secretKey, "MINIO_BROWSER=off", "MINIO_UPDATE=off")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	m.pid = cmd.Process.Pid
	go func() { _ = cmd.Wait() }()
	if _, ok := waitFor(context.Background(), 60*time.Second, 200*time.Millisecond, m.live); !ok {
		return errors.New("MinIO did not come back")
	}
	return nil
}

// soakRun is one soak: the server and its dependencies, the load and what was measured.
type soakRun struct {
	o       options
	so      soakOptions
	ws      *workspace
	addr    string
	pprof   string
	bucket  string
	srv     atomic.Pointer[server]
	pg      *pgCluster
	minio   *minioServer
	objects *minio.Client
	t       *tally
	load    *load
	report  *soakReport
}

func runSoak(ctx context.Context, o options) (*soakReport, error) {
	r := &soakRun{o: o, so: o.soak, t: newTally(), report: &soakReport{Options: o.soak, Started: time.Now().UTC()}}
	var err error
	if r.pg, err = pgFromEnv(); err != nil {
		return nil, err
	}
	if r.minio, err = minioFromEnv(); err != nil {
		return nil, err
	}
	if r.objects, err = r.minio.client(); err != nil {
		return nil, err
	}
	if r.pprof, err = freeAddr(); err != nil {
		return nil, err
	}
	if r.addr, err = freeAddr(); err != nil {
		return nil, err
	}
	r.bucket = "ttt-soak-" + strings.ToLower(rand.Text()[:10])
	r.ws, err = newWorkspace(ctx, o.databaseURL, "soak", "S3_ENDPOINT="+r.minio.endpoint, "S3_BUCKET="+r.bucket,
		"S3_ACCESS_KEY="+r.minio.accessKey, "S3_SECRET_KEY="+r.minio.secretKey, "PPROF_ADDR="+r.pprof,
		"HTTP_TRANSFER_TIMEOUT=15s", "WORKERS=2")
	if err != nil {
		return nil, err
	}
	defer r.ws.cleanup()
	defer removeBucket(r.objects, r.bucket)
	defer func() { r.report.Failures = serverFailures(filepath.Join(r.ws.dataDir, "server.log")) }()
	if err := createAdmin(r.ws.env, o.server); err != nil {
		return nil, err
	}
	srv, err := startServerAt(r.ws.env, o.server, r.ws.dataDir, r.addr)
	if err != nil {
		return nil, err
	}
	r.srv.Store(srv)
	defer func() { r.srv.Load().stop() }()

	r.steadyLoad()
	if err := r.killDuringUploads(ctx); err != nil {
		return r.report, err
	}
	if err := r.postgresRestart(ctx); err != nil {
		return r.report, err
	}
	if err := r.minioOutage(ctx); err != nil {
		return r.report, err
	}
	r.load.finish()
	r.report.Final = r.afterSweep(ctx, "after the faults, load stopped")
	r.report.FullDisk = fullDisk(ctx, o.server)
	r.report.Finished = time.Now().UTC()
	return r.report, nil
}

func (r *soakRun) pid() int { return r.srv.Load().cmd.Process.Pid }

// steadyLoad runs the mixed load for the soak's duration, sampling the server every 5 seconds.
// The load keeps running (paused where a fault needs quiet) until the faults are done.
func (r *soakRun) steadyLoad() {
	r.t.setPhase(phaseSoak)
	r.load = &load{base: r.srv.Load().base, t: r.t, adminPw: benchAdminPassword}
	smp := startSampler(r.pid, r.pprof, r.t, 5*time.Second)
	r.load.start(r.so)
	time.Sleep(r.so.duration)
	r.report.Samples = smp.finish()
	r.report.Steady = summarise(r.report.Samples, r.so.warmup)
	r.report.Soak = r.t.phaseCounts(phaseSoak)
	r.report.SoakMessages = r.t.messages[phaseSoak]
}

const phaseSoak = "soak"

// killResult is the SIGKILL fault.
type killResult struct {
	UploadsInFlight, PendingAtKill, IncompleteAtKill int
	Restart, Swept                                   time.Duration
	SweptAll                                         bool
	Check                                            consistency
}

// killDuringUploads kills the server with SIGKILL while large uploads stream in, starts it
// again on the same address, and checks that the sweep leaves no object without a row, no row
// without an object and no unfinished multipart upload.
func (r *soakRun) killDuringUploads(ctx context.Context) error {
	r.t.setPhase("kill")
	r.load.paused.Store(true)
	defer r.load.paused.Store(false)
	time.Sleep(3 * time.Second) // let the requests in flight finish
	const uploaders = 4
	var wg sync.WaitGroup
	for i := range uploaders {
		c := newAPIClient(r.srv.Load().base, r.t)
		email := fmt.Sprintf("killed-%d-%s@soak.example", i, strings.ToLower(rand.Text()[:6]))
		c.call(classSignIn, "POST", "/api/register", map[string]string{"email": email, "password": "soak-password"})
		_, b := c.call(classSection, "POST", "/api/verifications", map[string]string{"tier": "basic"})
		var v struct{ ID int64 }
		_ = json.Unmarshal(b, &v)
		wg.Go(func() { // 12 MB at about 2 MB/s: still streaming when the server dies
			c.upload("/api/verifications/"+strconv.FormatInt(v.ID, 10)+"/documents", "scan.pdf",
				&slowReader{r: io.MultiReader(strings.NewReader("%PDF-1.4\n"), io.LimitReader(rand.Reader, 12<<20)), perSecond: 2 << 20},
				map[string]string{"type": "additional"})
		})
	}
	time.Sleep(4 * time.Second) // past the first 5 MiB part of each
	res := &killResult{UploadsInFlight: uploaders}
	res.PendingAtKill = r.pendingCount(ctx)
	res.IncompleteAtKill = r.incompleteUploads(ctx)
	old := r.srv.Load()
	_ = old.cmd.Process.Kill()
	_ = old.cmd.Wait()
	old.log.Close()
	wg.Wait()
	start := time.Now()
	srv, err := startServerAt(r.ws.env, r.o.server, r.ws.dataDir, r.addr)
	if err != nil {
		return fmt.Errorf("restart after SIGKILL: %w", err)
	}
	r.srv.Store(srv)
	res.Restart = time.Since(start)
	res.Swept, res.SweptAll = waitFor(ctx, 4*time.Minute, 2*time.Second, func() bool {
		return r.pendingCount(ctx) == 0 && r.incompleteUploads(ctx) == 0
	})
	res.Check = r.consistency(ctx)
	r.report.Kill = res
	return nil
}

// slowReader yields r at about perSecond bytes a second.
type slowReader struct {
	r         io.Reader
	perSecond int
}

func (s *slowReader) Read(p []byte) (int, error) {
	const chunk = 64 << 10
	if len(p) > chunk {
		p = p[:chunk]
	}
	time.Sleep(time.Duration(float64(time.Second) * float64(len(p)) / float64(s.perSecond)))
	return s.r.Read(p)
}

// outageResult is a dependency stopped under load and started again.
type outageResult struct {
	Down, Recovered          time.Duration
	RecoveredOK, SameProcess bool
	Health, Ready            map[int]int // /healthz and /readyz answers while it was down
	During, After            map[string]classCount
	DuringMessages           map[string]int
	AfterMessages            map[string]int
}

// probeHealth polls /healthz and /readyz until stop is closed.
func (r *soakRun) probeHealth(stop chan struct{}) (map[int]int, map[int]int) {
	health, ready := map[int]int{}, map[int]int{}
	for {
		for path, m := range map[string]map[int]int{"/healthz": health, "/readyz": ready} {
			st := 0
			if res, err := http.Get(r.srv.Load().base + path); err == nil {
				st = res.StatusCode
				res.Body.Close()
			}
			m[st]++
		}
		select {
		case <-stop:
			return health, ready
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// outage stops a dependency for downFor under load, starts it again and measures how long the
// server takes to serve probe successfully, then keeps the load on for 20 seconds.
func (r *soakRun) outage(name string, downFor time.Duration, stop func() (func() error, error), probe func() bool) (*outageResult, error) {
	pid := r.pid()
	r.t.setPhase(name + " down")
	healthStop := make(chan struct{})
	var health, ready map[int]int
	var wg sync.WaitGroup
	wg.Go(func() { health, ready = r.probeHealth(healthStop) })
	restart, err := stop()
	if err != nil {
		close(healthStop)
		return nil, err
	}
	time.Sleep(downFor)
	if err := restart(); err != nil {
		close(healthStop)
		return nil, err
	}
	close(healthStop)
	wg.Wait()
	r.t.setPhase(name + " back") // from the moment it answers again
	res := &outageResult{Down: downFor, Health: health, Ready: ready}
	res.Recovered, res.RecoveredOK = waitFor(context.Background(), time.Minute, 250*time.Millisecond, probe)
	time.Sleep(20 * time.Second)
	res.SameProcess = r.pid() == pid && syscall.Kill(pid, 0) == nil
	res.During, res.After = r.t.phaseCounts(name+" down"), r.t.phaseCounts(name+" back")
	r.t.mu.Lock()
	res.DuringMessages, res.AfterMessages = r.t.messages[name+" down"], r.t.messages[name+" back"]
	r.t.mu.Unlock()
	return res, nil
}

// signedInProbe is a fresh applicant with a draft, whose requests the faults use as probes.
func (r *soakRun) signedInProbe() (*apiClient, int64) {
	c := newAPIClient(r.srv.Load().base, r.t)
	email := fmt.Sprintf("probe-%s@soak.example", strings.ToLower(rand.Text()[:8]))
	c.call(classSignIn, "POST", "/api/register", map[string]string{"email": email, "password": "soak-password"})
	_, b := c.call(classSection, "POST", "/api/verifications", map[string]string{"tier": "basic"})
	var v struct{ ID int64 }
	_ = json.Unmarshal(b, &v)
	return c, v.ID
}

// postgresRestart stops PostgreSQL for 10 seconds under load, then starts it again.
func (r *soakRun) postgresRestart(ctx context.Context) error {
	r.t.setPhase("postgres before")
	time.Sleep(10 * time.Second)
	c, id := r.signedInProbe()
	res, err := r.outage("postgres", 10*time.Second, func() (func() error, error) {
		opts, err := r.pg.stop()
		return func() error { return r.pg.start(opts) }, err
	}, func() bool {
		st, _ := c.call(classSection, "POST", "/api/verifications/"+strconv.FormatInt(id, 10)+"/trade-info", soakTrade)
		return st == http.StatusOK
	})
	if err != nil {
		return err
	}
	r.report.Postgres = res
	return ctx.Err()
}

// minioOutage stops MinIO for 15 seconds under load, then starts it again.
func (r *soakRun) minioOutage(ctx context.Context) error {
	c, id := r.signedInProbe()
	res, err := r.outage("minio", 15*time.Second, func() (func() error, error) {
		return r.minio.start, r.minio.stop()
	}, func() bool {
		st, _ := c.upload("/api/verifications/"+strconv.FormatInt(id, 10)+"/documents", "probe.pdf",
			strings.NewReader("%PDF-1.4\nprobe"), map[string]string{"type": "additional"})
		return st == http.StatusCreated
	})
	if err != nil {
		return err
	}
	r.report.MinIO = res
	return ctx.Err()
}

// consistency compares the bucket with the database.
type consistency struct {
	Objects, Rows, Pending, Incomplete int
	Orphans, Missing                   []string // objects without a row; rows without an object
	Err                                string
}

func (r *soakRun) db(ctx context.Context) (*pgx.Conn, error) { return pgx.Connect(ctx, r.ws.dbURL) }

func (r *soakRun) pendingCount(ctx context.Context) int {
	c, err := r.db(ctx)
	if err != nil {
		return -1
	}
	defer c.Close(ctx)
	var n int
	if err := c.QueryRow(ctx, "SELECT COUNT(*) FROM pending_objects").Scan(&n); err != nil {
		return -1
	}
	return n
}

func (r *soakRun) incompleteUploads(ctx context.Context) int {
	n := 0
	for info := range r.objects.ListIncompleteUploads(ctx, r.bucket, "", true) {
		if info.Err != nil {
			return -1
		}
		n++
	}
	return n
}

// consistency lists the objects under verifications/ and the rows that own objects (documents
// not yet purged, CIS forms): none may lack the other.
func (r *soakRun) consistency(ctx context.Context) consistency {
	var res consistency
	c, err := r.db(ctx)
	if err != nil {
		res.Err = err.Error()
		return res
	}
	defer c.Close(ctx)
	rows, err := c.Query(ctx, `SELECT object_path FROM documents WHERE purged_at IS NULL
		UNION ALL SELECT cis_form_path FROM verifications WHERE cis_form_path IS NOT NULL AND cis_form_path <> ''`)
	if err != nil {
		res.Err = err.Error()
		return res
	}
	owned := map[string]bool{}
	for rows.Next() {
		var key string
		if err := rows.Scan(&key); err == nil {
			owned[key] = true
		}
	}
	rows.Close()
	res.Rows = len(owned)
	res.Pending = r.pendingCount(ctx)
	stored := map[string]bool{}
	for o := range r.objects.ListObjects(ctx, r.bucket, minio.ListObjectsOptions{Prefix: "verifications/", Recursive: true}) {
		if o.Err != nil {
			res.Err = o.Err.Error()
			return res
		}
		stored[o.Key] = true
		if !owned[o.Key] {
			res.Orphans = append(res.Orphans, o.Key)
		}
	}
	res.Objects = len(stored)
	for key := range owned {
		if !stored[key] {
			res.Missing = append(res.Missing, key)
		}
	}
	res.Incomplete = r.incompleteUploads(ctx)
	return res
}

// afterSweep waits (at most the sweep age and two rounds) until the journal is empty, then checks.
func (r *soakRun) afterSweep(ctx context.Context, when string) *finalCheck {
	waited, ok := waitFor(ctx, 4*time.Minute, 2*time.Second, func() bool {
		return r.pendingCount(ctx) == 0 && r.incompleteUploads(ctx) == 0
	})
	return &finalCheck{When: when, Waited: waited, Settled: ok, Check: r.consistency(ctx)}
}

type finalCheck struct {
	When    string
	Waited  time.Duration
	Settled bool
	Check   consistency
}

// fullDiskResult is the server on SQLite with DATA_DIR on a filesystem that fills up.
type fullDiskResult struct {
	Skipped                          string
	Size                             string
	Uploads                          []int // 2 MB uploads until the first refusal
	WhenFull                         map[string]string
	IntegrityFull, IntegrityAfter    string
	AfterFreeing                     map[string]int
	ServerAlive                      bool
	FilesStored, RowsStored, Orphans int
}

// fullDisk starts a server on SQLite whose DATA_DIR is a 24 MB tmpfs, uploads until a file no
// longer fits, fills the rest of the disk to the last byte, checks what every kind of request
// answers then and the database's integrity, frees the space and checks that writes work again.
// It needs root (mount); otherwise it says why it skipped.
func fullDisk(ctx context.Context, bin string) *fullDiskResult {
	res := &fullDiskResult{Size: "24 MB tmpfs", WhenFull: map[string]string{}, AfterFreeing: map[string]int{}}
	if os.Geteuid() != 0 {
		res.Skipped = "not root: a small filesystem cannot be mounted (run make soak as root, or mount a 24 MB filesystem and point DATA_DIR at it)"
		return res
	}
	dir, err := os.MkdirTemp("", "ttt-soak-full")
	if err != nil {
		res.Skipped = err.Error()
		return res
	}
	defer os.RemoveAll(dir)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=24m,mode=0700", "tmpfs", dir).CombinedOutput(); err != nil {
		res.Skipped = fmt.Sprintf("mount tmpfs: %v %s", err, strings.TrimSpace(string(out)))
		return res
	}
	defer func() { _ = exec.Command("umount", dir).Run() }()
	var env []string
	for _, kv := range environWithoutS3() {
		if !strings.HasPrefix(kv, "DATABASE_URL=") && !strings.HasPrefix(kv, "DATA_DIR=") {
			env = append(env, kv)
		}
	}
	env = append(env, "DATA_DIR="+dir, "AUTH_RATE_LIMIT=0", "WORKERS=1")
	logDir, err := os.MkdirTemp("", "ttt-soak-full-log") // the server's log stays off the full disk
	if err != nil {
		res.Skipped = err.Error()
		return res
	}
	defer os.RemoveAll(logDir)
	addr, err := freeAddr()
	if err != nil {
		res.Skipped = err.Error()
		return res
	}
	srv, err := startServerAt(env, bin, logDir, addr)
	if err != nil {
		res.Skipped = "start the server on the small filesystem: " + err.Error()
		return res
	}
	defer srv.stop()
	t := newTally()
	t.setPhase("full")
	c := newAPIClient(srv.base, t)
	c.call(classSignIn, "POST", "/api/register", map[string]string{"email": "full@soak.example", "password": "soak-password"})
	_, b := c.call(classSection, "POST", "/api/verifications", map[string]string{"tier": "basic"})
	var v struct{ ID int64 }
	_ = json.Unmarshal(b, &v)
	base := "/api/verifications/" + strconv.FormatInt(v.ID, 10)
	c.call(classSection, "POST", base+"/company-info", soakCompany)
	for range 20 {
		st, _ := c.upload(base+"/documents", "scan.pdf", bytes.NewReader(pdfOf(2<<20)), map[string]string{"type": "additional"})
		res.Uploads = append(res.Uploads, st)
		if st != http.StatusCreated {
			break
		}
	}
	fill := filepath.Join(dir, "fill.bin") // what is left, to the last byte
	if err := fillUp(fill); err != nil {
		res.Skipped = "fill the filesystem: " + err.Error()
		return res
	}
	answer := func(st int, body []byte) string {
		var m struct{ Message string }
		_ = json.Unmarshal(body, &m)
		return strings.TrimSpace(fmt.Sprintf("%d %s", st, m.Message))
	}
	st, body := c.upload(base+"/documents", "scan.pdf", bytes.NewReader(pdfOf(100<<10)), map[string]string{"type": "additional"})
	res.WhenFull["upload 100 KB"] = answer(st, body)
	st, body = c.call(classSection, "POST", base+"/trade-info", soakTrade)
	res.WhenFull["save a section"] = answer(st, body)
	st, body = c.call(classSection, "POST", "/api/verifications", map[string]string{"tier": "top"})
	res.WhenFull["start a verification"] = answer(st, body)
	st, body = newAPIClient(srv.base, t).call(classSignIn, "POST", "/api/login", map[string]string{"email": "full@soak.example", "password": "soak-password"})
	res.WhenFull["sign in"] = answer(st, body)
	st, body = c.call(classRead, "GET", "/api/verifications", nil)
	res.WhenFull["list verifications"] = answer(st, body)
	st, body = c.call(classRead, "GET", base+"/company-info", nil)
	res.WhenFull["read a section"] = answer(st, body)
	dbFile := filepath.Join(dir, "ttt-verify.db")
	res.IntegrityFull = integrity(ctx, dbFile)

	_ = os.Remove(fill)
	st, _ = c.call(classSection, "POST", base+"/trade-info", soakTrade)
	res.AfterFreeing["save a section"] = st
	st, _ = c.upload(base+"/documents", "scan.pdf", bytes.NewReader(pdfOf(1<<20)), map[string]string{"type": "additional"})
	res.AfterFreeing["upload 1 MB"] = st
	res.ServerAlive = syscall.Kill(srv.cmd.Process.Pid, 0) == nil
	srv.stop()
	res.IntegrityAfter = integrity(ctx, dbFile)
	res.FilesStored, res.RowsStored, res.Orphans = localConsistency(ctx, dir, dbFile)
	return res
}

// fillUp writes file until the filesystem has no byte left.
func fillUp(file string) error {
	f, err := os.Create(file) //nolint:gosec // G304: the soak's own file
	if err != nil {
		return err
	}
	defer f.Close()
	chunk := make([]byte, 64<<10)
	for {
		if _, err := f.Write(chunk); err != nil {
			if errors.Is(err, syscall.ENOSPC) {
				break
			}
			return err
		}
	}
	for _, n := range []int{4096, 512, 1} { // the last partial blocks
		for {
			if _, err := f.Write(chunk[:n]); err != nil {
				break
			}
		}
	}
	return nil
}

// integrity runs SQLite's integrity check on the file.
func integrity(ctx context.Context, file string) string {
	db, err := sql.Open(sqliteshim.ShimName, "file:"+file+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return err.Error()
	}
	defer db.Close()
	var out []string
	rows, err := db.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return err.Error()
	}
	defer rows.Close()
	for rows.Next() {
		var s string
		_ = rows.Scan(&s)
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

// localConsistency counts the stored files and document rows of a DATA_DIR and the files no row owns.
func localConsistency(ctx context.Context, dir, file string) (files, rows, orphans int) {
	db, err := sql.Open(sqliteshim.ShimName, "file:"+file+"?mode=ro")
	if err != nil {
		return -1, -1, -1
	}
	defer db.Close()
	owned := map[string]bool{}
	rs, err := db.QueryContext(ctx, "SELECT object_path FROM documents")
	if err != nil {
		return -1, -1, -1
	}
	for rs.Next() {
		var k string
		_ = rs.Scan(&k)
		owned[k] = true
	}
	rs.Close()
	root := filepath.Join(dir, "objects")
	_ = filepath.WalkDir(filepath.Join(root, "verifications"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".meta") || strings.Contains(p, string(filepath.Separator)+".") {
			return nil
		}
		files++
		if rel, _ := filepath.Rel(root, p); !owned[filepath.ToSlash(rel)] {
			orphans++
		}
		return nil
	})
	return files, len(owned), orphans
}

// fiveXX counts the 5xx answers of a phase other than 503.
func fiveXX(counts map[string]classCount) (unavailable, other int) {
	for _, c := range counts {
		unavailable += c.Unavailable
		other += c.Server
	}
	return unavailable, other
}

// serverFailures reads the server's log for the requests it answered 500, each with the error it
// logged, counted by route and error: the report says what failed, not only that something did.
func serverFailures(logPath string) map[string]int {
	f, err := os.Open(logPath)
	if err != nil {
		return map[string]int{"reading the server log: " + err.Error(): 1}
	}
	defer f.Close()
	type line struct {
		Msg, Route, Error string
		Status            int
		RequestID         string `json:"request_id"`
	}
	logged := map[string]string{} // request id -> error
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l line
		if json.Unmarshal(sc.Bytes(), &l) != nil {
			continue
		}
		switch l.Msg {
		case "request failed":
			logged[l.RequestID] = l.Error
		case "request":
			if l.Status == http.StatusInternalServerError {
				out[l.Route+": "+logged[l.RequestID]]++
			}
			delete(logged, l.RequestID)
		}
	}
	return out
}

// signedOut counts the 401 answers: every client of the load holds a session when it sends a
// request that needs one, so a 401 is a session the server failed to read.
func signedOut(counts map[string]classCount) int {
	n := 0
	for _, c := range counts {
		n += c.ClientCodes[http.StatusUnauthorized]
	}
	return n
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
