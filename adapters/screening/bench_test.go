package screening_test

import (
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	adapter "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/adapters/screening/screeningtest"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/screening/screeningeval"
)

// BenchmarkIndexBuild builds the index over the OFAC SDN and UN lists and reports the heap it
// keeps (live bytes after a collection, with the entries themselves counted separately).
func BenchmarkIndexBuild(b *testing.B) {
	entries := loadSnapshotEntries(b)
	b.ReportAllocs()
	for b.Loop() {
		runtime.KeepAlive(screening.NewIndex(entries, screening.IndexOptions{Transliterate: adapter.Transliterate}))
	}
	b.StopTimer()
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	keep := screening.NewIndex(entries, screening.IndexOptions{Transliterate: adapter.Transliterate})
	after := heap()
	b.ReportMetric(float64(after-before)/1e6, "index-MB")
	b.ReportMetric(float64(keep.Names()), "names")
	runtime.KeepAlive(keep)
}

// BenchmarkSearch runs the evaluation queries in turn against the OFAC SDN and UN index at the
// default threshold and reports the 50th, 95th and 99th percentile of one query's time.
func BenchmarkSearch(b *testing.B) {
	ix := screening.NewIndex(loadSnapshotEntries(b), screening.IndexOptions{Transliterate: adapter.Transliterate})
	cases, err := screeningeval.Cases()
	if err != nil {
		b.Fatal(err)
	}
	queries := make([]screening.Query, len(cases))
	for i, c := range cases {
		queries[i] = screening.Query{Name: c.Query, Kind: screening.QueryKind(c.Kind)}
	}
	var times []time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		start := time.Now()
		ix.Search(queries[i%len(queries)], screening.DefaultThreshold)
		times = append(times, time.Since(start))
		i++
	}
	slices.Sort(times)
	pct := func(p float64) float64 { return float64(times[int(p*float64(len(times)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.95), "p95-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}

// BenchmarkParseOFACSDN parses the four SDN files, the parsing part of an import.
func BenchmarkParseOFACSDN(b *testing.B) {
	dir := filepath.Join(screeningtest.DataDir(b), "ofac")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := adapter.ParseDir(adapter.OFACSDN, dir); err != nil {
			b.Fatal(err)
		}
	}
}
