package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/tests/haproxytest"
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
	measure := func(lb *haproxytest.Balancer, servers string) (public, admin result) {
		w := r.w
		w.base = lb.URL
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
	lb, err := haproxytest.Start(r.ws.dataDir, "", hostPort(r.first))
	if err != nil {
		return nil, err
	}
	public1, admin1 := measure(lb, "1 server")
	lb.Stop()

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
	lb, err = haproxytest.Start(r.ws.dataDir, "", hostPort(r.first), hostPort(second))
	if err != nil {
		return nil, err
	}
	public2, admin2 := measure(lb, "2 servers")
	lb.Stop()
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
		on.Note = strings.TrimPrefix(on.Note+fmt.Sprintf("; p50 %+.1f ms against throttles off, where the two checks a sign-in "+
			"makes take %.1f ms at p50: a larger difference is the machine's noise", on.P50-off.P50, 2*check.P50), "; ")
	}
	return []result{check, off, on}, nil
}

func hostPort(s *server) string { return strings.TrimPrefix(s.base, "http://") }
