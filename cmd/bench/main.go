// Command bench is `make bench`: it seeds PostgreSQL, starts the real server, drives it with wrk
// and writes the results, next to a bare echo handler in the same process, to docs/performance.md.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tttverify/tttverify/adapters/password"
)

//go:embed wrk.lua
var wrkScript []byte

type options struct {
	server, databaseURL, out, dist string
	sanctions                      string // the real list files, for the screening rows
	only                           string // "screening", "scale", "uploads", "lists", "public" or "phone": only those rows
	s3                             s3Server
	sizes                          []int
	duration                       time.Duration
	connections                    int
	smoke                          bool
	soak                           soakOptions // soak.duration > 0: run the soak instead (make soak)
}

// s3Server is the MinIO (or other S3) server the upload scenarios also run against; with no
// endpoint they run on the local file store only.
type s3Server struct{ endpoint, accessKey, secretKey string }

// result is one row of the table.
type result struct {
	Scenario, Size               string
	RPS, P50, P95, P99, Ratio    float64
	Budget, Verdict, Note        string
	Requests, Errors, NonSuccess int
}

func main() {
	var o options
	var sizes string
	flag.StringVar(&o.server, "server", "bin/ttt-verify", "server binary")
	flag.StringVar(&o.databaseURL, "database-url", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL server URL (a database is created per size)")
	flag.StringVar(&sizes, "sizes", "10000,1000000", "verification counts to seed, smallest first")
	flag.DurationVar(&o.duration, "duration", 10*time.Second, "duration of each load scenario")
	flag.IntVar(&o.connections, "connections", 64, "concurrent connections")
	flag.StringVar(&o.out, "out", "docs/performance.md", "markdown report to write ('' for none)")
	flag.StringVar(&o.dist, "dist", "frontend/dist", "built SPA, for the first-load JavaScript size")
	flag.BoolVar(&o.smoke, "smoke", false, "check that every scenario ran; ignore budgets")
	flag.StringVar(&o.sanctions, "sanctions", "testdata/sanctions", "folder of the real list files (ofac/, un/, us_csl/) for the screening rows")
	flag.StringVar(&o.only, "only", "", "'screening', 'scale', 'uploads', 'lists', 'public' or 'phone': run only those rows (scale: at the largest size; lists and public: at 100000 and 1000000 unless -sizes is given; phone: Lighthouse at 4x and 8x CPU slowdown) and replace them in -out, keeping the others")
	flag.StringVar(&o.s3.endpoint, "s3-endpoint", os.Getenv("TEST_S3_ENDPOINT"), "S3 server (host:port) for the MinIO upload scenarios; '' skips them")
	flag.StringVar(&o.s3.accessKey, "s3-access-key", os.Getenv("TEST_S3_ACCESS_KEY"), "access key of -s3-endpoint")
	flag.StringVar(&o.s3.secretKey, "s3-secret-key", os.Getenv("TEST_S3_SECRET_KEY"), "secret key of -s3-endpoint")
	flag.DurationVar(&o.soak.duration, "soak", 0, "run the soak for this long, then the injected faults, instead of the benchmark (make soak)")
	flag.DurationVar(&o.soak.warmup, "soak-warmup", time.Minute, "the soak's warm-up, left out of the memory and goroutine verdicts")
	flag.StringVar(&o.soak.out, "soak-out", "docs/reliability.md", "the soak's report")
	flag.IntVar(&o.soak.applicants, "soak-applicants", 6, "soak: applicants at work at once")
	flag.IntVar(&o.soak.admins, "soak-admins", 2, "soak: administrators at work at once")
	flag.IntVar(&o.soak.readers, "soak-readers", 3, "soak: counterparties looking up certificates at once")
	flag.Parse()
	for _, s := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 100 {
			fatal(fmt.Errorf("bad size %q", s))
		}
		o.sizes = append(o.sizes, n)
	}
	if o.databaseURL == "" && o.only != "phone" {
		fatal(errors.New("set -database-url or TEST_DATABASE_URL"))
	}
	if o.soak.duration > 0 {
		soak(o)
		return
	}
	if o.only != "" && !slices.Contains([]string{"screening", "scale", "uploads", "lists", "public", "phone"}, o.only) {
		fatal(fmt.Errorf("-only takes 'screening', 'scale', 'uploads', 'lists', 'public' or 'phone', not %q", o.only))
	}
	if (o.only == "lists" || o.only == "public") && !flagGiven("sizes") {
		o.sizes = listSizes
	}
	results, err := run(context.Background(), o)
	printTable(os.Stdout, results)
	if err != nil {
		fatal(err)
	}
	if o.smoke {
		for _, r := range results {
			if r.Requests == 0 && r.Note == "" {
				fatal(fmt.Errorf("scenario %s at %s ran no request", r.Scenario, r.Size))
			}
		}
		fmt.Printf("bench-smoke: %d scenarios ran\n", len(results))
		return
	}
	if o.out != "" {
		if err := writeReport(o, results); err != nil {
			fatal(err)
		}
		fmt.Println("wrote", o.out)
	}
}

