package tests

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
)

// scrape reads the metrics listener's answer.
func (e *env) scrape(t *testing.T) string {
	t.Helper()
	res, err := http.Get("http://" + e.MetricsAddr() + "/metrics")
	if err != nil {
		t.Fatalf("scrape metrics: %v", err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("scrape metrics: %d %s", res.StatusCode, b)
	}
	return string(b)
}

// metric returns the value of the series name{labels} in a scrape (labels in any order, others
// ignored) and whether it is there.
func metric(body, name string, labels map[string]string) (float64, bool) {
	for _, line := range strings.Split(body, "\n") {
		rest, ok := strings.CutPrefix(line, name)
		if !ok || (rest != "" && rest[0] != '{' && rest[0] != ' ') {
			continue
		}
		matches := true
		for k, v := range labels {
			if !strings.Contains(rest, k+`="`+v+`"`) {
				matches = false
			}
		}
		if !matches {
			continue
		}
		fields := strings.Fields(rest[strings.LastIndex(rest, "}")+1:])
		if len(fields) == 0 {
			continue
		}
		v, err := strconv.ParseFloat(fields[0], 64)
		return v, err == nil
	}
	return 0, false
}

// TestMetricsAnswer scrapes METRICS_ADDR: requests by route pattern and status (never a raw path),
// the database pool, the job queue by kind and state, e-mails sent, and the age of each list in force.
func TestMetricsAnswer(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		if err := e.StartMetrics(); err != nil {
			t.Fatal(err)
		}
		c := e.register(t, "metrics@acme.example") // queues the welcome e-mail
		c.must(http.StatusNotFound, "GET", "/api/public/verifications/secretpublicid0000000000", nil)
		e.client(t).must(http.StatusUnauthorized, "POST", "/api/login", map[string]string{"email": "metrics@acme.example", "password": "wrong-password"})
		e.importList(t, screening.USCSL, listFile(t, "us_csl/consolidated.csv"))
		e.clock.Advance(2 * time.Hour)

		body := e.scrape(t)
		if strings.Contains(body, "secretpublicid") {
			t.Fatal("a request path (with its id) appears in the metrics")
		}
		for _, s := range []struct {
			name   string
			labels map[string]string
			min    float64
		}{
			{"ttt_http_requests_total", map[string]string{"method": "GET", "route": "/api/public/verifications/:publicId", "status": "404"}, 1},
			{"ttt_http_requests_total", map[string]string{"method": "POST", "route": "/api/login", "status": "401"}, 1},
			{"ttt_http_requests_total", map[string]string{"method": "POST", "route": "/api/register", "status": "201"}, 1},
			{"ttt_http_request_duration_seconds_count", map[string]string{"route": "/api/login", "status": "401"}, 1},
			{"go_sql_max_open_connections", map[string]string{"db_name": "app"}, 1},
			{"ttt_jobs", map[string]string{"kind": "send_email", "state": "available"}, 1},
			{"ttt_screening_list_age_seconds", map[string]string{"source": "us_csl"}, 2 * 3600},
		} {
			if v, ok := metric(body, s.name, s.labels); !ok || v < s.min {
				t.Errorf("%s%v = %v (present %v), want at least %v", s.name, s.labels, v, ok, s.min)
			}
		}
		if v, ok := metric(body, "ttt_emails_total", map[string]string{"result": "sent"}); !ok || v != 0 {
			t.Errorf("e-mails sent before any worker ran: %v (present %v)", v, ok)
		}

		if err := e.StartWorkers(context.Background()); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(15 * time.Second)
		for {
			body = e.scrape(t)
			sent, _ := metric(body, "ttt_emails_total", map[string]string{"result": "sent"})
			_, queued := metric(body, "ttt_jobs", map[string]string{"kind": "send_email", "state": "available"})
			if sent >= 1 && !queued {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the welcome e-mail was not counted as sent:\n%s", grep(body, "ttt_"))
			}
			time.Sleep(100 * time.Millisecond)
		}
	}, func(_ *testing.T, e *env) { e.cfg.MetricsAddr, e.cfg.Workers = "127.0.0.1:0", 1 })
}

// grep keeps the lines of s that contain word.
func grep(s, word string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if strings.Contains(line, word) && !regexp.MustCompile(`^#`).MatchString(line) {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
