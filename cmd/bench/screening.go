package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	adapter "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/screening/screeningeval"
)

// Published sizes of the lists we have no full copy of, for the memory extrapolation: the EU
// consolidated list and the UK Sanctions List (about 5,500 and 4,500 entries).
const euPublishedEntries, ukPublishedEntries = 5500, 4500

// screeningScenarios imports the real OFAC SDN and UN files through the CLI into a fresh
// database, then screens evaluation queries one at a time through the admin search API and
// measures the index's memory in this process. The smoke run imports the UN list only and sends
// a few queries.
func screeningScenarios(ctx context.Context, o options) ([]result, error) {
	ws, err := newWorkspace(ctx, o.databaseURL, "bench_screening")
	if err != nil {
		return nil, err
	}
	defer ws.cleanup()
	env := ws.env
	// create-admin migrates the database, so the import rows time the import alone.
	if err := createAdmin(env, o.server); err != nil {
		return nil, err
	}
	files := realListFiles(o)
	imports := []struct {
		source string
		files  []string
		budget string
	}{{"ofac_sdn", files["ofac_sdn"], "<= 10 s"}, {"un", files["un"], "-"}}
	if o.smoke {
		imports = imports[1:]
	}
	var results []result
	for _, im := range imports {
		start := time.Now()
		out, err := command(env, o.server, append([]string{"screening", "import", im.source}, im.files...)...).CombinedOutput()
		took := time.Since(start)
		if err != nil {
			return results, fmt.Errorf("import %s: %w\n%s", im.source, err, out)
		}
		r := result{Scenario: "screening import " + im.source + " (CLI, new version)", Size: "-", Requests: 1,
			P50: float64(took.Milliseconds()), Budget: im.budget, Verdict: "-", Note: lastLine(out)}
		if im.budget != "-" {
			r.Verdict = verdict(took <= 10*time.Second)
		}
		results = append(results, r)
	}

	srv, err := startServer(env, o.server, ws.dataDir)
	if err != nil {
		return results, err
	}
	defer srv.stop()
	cookie, err := srv.login(benchAdminEmail, benchAdminPassword)
	if err != nil {
		return results, err
	}
	n := 400
	if o.smoke {
		n = 20
	}
	search, err := srv.screeningSearch(cookie, n)
	if err != nil {
		return results, err
	}
	search.Budget, search.Verdict = "p95 <= 5 ms", verdict(search.P95 <= 5)
	current, peak := rss(srv.cmd.Process.Pid)
	search.Note += fmt.Sprintf("; server RSS %.0f MB (peak %.0f) with the index loaded", current, peak)
	results = append(results, search)
	srv.stop()
	mem, err := indexMemory(o)
	results = append(results, mem...)
	if err != nil {
		return results, err
	}
	scale, err := screeningAtScale(ctx, o)
	return append(results, scale...), err
}

// searchOnce screens one name through the admin search API and returns the number of hits.
func (s *server) searchOnce(cookie, name, kind string) (int, error) {
	body, _ := json.Marshal(map[string]string{"name": name, "kind": kind})
	req, _ := http.NewRequest("POST", s.base+"/api/admin/screening/search", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	var out struct{ Hits []json.RawMessage }
	err = json.NewDecoder(res.Body).Decode(&out)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("search %q: status %d", name, res.StatusCode)
	}
	return len(out.Hits), err
}

// screeningSearch sends n evaluation queries (every class, positives and negatives), one at a
// time after a warm-up, and reports the latency as the client sees it; the caller sets the budget.
func (s *server) screeningSearch(cookie string, n int) (result, error) {
	r := result{Scenario: "screening search, one connection, evaluation queries"}
	cases, err := screeningeval.Cases()
	if err != nil {
		return r, err
	}
	step := max(1, len(cases)/n)
	var picked []screeningeval.Case
	for i := 0; i < len(cases) && len(picked) < n; i += step {
		picked = append(picked, cases[i])
	}
	send := func(c screeningeval.Case) (int, error) { return s.searchOnce(cookie, c.Query, c.Kind) }
	for _, c := range picked[:min(20, len(picked))] { // the first search builds the index
		if _, err := send(c); err != nil {
			return r, err
		}
	}
	latencies := make([]float64, 0, len(picked))
	hits := 0
	start := time.Now()
	for _, c := range picked {
		t := time.Now()
		h, err := send(c)
		if err != nil {
			return r, err
		}
		latencies = append(latencies, float64(time.Since(t).Microseconds())/1000)
		hits += min(h, 1)
	}
	elapsed := time.Since(start)
	slices.Sort(latencies)
	at := func(p float64) float64 { return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))] }
	r.Size = fmt.Sprintf("%d queries", len(latencies))
	r.Requests, r.RPS, r.P50, r.P95, r.P99 = len(latencies), float64(len(latencies))/elapsed.Seconds(), at(0.50), at(0.95), at(0.99)
	r.Note = fmt.Sprintf("%d of %d queries had hits; max %.1f ms", hits, len(latencies), latencies[len(latencies)-1])
	return r, nil
}

