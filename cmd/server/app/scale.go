package app

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/tttverify/tttverify/adapters/metrics"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// publicCacheChannel is where PostgreSQL announces changes to approved verifications (a trigger,
// see the throttles migration), so that every server forgets its cached public certificate.
const publicCacheChannel = "public_cache"

// listenForChanges keeps this server's public certificate cache in step with the other servers'
// changes until the returned function is called. SQLite has one server: nothing to listen to.
func listenForChanges(cfg *Config, db *persistence.DB, cache *application.PublicCache, log *slog.Logger) (stop func()) {
	if !db.Postgres() || cfg.PublicCacheTTL <= 0 {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	l := &persistence.Listener{URL: cfg.DatabaseURL, Channel: publicCacheChannel, Notice: cache.Forget, Gap: cache.Clear, Log: log}
	go func() {
		defer close(done)
		l.Run(ctx)
	}()
	return func() {
		cancel()
		<-done
	}
}

// newMetrics is the metrics registry when METRICS_ADDR is set, else nil (which records nothing).
func newMetrics(cfg *Config, log *slog.Logger) *metrics.Metrics {
	if cfg.MetricsAddr == "" {
		return nil
	}
	return metrics.New(log)
}

// instrument registers the gauges read at scrape time: the database pool, the job queue and the
// sanctions lists in force.
func (a *App) instrument() {
	m := a.metrics
	if m == nil {
		return
	}
	m.Pool(a.DB.DB.DB, "app")
	m.Gauge("ttt_jobs", "Jobs not yet done, by kind and state (available, scheduled, running, retryable, discarded); "+
		"the same on every server.", []string{"kind", "state"}, func(ctx context.Context) ([]metrics.Sample, error) {
		counts, err := a.Messaging.Jobs.Counts(ctx)
		out := make([]metrics.Sample, len(counts))
		for i, c := range counts {
			out[i] = metrics.Sample{Labels: []string{c.Kind, c.State}, Value: float64(c.N)}
		}
		return out, err
	})
	lists := persistence.NewScreeningLists(a.DB)
	clock := a.clock
	ages := func(published bool) func(ctx context.Context) ([]metrics.Sample, error) {
		return func(ctx context.Context) ([]metrics.Sample, error) {
			versions, err := lists.AllInForce(ctx)
			var out []metrics.Sample
			for _, v := range versions {
				at := v.ImportedAt
				if published {
					at = v.Published
				}
				if !at.IsZero() {
					out = append(out, metrics.Sample{Labels: []string{string(v.Source)}, Value: clock.Now().Sub(at).Seconds()})
				}
			}
			return out, err
		}
	}
	m.Gauge("ttt_screening_list_age_seconds", "Time since the version in force of each sanctions or PEP list was "+
		"imported (an unchanged download imports nothing, so this also grows while a publisher publishes nothing new).",
		[]string{"source"}, ages(false))
	m.Gauge("ttt_screening_list_published_age_seconds", "Time since the publisher dated the version in force of each "+
		"list (lists whose files carry a date).", []string{"source"}, ages(true))
}

// StartMetrics serves /metrics on METRICS_ADDR until Close; without it, nothing.
func (a *App) StartMetrics() error {
	if a.metrics == nil {
		return nil
	}
	l, err := net.Listen("tcp", a.cfg.MetricsAddr)
	if err != nil {
		return fmt.Errorf("metrics listener: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", a.metrics.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(l) }()
	a.metricsAddr = l.Addr().String()
	a.stopMetrics = func() { _ = srv.Close() }
	a.log.Info("serving metrics", "addr", a.metricsAddr)
	return nil
}

// MetricsAddr is the address the metrics listener took (after StartMetrics), e.g. when
// METRICS_ADDR asked for port 0.
func (a *App) MetricsAddr() string { return a.metricsAddr }