// soak runs make soak and writes its report; failed checks make the exit status non-zero.
func soak(o options) {
	report, err := runSoak(context.Background(), o)
	if report != nil {
		for _, v := range report.verdicts() {
			fmt.Println(v)
		}
		if o.soak.out != "" {
			if werr := writeSoakReport(o.soak.out, report); werr != nil {
				fatal(werr)
			}
			fmt.Println("wrote", o.soak.out)
		}
	}
	if err != nil {
		fatal(err)
	}
	for _, v := range report.verdicts() {
		if strings.HasPrefix(v, "- **FAIL**") {
			fatal(errors.New("soak: a check failed (see above)"))
		}
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}

func run(ctx context.Context, o options) ([]result, error) {
	script := filepath.Join(os.TempDir(), fmt.Sprintf("ttt-bench-%d.lua", os.Getpid()))
	if err := os.WriteFile(script, wrkScript, 0o644); err != nil {
		return nil, err
	}
	defer os.Remove(script)
	if o.only == "screening" {
		return screeningScenarios(ctx, o)
	}
	if o.only == "scale" {
		return runSize(ctx, o, script, o.sizes[len(o.sizes)-1], true)
	}
	if o.only == "lists" {
		return listsOnly(ctx, o, script)
	}
	if o.only == "uploads" {
		return uploadsOnly(ctx, o)
	}
	if o.only == "public" {
		return publicOnly(ctx, o, script)
	}
	if o.only == "phone" {
		return phoneScenarios(phonePages, phoneSlowdowns, phoneRuns)
	}
	var results []result
	for i, size := range o.sizes {
		rs, err := runSize(ctx, o, script, size, i == len(o.sizes)-1)
		results = append(results, rs...)
		if err != nil {
			return results, err
		}
	}
	noteGrowth(results)
	rs, err := screeningScenarios(ctx, o)
	results = append(results, rs...)
	if err != nil {
		return results, err
	}
	if js, err := firstLoadJS(o.dist); err == nil {
		verdict := "pass"
		if js > 250 {
			verdict = "MISS"
		}
		results = append(results, result{Scenario: "SPA first load (gzipped JS)", Size: "-", Budget: "<= 250 KB",
			Verdict: verdict, Note: fmt.Sprintf("%.1f KB", js), Requests: 1})
	}
	if o.smoke {
		rs, err = phoneScenarios(phonePages[:1], phoneSlowdowns[:1], 1)
	} else {
		rs, err = phoneScenarios(phonePages, phoneSlowdowns, phoneRuns)
	}
	return append(results, rs...), err
}

// reviewers is the concurrency of the signed-in list scenarios.
const reviewers = 4

// runSize seeds one database, starts the server on it and runs the scenarios for that size.
func runSize(ctx context.Context, o options, script string, size int, all bool) ([]result, error) {
	ws, err := newWorkspace(ctx, o.databaseURL, fmt.Sprintf("bench_%d", size), "BENCH_BASELINE=true")
	if err != nil {
		return nil, err
	}
	defer ws.cleanup()
	dbURL, dataDir, env := ws.dbURL, ws.dataDir, ws.env
	seedFile := filepath.Join(dataDir, "seed.json")
	start := time.Now()
	if out, err := command(env, o.server, "seed", "--verifications", strconv.Itoa(size), "--per-user", "50", "--out", seedFile).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("seed %d: %w\n%s", size, err, out)
	}
	seedTime := time.Since(start)
	if err := createAdmin(env, o.server); err != nil {
		return nil, err
	}
	if err := checkpoint(ctx, dbURL); err != nil {
		return nil, err
	}
	var seed struct {
		ApprovedPublicIDs []string
		SampleEmail       string
	}
	if b, err := os.ReadFile(seedFile); err != nil || json.Unmarshal(b, &seed) != nil {
		return nil, fmt.Errorf("read seed summary: %w", err)
	}
	srv, err := startServer(env, o.server, dataDir)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	userCookie, err := srv.login(seed.SampleEmail, "seed-password")
	if err != nil {
		return nil, err
	}
	adminCookie, err := srv.login(benchAdminEmail, benchAdminPassword)
	if err != nil {
		return nil, err
	}
	label := fmt.Sprintf("%d", size)
	results := []result{{Scenario: "seed (bulk insert)", Size: label, Requests: 1, Note: seedTime.Round(time.Second).String(), Budget: "minutes", Verdict: "pass"}}
	w := wrk{script: script, base: srv.base, duration: o.duration, connections: o.connections}
	// Signed-in lists are measured at the concurrency of a review team working without pause; 64
	// connections on two cores would measure queueing for the CPU rather than the query.
	team := w.with(reviewers)
	idsFile := filepath.Join(dataDir, "public-ids.txt")
	if err := os.WriteFile(idsFile, []byte(strings.Join(seed.ApprovedPublicIDs, "\n")+"\n"), 0o644); err != nil {
		return nil, err
	}
	loginBody := fmt.Sprintf(`{"email":%q,"password":"seed-password"}`, seed.SampleEmail)
	scale := func() ([]result, error) {
		return scaleScenarios(scaleRun{o: o, ws: ws, w: w, first: srv, label: label, idsFile: idsFile,
			adminCookie: adminCookie, loginBody: loginBody})
	}
	if o.only == "scale" {
		return scale()
	}
	if o.only == "public" {
		rs, _, err := publicScenarios(w, srv, ws, label, idsFile)
		return rs, err
	}

	warmUps := listWarmUps
	if o.smoke {
		warmUps = 1
	}
	lists := listScenarios(listRun{team: team, label: label, adminCookie: adminCookie, userCookie: userCookie, warmUps: warmUps})
	if !all {
		return append(results, lists...), nil
	}

	public, baseline, err := publicScenarios(w, srv, ws, label, idsFile)
	if err != nil {
		return append(results, public...), err
	}
	login := w.with(runtime.NumCPU()).run("login (bcrypt), one connection per core", label, "POST", "/api/login", loginBody, "", "")
	login.Note = bcryptShare(login.P50)
	cisIDs, err := approvedIDs(ctx, dbURL, filepath.Join(dataDir, "approved-ids.txt"))
	if err != nil {
		return nil, err
	}
	cis := w.with(4).run("CIS PDF generation", label, "POST", "/api/admin/verifications/{id}/generate-cis", "", adminCookie, cisIDs)
	uploads, err := uploadScenarios(ctx, o, env, seed.SampleEmail)
	if err != nil {
		return nil, err
	}
	results = append(results, lists...)
	results = append(results, public...)
	results = append(results, login, cis)
	for i := range results {
		if baseline.RPS > 0 && results[i].RPS > 0 && results[i].Ratio == 0 {
			results[i].Ratio = results[i].RPS / baseline.RPS
		}
	}
	results = append(results, uploads...)
	rs, err := scale()
	return append(results, rs...), err
}

