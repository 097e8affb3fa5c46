package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	adapter "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// screeningScale is one size of the at-scale rows: the list entries in force (the real lists plus
// synthetic PEP entries) and the approved Top verifications the re-screen covers.
type screeningScale struct{ entries, rescreen int }

// screeningScales: the million entries and ten thousand verifications, and a tenth of each
// beside them for growth.
var screeningScales = []screeningScale{{100_000, 1_000}, {1_000_000, 10_000}}

// pepSeed makes the synthetic PEP list the same in every run.
const pepSeed = 2026

// scaleFigures is what one size measured.
type scaleFigures struct {
	size                           screeningScale
	pep                            int // synthetic entries among size.entries
	importTook, build, firstSearch time.Duration
	search                         result
	serverRSS                      float64
	memory                         indexFigures
	rescreened, rescreenFailed     int
	rescreenTook                   time.Duration
}

// screeningAtScale measures the screening engine with the real lists and synthetic PEP entries
// up to each size, the smallest first, and returns the rows of the largest with the smaller
// figures beside them.
func screeningAtScale(ctx context.Context, o options) ([]result, error) {
	scales := screeningScales
	if o.smoke {
		scales = []screeningScale{{12_000, 20}}
	}
	var figs []scaleFigures
	for _, sc := range scales {
		f, err := measureScale(ctx, o, sc)
		if err != nil {
			return nil, fmt.Errorf("screening at %d entries: %w", sc.entries, err)
		}
		figs = append(figs, f)
	}
	return scaleRows(figs), nil
}

// realLists parses the real OFAC SDN, UN and US CSL files.
func realLists(o options) ([]screening.Entry, error) {
	var entries []screening.Entry
	for _, l := range []struct {
		parser adapter.Parser
		dir    string
	}{{adapter.OFACSDN, "ofac"}, {adapter.UN, "un"}, {adapter.USCSL, "us_csl"}} {
		list, err := adapter.ParseDir(l.parser, filepath.Join(o.sanctions, l.dir))
		if err != nil {
			return nil, err
		}
		entries = append(entries, list.Entries...)
	}
	return entries, nil
}

// realListFiles are the CLI imports of the real lists.
func realListFiles(o options) map[string][]string {
	sdn := []string{"sdn.csv", "add.csv", "alt.csv", "sdn_comments.csv"}
	for i, f := range sdn {
		sdn[i] = filepath.Join(o.sanctions, "ofac", f)
	}
	return map[string][]string{"ofac_sdn": sdn, "un": {filepath.Join(o.sanctions, "un", "consolidated.xml")},
		"us_csl": {filepath.Join(o.sanctions, "us_csl", "consolidated.csv")}}
}

// measureScale imports the real lists and a synthetic PEP list through the CLI into a fresh
// database, as an operator would, starts the server, times the first search (which reads the
// entries and builds the index) and the evaluation queries, seeds Top verifications and times
// a daily re-screen of the approved ones; then, with the server stopped, measures the index's
// live heap in this process.
func measureScale(ctx context.Context, o options, sc screeningScale) (scaleFigures, error) {
	f := scaleFigures{size: sc}
	official, err := realLists(o)
	if err != nil {
		return f, err
	}
	f.pep = sc.entries - len(official) // the parsed lists are dropped: measureIndex reads them again
	ws, err := newWorkspace(ctx, o.databaseURL, fmt.Sprintf("bench_screening_%d", sc.entries))
	if err != nil {
		return f, err
	}
	defer ws.cleanup()
	if err := createAdmin(ws.env, o.server); err != nil {
		return f, err
	}
	for src, files := range realListFiles(o) {
		if out, err := command(ws.env, o.server, append([]string{"screening", "import", src}, files...)...).CombinedOutput(); err != nil {
			return f, fmt.Errorf("import %s: %w\n%s", src, err, out)
		}
	}
	pepFile := filepath.Join(ws.dataDir, "pep.csv")
	if err := writeSyntheticPEP(pepFile, f.pep, pepSeed); err != nil {
		return f, err
	}
	start := time.Now()
	if out, err := command(ws.env, o.server, "screening", "import", "pep_csv", pepFile).CombinedOutput(); err != nil {
		return f, fmt.Errorf("import the synthetic PEP list: %w\n%s", err, out)
	}
	f.importTook = time.Since(start)

	srv, err := startServer(ws.env, o.server, ws.dataDir)
	if err != nil {
		return f, err
	}
	defer srv.stop()
	cookie, err := srv.login(benchAdminEmail, benchAdminPassword)
	if err != nil {
		return f, err
	}
	// The first search reads the entries and builds the index; past the server's write timeout
	// (HTTP_WRITE_TIMEOUT, 60 s) its connection is cut while the build goes on, so ask again.
	start = time.Now()
	for {
		_, err := srv.searchOnce(cookie, "Ivan Petrov", "person")
		if err == nil {
			break
		}
		if time.Since(start) > 10*time.Minute {
			return f, err
		}
		time.Sleep(time.Second)
	}
	f.firstSearch = time.Since(start)
	if f.build, err = indexBuildTime(filepath.Join(ws.dataDir, "server.log")); err != nil {
		return f, err
	}
	n := 400
	if o.smoke {
		n = 20
	}
	if f.search, err = srv.screeningSearch(cookie, n); err != nil {
		return f, err
	}
	f.serverRSS, _ = rss(srv.cmd.Process.Pid)
	if err := f.rescreen(ctx, ws, o); err != nil {
		return f, err
	}
	srv.stop()

	f.memory, err = measureIndex(func() ([]screening.Entry, error) {
		entries, err := realLists(o)
		if err != nil {
			return nil, err
		}
		pep, err := adapter.ParseDir(adapter.PEPCSV, ws.dataDir)
		return append(entries, pep.Entries...), err
	})
	return f, err
}

