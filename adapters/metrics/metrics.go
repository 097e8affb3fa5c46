// Package metrics exposes Prometheus metrics (client_golang) for a listener of their own
// (METRICS_ADDR): requests by route pattern and status, the database pool, and gauges read from
// the database when scraped (the job queue, the sanctions lists in force). A nil *Metrics is
// valid and records nothing, so that code need not ask whether metrics are on.
package metrics

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics is this process's registry and the metrics it records itself.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	emails   *prometheus.CounterVec
	log      *slog.Logger
}

// New returns a registry with the Go runtime and process metrics and this service's own.
func New(log *slog.Logger) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry(), log: log,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "ttt_http_requests_total",
			Help: "HTTP requests answered, by method, route pattern and status."}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "ttt_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by method, route pattern and status.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}},
			[]string{"method", "route", "status"}),
		emails: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "ttt_emails_total",
			Help: "E-mail deliveries this process attempted, by result (sent, failed)."}, []string{"result"}),
	}
	m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.duration, m.emails)
	m.emails.WithLabelValues("sent")
	m.emails.WithLabelValues("failed")
	return m
}

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// Middleware counts and times every request by its route pattern (never its path, which may
// carry ids and tokens). Installed outside the handler that writes error responses, it sees the
// status the client got. Nil when m is nil.
func (m *Metrics) Middleware() echo.MiddlewareFunc {
	if m == nil {
		return nil
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			start := time.Now()
			err := next(c)
			_, status := echo.ResolveResponseStatus(c.Response(), err)
			route := c.Path()
			if route == "" {
				route = "unmatched"
			}
			labels := []string{c.Request().Method, route, strconv.Itoa(status)}
			m.requests.WithLabelValues(labels...).Inc()
			m.duration.WithLabelValues(labels...).Observe(time.Since(start).Seconds())
			return err
		}
	}
}

// Email records one delivery attempt's result.
func (m *Metrics) Email(err error) {
	if m == nil {
		return
	}
	if err != nil {
		m.emails.WithLabelValues("failed").Inc()
		return
	}
	m.emails.WithLabelValues("sent").Inc()
}

// Pool reports a database/sql pool (connections open, in use, idle, waits) as go_sql_* with
// db_name=name.
func (m *Metrics) Pool(db *sql.DB, name string) {
	if m != nil {
		m.reg.MustRegister(collectors.NewDBStatsCollector(db, name))
	}
}

// Sample is one value of a gauge read at scrape time, with its label values in order.
type Sample struct {
	Labels []string
	Value  float64
}

// Gauge registers a gauge family whose values read returns at each scrape (for example counted
// in the database, and so the same on every server).
func (m *Metrics) Gauge(name, help string, labels []string, read func(ctx context.Context) ([]Sample, error)) {
	if m != nil {
		m.reg.MustRegister(&sampled{desc: prometheus.NewDesc(name, help, labels, nil), read: read, log: m.log})
	}
}

// sampled is a collector over a read function.
type sampled struct {
	desc *prometheus.Desc
	read func(ctx context.Context) ([]Sample, error)
	log  *slog.Logger
}

// scrapeTimeout bounds the database reads of one scrape.
const scrapeTimeout = 5 * time.Second

func (s *sampled) Describe(ch chan<- *prometheus.Desc) { ch <- s.desc }

func (s *sampled) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	samples, err := s.read(ctx)
	if err != nil {
		s.log.Warn("read metric", "metric", s.desc.String(), "error", err)
		ch <- prometheus.NewInvalidMetric(s.desc, err)
		return
	}
	for _, v := range samples {
		ch <- prometheus.MustNewConstMetric(s.desc, prometheus.GaugeValue, v.Value, v.Labels...)
	}
}
