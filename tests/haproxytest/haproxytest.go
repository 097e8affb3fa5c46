// Package haproxytest runs Debian's HAProxy in front of servers, configured as docs/operations.md
// advises (round robin, /readyz health checks, X-Forwarded-For, retries), for the two-server test
// and the bench. Each answer names the server that gave it in X-Served-By.
package haproxytest

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Balancer is a running HAProxy.
type Balancer struct {
	URL     string // http://127.0.0.1:port
	cmd     *exec.Cmd
	done    chan struct{}
	logPath string
}

// ErrMissing is returned when HAProxy is not installed.
var ErrMissing = errors.New("haproxy is not installed (apt-get install haproxy; make test and make bench install it)")

// Find returns the path of the haproxy binary.
func Find() (string, error) {
	for _, p := range []string{"haproxy", "/usr/sbin/haproxy"} {
		if path, err := exec.LookPath(p); err == nil {
			return path, nil
		}
	}
	return "", ErrMissing
}

// Start writes the configuration into dir and runs HAProxy on listen (host:port; "" picks a free
// loopback port) in front of backends (host:port each, named s1, s2, … in X-Served-By), until every
// backend is in rotation.
func Start(dir, listen string, backends ...string) (*Balancer, error) {
	bin, err := Find()
	if err != nil {
		return nil, err
	}
	addr := listen
	if addr == "" {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		addr = l.Addr().String()
		l.Close()
	}
	var b strings.Builder
	fmt.Fprintf(&b, `global
    maxconn 4096
defaults
    mode http
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    option forwardfor
    option redispatch
    retries 3
    retry-on conn-failure empty-response response-timeout
frontend web
    bind %s
    default_backend servers
backend servers
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 300ms fall 2 rise 1
    http-response set-header X-Served-By %%[srv_name]
`, addr)
	for i, backend := range backends {
		fmt.Fprintf(&b, "    server s%d %s check\n", i+1, backend)
	}
	cfg := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(b.String()), 0o600); err != nil {
		return nil, err
	}
	lb := &Balancer{URL: "http://" + addr, cmd: exec.Command(bin, "-db", "-f", cfg), done: make(chan struct{}),
		logPath: filepath.Join(dir, "haproxy.log")}
	logFile, err := os.Create(lb.logPath)
	if err != nil {
		return nil, err
	}
	lb.cmd.Stdout, lb.cmd.Stderr = logFile, logFile
	if err := lb.cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start haproxy: %w", err)
	}
	go func() { _ = lb.cmd.Wait(); logFile.Close(); close(lb.done) }()
	seen := map[string]bool{}
	for deadline := time.Now().Add(20 * time.Second); len(seen) < len(backends); {
		if res, err := http.Get(lb.URL + "/healthz"); err == nil {
			if res.StatusCode == http.StatusOK {
				seen[res.Header.Get("X-Served-By")] = true
			}
			res.Body.Close()
		}
		select {
		case <-lb.done:
			return nil, fmt.Errorf("haproxy exited during start:\n%s", lb.Log())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			lb.Stop()
			return nil, fmt.Errorf("haproxy did not route to all %d servers within 20 s (saw %v):\n%s", len(backends), seen, lb.Log())
		}
	}
	return lb, nil
}

// Stop ends HAProxy and waits until it has gone.
func (lb *Balancer) Stop() {
	_ = lb.cmd.Process.Kill()
	<-lb.done
}

// Log is what HAProxy wrote.
func (lb *Balancer) Log() string {
	b, _ := os.ReadFile(lb.logPath)
	return string(b)
}
