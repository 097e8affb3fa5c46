package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// scaleRowPrefix starts every row of the scale-out scenarios in the report.
const scaleRowPrefix = "| scale-out"

// scaleRun is what the scale-out scenarios need from the size they run at.
type scaleRun struct {
	o                                      options
	ws                                     *workspace
	w                                      wrk
	first                                  *server // running
	label, idsFile, adminCookie, loginBody string
}

// scaleScenarios measures the public lookup and the admin list through HAProxy in front of one
// server, then of two on the same database (the second one's cache warmed first), and what the
// database-counted throttles cost a sign-in.
func scaleScenarios(r scaleRun) ([]result, error) {
	const publicPath, adminPath = "/api/public/verifications/{id}", "/api/admin/verifications?status=in_review&email=trader0001&page=3&pageSize=10&sort=createdAt&order=desc"
	measure := func(lb *haproxy, servers string) (public, admin result) {
		w := r.w
		w.base = lb.base
		public = w.run("scale-out: public certificate lookup via HAProxy, "+servers, r.label, "GET", publicPath, "", "", r.idsFile)
		admin = w.with(reviewers).run("scale-out: admin list (status + e-mail filter) via HAProxy, "+servers, r.label, "GET", adminPath, "", r.adminCookie, "")
		return public, admin
	}
	// Each server's public cache is filled before it is measured, as in the steady state.
	warmUp := func(s *server) {
		w := r.w
		w.base, w.duration = s.base, min(r.w.duration, 5*time.Second)
		w.run("warm-up", r.label, "GET", publicPath, "", "", r.idsFile)
	}
	warmUp(r.first)
	lb, err := startHAProxy(r.ws.dataDir, r.first)
	if err != nil {
		return nil, err
	}
	public1, admin1 := measure(lb, "1 server")
	lb.stop()

	logDir, err := os.MkdirTemp("", "ttt-bench-second")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(logDir)
	// The second server shares the first one's DATA_DIR (its session secret; the bench stores no
	// files here), as servers share a secret and a bucket in production.
	second, err := startServer(r.ws.env, r.o.server, logDir)
	if err != nil {
		return nil, fmt.Errorf("second server: %w", err)
	}
	defer second.stop()
	warmUp(second)
	lb, err = startHAProxy(r.ws.dataDir, r.first, second)
	if err != nil {
		return nil, err
	}
	public2, admin2 := measure(lb, "2 servers")
	lb.stop()
	for _, pair := range [][2]*result{{&public1, &public2}, {&admin1, &admin2}} {
		one, two := pair[0], pair[1]
		if one.RPS > 0 {
			two.Ratio = two.RPS / one.RPS
			two.Note = strings.TrimPrefix(two.Note+fmt.Sprintf("; %.2fx the req/s of one server, p50 %.2f -> %.2f ms", two.Ratio, one.P50, two.P50), "; ")
		}
	}
	results := []result{public1, public2, admin1, admin2}
	rs, err := throttleCost(r)
	return append(results, rs...), err
}

// throttleCost measures one throttle check against PostgreSQL, and sign-ins on a server whose
// limits are on (set too high to refuse anything) next to the same server with them off.
func throttleCost(r scaleRun) ([]result, error) {
	ctx := context.Background()
	db, err := persistence.Open(ctx, r.ws.dbURL, "")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	th := persistence.NewThrottles(db)
	rate := application.Rate{Burst: 1 << 30, Per: time.Minute}
	n := 2000
	if r.o.smoke {
		n = 100
	}
	took := make([]float64, n)
	start := time.Now()
	for i := range took {
		t0 := time.Now()
		if _, err := th.Allow(ctx, fmt.Sprintf("bench|address|10.0.%d.%d", i/250, i%250), rate, time.Now()); err != nil {
			return nil, err
		}
		took[i] = float64(time.Since(t0).Microseconds()) / 1000
	}
	sort.Float64s(took)
	check := result{Scenario: "scale-out: one throttle check (PostgreSQL upsert), one connection", Size: r.label, Requests: n,
		RPS: float64(n) / time.Since(start).Seconds(), P50: took[n/2], P95: took[n*95/100], P99: took[n*99/100], Budget: "-", Verdict: "-",
		Note: "a sign-in takes two (client address, account)"}

	logDir, err := os.MkdirTemp("", "ttt-bench-throttled")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(logDir)
	env := append(slices.Clone(r.ws.env), "AUTH_RATE_LIMIT=1000000000")
	limited, err := startServer(env, r.o.server, logDir)
	if err != nil {
		return nil, fmt.Errorf("server with throttles on: %w", err)
	}
	defer limited.stop()
	w := r.w.with(runtime.NumCPU())
	off := w.run("scale-out: login, throttles off (AUTH_RATE_LIMIT=0), one connection per core", r.label, "POST", "/api/login", r.loginBody, "", "")
	w.base = limited.base
	on := w.run("scale-out: login, throttles on (counted in PostgreSQL), one connection per core", r.label, "POST", "/api/login", r.loginBody, "", "")
	if off.P50 > 0 {
		on.Note = strings.TrimPrefix(on.Note+fmt.Sprintf("; p50 %+.2f ms against throttles off", on.P50-off.P50), "; ")
	}
	return []result{check, off, on}, nil
}

// haproxy is a running HAProxy in front of the bench's servers.
type haproxy struct {
	cmd  *exec.Cmd
	base string
	done chan struct{}
}

// startHAProxy runs Debian's HAProxy round-robin over the servers, with the health check and the
// forwarding header a production balancer would use, and waits until every server is in rotation.
func startHAProxy(dir string, servers ...*server) (*haproxy, error) {
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		if bin, err = exec.LookPath("/usr/sbin/haproxy"); err != nil {
			return nil, errors.New("haproxy is not installed (scripts/bench.sh installs it)")
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().String()
	l.Close()
	var b strings.Builder
	fmt.Fprintf(&b, `global
    maxconn 4096
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    option forwardfor
frontend web
    bind %s
    default_backend servers
backend servers
    balance roundrobin
    option httpchk GET /readyz
    default-server inter 1s fall 3 rise 1
    http-response set-header X-Served-By %%[srv_name]
`, addr)
	for i, s := range servers {
		fmt.Fprintf(&b, "    server s%d %s check\n", i+1, strings.TrimPrefix(s.base, "http://"))
	}
	cfg := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	h := &haproxy{cmd: exec.Command(bin, "-db", "-f", cfg), base: "http://" + addr, done: make(chan struct{})}
	logFile, err := os.Create(filepath.Join(dir, "haproxy.log"))
	if err != nil {
		return nil, err
	}
	h.cmd.Stdout, h.cmd.Stderr = logFile, logFile
	if err := h.cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start haproxy: %w", err)
	}
	go func() { _ = h.cmd.Wait(); logFile.Close(); close(h.done) }()
	seen := map[string]bool{}
	for deadline := time.Now().Add(20 * time.Second); len(seen) < len(servers); {
		if res, err := http.Get(h.base + "/healthz"); err == nil {
			if res.StatusCode == http.StatusOK {
				seen[res.Header.Get("X-Served-By")] = true
			}
			res.Body.Close()
		}
		if time.Now().After(deadline) {
			h.stop()
			return nil, fmt.Errorf("haproxy did not route to all %d servers (saw %v)", len(servers), seen)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return h, nil
}

func (h *haproxy) stop() {
	_ = h.cmd.Process.Kill()
	<-h.done
}