// workspace is a fresh database and data directory for one server, and the environment that
// points a server at them.
type workspace struct {
	dbURL, dataDir string
	env            []string
	cleanup        func()
}

func newWorkspace(ctx context.Context, databaseURL, name string, extraEnv ...string) (*workspace, error) {
	dbURL, drop, err := createDatabase(ctx, databaseURL, name)
	if err != nil {
		return nil, err
	}
	dataDir, err := os.MkdirTemp("", "ttt-"+name)
	if err != nil {
		drop()
		return nil, err
	}
	env := append(environWithoutS3(), "DATABASE_URL="+dbURL, "DATA_DIR="+dataDir, "AUTH_RATE_LIMIT=0")
	return &workspace{dbURL: dbURL, dataDir: dataDir, env: append(env, extraEnv...),
		cleanup: func() { _ = os.RemoveAll(dataDir); drop() }}, nil
}

func verdict(ok bool) string {
	if ok {
		return "pass"
	}
	return "MISS"
}

// wrk runs one load scenario.
type wrk struct {
	script, base string
	duration     time.Duration
	connections  int
	accept       string // the Accept header, when a route answers in more than one form
}

func (w wrk) with(connections int) wrk { w.connections = connections; return w }

var benchLine = regexp.MustCompile(`BENCH (\{.*\})`)