// rescreen seeds verifications until about size.rescreen of them are approved Top ones (the seed
// makes 9% of its verifications so), queues the daily re-screen as the scheduler would, and waits
// until every run it queued has finished.
func (f *scaleFigures) rescreen(ctx context.Context, ws *workspace, o options) error {
	seeded := f.size.rescreen * 1125 / 100
	if out, err := command(ws.env, o.server, "seed", "--verifications", strconv.Itoa(seeded), "--per-user", "50").CombinedOutput(); err != nil {
		return fmt.Errorf("seed: %w\n%s", err, out)
	}
	c, err := pgx.Connect(ctx, ws.dbURL)
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	if err := c.QueryRow(ctx, `SELECT count(*) FROM verifications WHERE tier = 'top' AND status = 'approved'
		AND NOT deleted AND revoked_at IS NULL`).Scan(&f.rescreened); err != nil {
		return err
	}
	// The job the scheduler inserts every day, inserted now: River's own table, its defaults.
	start := time.Now()
	if _, err := c.Exec(ctx, "INSERT INTO river_job (kind, args, max_attempts) VALUES ($1, '{}', 1)",
		application.DailyRescreen{}.JobKind()); err != nil {
		return fmt.Errorf("queue the daily re-screen: %w", err)
	}
	limit := time.Now().Add(30 * time.Minute)
	for {
		var finished int
		if err := c.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status IN ('done', 'failed')), count(*) FILTER (WHERE status = 'failed')
			FROM screening_runs WHERE trigger = 'daily'`).Scan(&finished, &f.rescreenFailed); err != nil {
			return err
		}
		if finished >= f.rescreened {
			break
		}
		if time.Now().After(limit) {
			return fmt.Errorf("re-screen: %d of %d runs finished after 30 minutes", finished, f.rescreened)
		}
		time.Sleep(time.Second)
	}
	var last time.Time
	if err := c.QueryRow(ctx, "SELECT max(finished_at) FROM screening_runs WHERE trigger = 'daily'").Scan(&last); err != nil {
		return err
	}
	f.rescreenTook = last.Sub(start)
	return nil
}

// indexBuildTime reads how long the server took to build its index, from its log.
func indexBuildTime(logFile string) (time.Duration, error) {
	b, err := os.ReadFile(logFile)
	if err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var line struct{ Msg, Took string }
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "screening index built" {
			return time.ParseDuration(line.Took)
		}
	}
	return 0, fmt.Errorf("%s says nothing of the screening index", logFile)
}

// scaleRows turns the figures of each size into rows: the largest size's figures against the
// budgets, each with the smaller sizes' figures beside it.
func scaleRows(figs []scaleFigures) []result {
	big := figs[len(figs)-1]
	label := fmt.Sprintf("%d entries", big.size.entries)
	smaller := func(what func(scaleFigures) string) string {
		var parts []string
		for _, f := range figs[:len(figs)-1] {
			parts = append(parts, fmt.Sprintf("; %s at %d entries", what(f), f.size.entries))
		}
		return strings.Join(parts, "")
	}
	secs := func(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }
	mb := func(f scaleFigures) string { return fmt.Sprintf("%.0f MB", f.memory.heapMB) }
	search := big.search
	search.Scenario, search.Size = "screening search at scale, one connection, evaluation queries", label
	search.Budget, search.Verdict = "p95 <= 15 ms", verdict(search.P95 <= 15)
	search.Note = fmt.Sprintf("%s; server RSS %.0f MB%s", search.Note, big.serverRSS,
		smaller(func(f scaleFigures) string { return fmt.Sprintf("p95 %.1f ms", f.search.P95) }))
	rescreen := fmt.Sprintf("%d verifications", big.rescreened)
	return []result{
		{Scenario: "screening import of the synthetic PEP list (CLI, new version)", Size: fmt.Sprintf("%d entries", big.pep),
			Requests: 1, P50: ms(big.importTook), Budget: "-", Verdict: "-",
			Note: fmt.Sprintf("%s%s", secs(big.importTook), smaller(func(f scaleFigures) string { return secs(f.importTook) }))},
		{Scenario: "screening index build in the server (entries read, then built)", Size: label, Requests: 1, P50: ms(big.build),
			Budget: "<= 60 s", Verdict: verdict(big.build <= time.Minute),
			Note: fmt.Sprintf("build %s, first search %s (reading the entries included)%s", secs(big.build), secs(big.firstSearch),
				smaller(func(f scaleFigures) string { return "build " + secs(f.build) }))},
		{Scenario: "screening index memory (live heap after GC, entries included)", Size: label, Requests: 1,
			Budget: "<= 1.5 GB", Verdict: verdict(big.memory.heapMB <= 1536),
			Note: fmt.Sprintf("%s (entries alone %.0f MB, %d names, built in %s in this process)%s", mb(big), big.memory.entriesMB,
				big.memory.names, secs(big.memory.took), smaller(mb))},
		search,
		{Scenario: "screening re-screen of every approved Top verification (the daily job)", Size: rescreen, Requests: big.rescreened,
			P50: ms(big.rescreenTook), Budget: "<= 10 min", Verdict: verdict(big.rescreenTook <= 10*time.Minute && big.rescreenFailed == 0),
			Note: fmt.Sprintf("%s against %s, %d failed%s", secs(big.rescreenTook), label, big.rescreenFailed,
				smaller(func(f scaleFigures) string {
					return fmt.Sprintf("%d verifications in %s", f.rescreened, secs(f.rescreenTook))
				}))},
	}
}