// heapAfterGC is the live heap in bytes.
func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// indexFigures is what measureIndex found.
type indexFigures struct {
	heapMB, entriesMB float64 // live heap of the entries and the index, and of the entries alone
	entries, names    int
	took              time.Duration // to build the index
}

// measureIndex loads entries, builds the index over them in this process and measures the live
// heap they keep, entries included.
func measureIndex(load func() ([]screening.Entry, error)) (indexFigures, error) {
	// Warm up what the transliterator and the normaliser load once per process, so that the
	// figure is what the lists cost.
	runtime.KeepAlive(adapter.BuildIndex([]screening.Entry{{Source: screening.EU, SourceID: "1", Kind: screening.Person, Name: "Иван Петров"}}))
	before := heapAfterGC()
	entries, err := load()
	if err != nil {
		return indexFigures{}, err
	}
	f := indexFigures{entries: len(entries)}
	for _, e := range entries {
		f.names += 1 + len(e.Aliases)
	}
	f.entriesMB = megabytes(int64(heapAfterGC() - before))
	start := time.Now()
	ix := adapter.BuildIndex(entries)
	f.took = time.Since(start)
	entries = nil
	f.heapMB = megabytes(int64(heapAfterGC() - before))
	runtime.KeepAlive(ix)
	runtime.KeepAlive(entries)
	return f, nil
}

// indexMemory parses the lists we have (OFAC SDN, UN and the US CSL sample of testdata/sanctions;
// the EU and UK fixtures of the parsers' tests), builds the index over them in this process and
// reports the live heap it keeps, entries included, and an extrapolation to the published sizes of
// the EU and UK lists.
func indexMemory(o options) ([]result, error) {
	fixtures := filepath.Join("adapters", "screening", "testdata")
	lists := []struct {
		parser adapter.Parser
		dir    string
	}{
		{adapter.OFACSDN, filepath.Join(o.sanctions, "ofac")}, {adapter.UN, filepath.Join(o.sanctions, "un")},
		{adapter.USCSL, filepath.Join(o.sanctions, "us_csl")},
		{adapter.EU, filepath.Join(fixtures, "eu")}, {adapter.UK, filepath.Join(fixtures, "uk")},
	}
	if o.smoke {
		lists = lists[1:]
	}
	var parts []string
	f, err := measureIndex(func() ([]screening.Entry, error) {
		var entries []screening.Entry
		for _, l := range lists {
			list, err := adapter.ParseDir(l.parser, l.dir)
			if err != nil {
				return nil, err
			}
			entries = append(entries, list.Entries...)
			parts = append(parts, fmt.Sprintf("%s %d", l.parser.Source(), len(list.Entries)))
		}
		return entries, nil
	})
	if err != nil {
		return nil, err
	}
	total := f.heapMB * (1 << 20)
	perEntry, perName := total/float64(f.entries), total/float64(f.names)
	measured := result{Scenario: "screening index memory (measured: live heap after GC, entries included)", Size: fmt.Sprintf("%d entries", f.entries),
		Requests: 1, Budget: "-", Verdict: "-",
		Note: fmt.Sprintf("%.1f MB for %d entries (%s), %d names (%.0f B per entry, %.0f B per name); parsed entries alone %.1f MB; built in %s",
			f.heapMB, f.entries, strings.Join(parts, ", "), f.names, perEntry, perName, f.entriesMB, f.took.Round(time.Millisecond))}
	if o.smoke {
		return []result{measured}, nil
	}
	// EU and UK are here as fixtures of a few entries: add their published sizes at the measured
	// cost per entry.
	extra := euPublishedEntries + ukPublishedEntries
	projected := total + float64(extra)*perEntry
	estimate := result{Scenario: "screening index memory, five official lists (extrapolated)", Size: fmt.Sprintf("%d entries", f.entries+extra),
		Requests: 1, Budget: "<= 150 MB", Verdict: verdict(projected < 150<<20),
		Note: fmt.Sprintf("measured %.1f MB + EU %d and UK %d entries at the measured %.0f B per entry = %.1f MB (extrapolated, not measured)",
			f.heapMB, euPublishedEntries, ukPublishedEntries, perEntry, projected/(1<<20))}
	return []result{measured, estimate}, nil
}