func (w wrk) run(name, size, method, path, body, cookie, idsFile string) result {
	threads := min(2, w.connections)
	cmd := exec.Command("wrk", "-t", strconv.Itoa(threads), "-c", strconv.Itoa(w.connections),
		"-d", fmt.Sprintf("%ds", max(1, int(w.duration.Seconds()))), "--timeout", "10s", "-s", w.script, w.base)
	cmd.Env = append(os.Environ(), "BENCH_METHOD="+method, "BENCH_PATH="+path, "BENCH_BODY="+body,
		"BENCH_COOKIE="+cookie, "BENCH_IDS="+idsFile, "BENCH_ACCEPT="+w.accept)
	out, err := cmd.CombinedOutput()
	r := result{Scenario: name, Size: size, Budget: "-", Verdict: "-"}
	m := benchLine.FindSubmatch(out)
	if err != nil || m == nil {
		r.Note = fmt.Sprintf("wrk failed: %v %s", err, lastLine(out))
		r.Verdict = "MISS"
		return r
	}
	var s struct {
		Requests, Errors, Non2xx int
		RPS, P50, P95, P99       float64
	}
	_ = json.Unmarshal(m[1], &s)
	r.Requests, r.Errors, r.NonSuccess, r.RPS, r.P50, r.P95, r.P99 = s.Requests, s.Errors, s.Non2xx, s.RPS, s.P50, s.P95, s.P99
	if s.Non2xx > 0 || s.Errors > 0 {
		r.Note = fmt.Sprintf("%d errors, %d non-2xx", s.Errors, s.Non2xx)
	}
	return r
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}

// bcryptShare measures one password check here and gives its share of the login median.
func bcryptShare(loginP50 float64) string {
	hash, _ := password.Bcrypt{}.Hash("seed-password")
	const n = 10
	start := time.Now()
	for range n {
		password.Bcrypt{}.Matches(hash, "seed-password")
	}
	per := float64(time.Since(start).Microseconds()) / n / 1000
	if loginP50 == 0 {
		return fmt.Sprintf("bcrypt check %.1f ms", per)
	}
	return fmt.Sprintf("bcrypt check %.1f ms = %.0f%% of the median", per, 100*per/loginP50)
}

// server is a running server process.
type server struct {
	cmd  *exec.Cmd
	base string
	log  *os.File
}

// The administrator every scenario signs in as.
const (
	benchAdminEmail    = "bench-admin@ttt.example"
	benchAdminPassword = "bench-admin-password"
)

// createAdmin runs `create-admin`, which reads the password from standard input.
func createAdmin(env []string, bin string) error {
	cmd := command(env, bin, "create-admin", "--email", benchAdminEmail)
	cmd.Stdin = strings.NewReader(benchAdminPassword + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("create admin: %w\n%s", err, out)
	}
	return nil
}

func command(env []string, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = env
	return cmd
}

func startServer(env []string, bin, dataDir string) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	return startServerAt(env, bin, dataDir, addr)
}

// checkpoint writes out what the seed left in PostgreSQL's buffers, so that the checkpointer does
// not spend the measured minutes flushing gigabytes of seeded pages beside the load. The seed has
// vacuumed and analysed the database already (persistence.Seed).
func checkpoint(ctx context.Context, dbURL string) error {
	c, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer c.Close(context.WithoutCancel(ctx))
	if _, err := c.Exec(ctx, "CHECKPOINT"); err != nil {
		return fmt.Errorf("checkpoint after the seed: %w", err)
	}
	return nil
}

// freeAddr is a loopback address nothing listens on at the moment.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// startServerAt starts the server on addr and waits until it is ready; its output is appended
// to server.log in dataDir, so a restarted server continues the same log.
func startServerAt(env []string, bin, dataDir, addr string) (*server, error) {
	logFile, err := os.OpenFile(filepath.Join(dataDir, "server.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, err
	}
	cmd := command(append(env, "ADDR="+addr, "PUBLIC_BASE_URL=http://"+addr), bin, "serve")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, base: "http://" + addr, log: logFile}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(s.base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	s.stop()
	return nil, errors.New("server did not become ready")
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = s.cmd.Process.Kill()
	}
	s.log.Close()
}

// login signs in and returns the Cookie header value.
func (s *server) login(email, pass string) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": pass})
	res, err := http.Post(s.base+"/api/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("login %s: %d", email, res.StatusCode)
	}
	var parts []string
	for _, c := range res.Cookies() {
		parts = append(parts, c.Name+"="+c.Value)
	}
	return strings.Join(parts, "; "), nil
}

// rss reads a process's resident set (VmRSS) and peak (VmHWM) in MB.
func rss(pid int) (current, peak float64) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 {
			continue
		}
		kb, _ := strconv.ParseFloat(fields[1], 64)
		switch fields[0] {
		case "VmRSS:":
			current = kb / 1024
		case "VmHWM:":
			peak = kb / 1024
		}
	}
	return current, peak
}

func megabytes(n int64) float64 { return float64(n) / (1 << 20) }

// environWithoutS3 is the environment without S3_* variables, so that the servers use the
// object store each scenario chooses even when the caller has exported a MinIO's S3_ENDPOINT.
func environWithoutS3() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "S3_") {
			env = append(env, kv)
		}
	}
	return env
}

// createDatabase makes a fresh database on the server and returns its URL and a drop function.
func createDatabase(ctx context.Context, base, name string) (string, func(), error) {
	c, err := pgx.Connect(ctx, base)
	if err != nil {
		return "", nil, fmt.Errorf("connect to %s: %w", base, err)
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return "", nil, err
	}
	if _, err := c.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", nil, err
	}
	u, _ := url.Parse(base)
	u.Path = "/" + name
	drop := func() {
		if c, err := pgx.Connect(context.Background(), base); err == nil {
			_, _ = c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			c.Close(context.Background())
		}
	}
	return u.String(), drop, nil
}

// approvedIDs writes the database ids of some approved verifications to file.
func approvedIDs(ctx context.Context, dbURL, file string) (string, error) {
	c, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return "", err
	}
	defer c.Close(ctx)
	rows, err := c.Query(ctx, "SELECT id FROM verifications WHERE status = 'approved' ORDER BY id LIMIT 200")
	if err != nil {
		return "", err
	}
	var ids []string
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return "", err
		}
		ids = append(ids, strconv.FormatInt(id, 10))
	}
	return file, os.WriteFile(file, []byte(strings.Join(ids, "\n")+"\n"), 0o644)
}

// firstLoadJS is the gzipped size in KB of the scripts index.html loads up front.
func firstLoadJS(dist string) (float64, error) {
	index, err := os.ReadFile(filepath.Join(dist, "index.html"))
	if err != nil {
		return 0, err
	}
	total := 0
	for _, m := range regexp.MustCompile(`(?:src|href)="/?(assets/[^"]+\.js)"`).FindAllSubmatch(index, -1) {
		b, err := os.ReadFile(filepath.Join(dist, string(m[1])))
		if err != nil {
			return 0, err
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(b)
		_ = zw.Close()
		total += buf.Len()
	}
	return float64(total) / 1024, nil
}
