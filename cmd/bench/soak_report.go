package main

import (
	"fmt"
	"maps"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// soakReport is everything a soak measured.
type soakReport struct {
	Options           soakOptions
	Started, Finished time.Time
	Samples           []sample
	Steady            steady
	Soak              map[string]classCount
	SoakMessages      map[string]int
	Kill              *killResult
	Postgres, MinIO   *outageResult
	Final             *finalCheck
	FullDisk          *fullDiskResult
	Failures          map[string]int // the server's 500 answers by route and logged error
}

// verdicts are the pass/fail lines, in the order of the issue.
func (r *soakReport) verdicts() []string {
	var out []string
	add := func(ok bool, what string) {
		mark := "pass"
		if !ok {
			mark = "FAIL"
		}
		out = append(out, fmt.Sprintf("- **%s** %s", mark, what))
	}
	unavail, other := fiveXX(r.Soak)
	total := 0
	for _, c := range r.Soak {
		total += c.N
	}
	add(unavail+other == 0, fmt.Sprintf("%s of mixed load: %d requests, %d answered 5xx", r.Options.duration, total, unavail+other))
	s := r.Steady
	add(s.RSS.flat(0.15, 10) && s.Heap.flat(0.2, 5), fmt.Sprintf("memory flat after the %s warm-up: resident %.1f MB in the first minute, %.1f MB in the last (range %.1f–%.1f); live heap %.1f → %.1f MB (trend %+.2f MB/min)",
		r.Options.warmup, s.RSS.FirstMinute, s.RSS.LastMinute, s.RSS.Min, s.RSS.Max, s.Heap.FirstMinute, s.Heap.LastMinute, s.Heap.PerMinute))
	add(s.Goroutines.flat(0.2, 10), fmt.Sprintf("goroutines flat after the warm-up: %.0f in the first minute, %.0f in the last (range %.0f–%.0f, trend %+.2f/min)",
		s.Goroutines.FirstMinute, s.Goroutines.LastMinute, s.Goroutines.Min, s.Goroutines.Max, s.Goroutines.PerMinute))
	if k := r.Kill; k != nil {
		c := k.Check
		add(k.SweptAll && len(c.Orphans) == 0 && len(c.Missing) == 0 && c.Incomplete == 0 && c.Pending == 0 && c.Err == "",
			fmt.Sprintf("SIGKILL during %d uploads: restarted in %s; %d unfinished multipart uploads and %d journal entries at the kill, swept in %s; then %d objects, %d owning rows, %d orphan objects, %d rows without their object",
				k.UploadsInFlight, k.Restart.Round(time.Millisecond), k.IncompleteAtKill, k.PendingAtKill, k.Swept.Round(time.Second),
				c.Objects, c.Rows, len(c.Orphans), len(c.Missing)))
	}
	if p := r.Postgres; p != nil {
		unavail, other := fiveXX(p.During)
		_, afterOther := fiveXX(p.After)
		refused := signedOut(p.During) + signedOut(p.After)
		add(other == 0 && afterOther == 0 && refused == 0 && p.RecoveredOK && p.SameProcess && p.Health[http200] > 0 && p.Health[0] == 0,
			fmt.Sprintf("PostgreSQL stopped for %s under load: %d answers 503, %d other 5xx, %d signed-in requests answered 401; /healthz %s, /readyz %s; writes again %s after it was back, same server process",
				p.Down, unavail, other, refused, statuses(p.Health), statuses(p.Ready), p.Recovered.Round(time.Millisecond)))
	}
	if m := r.MinIO; m != nil {
		up, down := m.During[classUpload], m.During[classDownload]
		var objectless, objectlessBad int
		for class, c := range m.During {
			if class != classUpload && class != classDownload {
				objectless += c.N
				objectlessBad += c.Server + c.Unavailable + c.Transport
			}
		}
		_, afterOther := fiveXX(m.After)
		add(up.Server == 0 && down.Server == 0 && objectlessBad == 0 && afterOther == 0 && m.RecoveredOK && m.SameProcess,
			fmt.Sprintf("MinIO stopped for %s under load: uploads %d (503: %d), downloads %d (503: %d), %d requests that need no object with %d failures; uploads again %s after it was back",
				m.Down, up.N, up.Unavailable, down.N, down.Unavailable, objectless, objectlessBad, m.Recovered.Round(time.Millisecond)))
	}
	if f := r.Final; f != nil {
		c := f.Check
		add(f.Settled && len(c.Orphans) == 0 && len(c.Missing) == 0 && c.Incomplete == 0 && c.Err == "",
			fmt.Sprintf("%s: journal empty after %s; %d objects, %d owning rows, %d orphans, %d rows without their object, %d unfinished uploads",
				f.When, f.Waited.Round(time.Second), c.Objects, c.Rows, len(c.Orphans), len(c.Missing), c.Incomplete))
	}
	if d := r.FullDisk; d != nil {
		if d.Skipped != "" {
			out = append(out, "- **skipped** DATA_DIR on a full filesystem: "+d.Skipped)
		} else {
			clean := true
			for _, a := range d.WhenFull {
				clean = clean && !strings.HasPrefix(a, "500")
			}
			add(clean && d.IntegrityFull == "ok" && d.IntegrityAfter == "ok" && d.ServerAlive && d.AfterFreeing["save a section"] == 200 &&
				d.AfterFreeing["upload 1 MB"] == 201 && d.Orphans == 0,
				fmt.Sprintf("DATA_DIR on a full %s (SQLite): no 500, integrity_check %q while full and %q after, writes work again once space is freed, %d orphan files",
					d.Size, d.IntegrityFull, d.IntegrityAfter, d.Orphans))
		}
	}
	return out
}

const http200 = 200

func statuses(m map[int]int) string {
	var parts []string
	for _, k := range []int{200, 503, 0} {
		if m[k] > 0 {
			name := fmt.Sprint(k)
			if k == 0 {
				name = "no answer"
			}
			parts = append(parts, fmt.Sprintf("%s ×%d", name, m[k]))
		}
	}
	for k, n := range m {
		if k != 200 && k != 503 && k != 0 {
			parts = append(parts, fmt.Sprintf("%d ×%d", k, n))
		}
	}
	return strings.Join(parts, ", ")
}

// writeSoakReport writes docs/reliability.md.
func writeSoakReport(path string, r *soakReport) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Reliability\n\nMeasured by `make soak` on %s (%s).\n\n", r.Started.Format("2006-01-02 15:04 MST"),
		r.Finished.Sub(r.Started).Round(time.Second))
	fmt.Fprintf(&b, "- Machine: %s, %d cores, %s memory; %s; %s\n", cpuModel(), runtime.NumCPU(), memTotal(), runtime.Version(), loadAverage())
	fmt.Fprintf(&b, "- Server: the real binary on PostgreSQL (%s) and MinIO, both throwaway on the same machine; simulated card payments, 2 job workers, `HTTP_TRANSFER_TIMEOUT=15s`\n", pgVersion())
	fmt.Fprintf(&b, "- Load: %d applicants (register or sign in, start a verification, save four sections, upload a passport and three documents — every tenth 3 MB, the rest 40 KB — replace one, download one, submit, pay by card), %d administrators (stats, review queue, detail, approve or reject) and %d counterparties (public certificate and company), with short pauses between clicks\n\n",
		r.Options.applicants, r.Options.admins, r.Options.readers)
	b.WriteString("## Verdict\n\n")
	for _, v := range r.verdicts() {
		b.WriteString(v + "\n")
	}
	fmt.Fprintf(&b, "\n## Mixed load (%s)\n\n", r.Options.duration)
	b.WriteString(classTable(r.Soak))
	if len(r.SoakMessages) > 0 {
		b.WriteString("\n5xx answers: " + messages(r.SoakMessages) + "\n")
	}
	fmt.Fprintf(&b, "\n### Memory and goroutines\n\nSampled every 5 s (every 30 s shown); the first %s are the warm-up.\n\n", r.Options.warmup)
	b.WriteString("| t | RSS MB | live heap MB | goroutines | open files | requests | req/s since the previous row | 5xx |\n|---|---|---|---|---|---|---|---|\n")
	var prev sample
	for i, s := range r.Samples {
		if i%6 != 0 && i != len(r.Samples)-1 {
			continue
		}
		rate := 0.0
		if dt := (s.At - prev.At).Seconds(); i > 0 && dt > 0 { // the first sample has no previous one
			rate = float64(s.Requests-prev.Requests) / dt
		}
		fmt.Fprintf(&b, "| %s | %.1f | %.1f | %d | %d | %d | %.0f | %d |\n", s.At.Round(time.Second), s.RSS, s.Heap, s.Goroutines, s.Files, s.Requests, rate, s.FiveXX)
		prev = s
	}
	b.WriteString("\n| after the warm-up | first minute (mean) | last minute (mean) | min | max | least-squares trend per minute |\n|---|---|---|---|---|---|\n")
	for _, m := range []struct {
		name string
		d    drift
	}{{"resident memory, MB", r.Steady.RSS}, {"live heap after a collection, MB", r.Steady.Heap}, {"goroutines", r.Steady.Goroutines}} {
		fmt.Fprintf(&b, "| %s | %.1f | %.1f | %.1f | %.1f | %+.2f |\n", m.name, m.d.FirstMinute, m.d.LastMinute, m.d.Min, m.d.Max, m.d.PerMinute)
	}
	b.WriteString("\nResident memory rises and falls with the collector's cycle (a collection every few seconds under this load; the runtime returns freed pages to the system lazily), so the verdict compares the means of the first and last minute after the warm-up (within 15%) and checks the live heap, measured right after a collection (within 20%). Goroutines are the server's own (job workers, pools, the profiler) plus one per request in flight.\n")

	b.WriteString("\n## Injected faults\n\n")
	if k := r.Kill; k != nil {
		fmt.Fprintf(&b, "### SIGKILL during uploads\n\nThe other load paused; %d applicants each streamed a 12 MB PDF at about 2 MB/s; 4 s in, the server got SIGKILL. "+
			"At that moment MinIO held %d unfinished multipart uploads and `pending_objects` %d entries. The server was started again on the same address (ready in %s); "+
			"its sweeper removes journal entries older than the transfer timeout plus a minute, so the check waited for the journal to empty (%s).\n\n",
			k.UploadsInFlight, k.IncompleteAtKill, k.PendingAtKill, k.Restart.Round(time.Millisecond), k.Swept.Round(time.Second))
		b.WriteString(consistencyLine(k.Check) + "\n\n")
	}
	if p := r.Postgres; p != nil {
		fmt.Fprintf(&b, "### PostgreSQL stopped under load\n\n`pg_ctl stop -m fast`, %s down, `pg_ctl start` with the same options; the server was not restarted. "+
			"`/healthz` answered %s and `/readyz` %s during the outage; the first write succeeded %s after PostgreSQL was back.\n\n",
			p.Down, statuses(p.Health), statuses(p.Ready), p.Recovered.Round(time.Millisecond))
		b.WriteString(outageTables(p))
	}
	if m := r.MinIO; m != nil {
		fmt.Fprintf(&b, "### MinIO stopped under load\n\nSIGTERM, %s down, started again on the same port and data; the first upload succeeded %s after it was back.\n\n",
			m.Down, m.Recovered.Round(time.Millisecond))
		b.WriteString(outageTables(m))
	}
	if f := r.Final; f != nil {
		fmt.Fprintf(&b, "### Nothing left behind\n\n%s (journal empty after %s): %s\n\n", f.When, f.Waited.Round(time.Second), consistencyLine(f.Check))
	}
	if d := r.FullDisk; d != nil {
		b.WriteString("### DATA_DIR on a full filesystem\n\n")
		if d.Skipped != "" {
			b.WriteString("Skipped: " + d.Skipped + "\n")
		} else {
			fmt.Fprintf(&b, "A server on SQLite with the local file store and DATA_DIR on a %s. 2 MB uploads answered %v until one no longer fitted; then a file of ours took the rest of the filesystem, to the last byte. Then:\n\n",
				d.Size, d.Uploads)
			b.WriteString("| request | answer |\n|---|---|\n")
			for _, k := range sortedKeys(d.WhenFull) {
				fmt.Fprintf(&b, "| %s | %s |\n", k, d.WhenFull[k])
			}
			fmt.Fprintf(&b, "\n`PRAGMA integrity_check` while full: %s. After removing our file: save a section %d, upload 1 MB %d. "+
				"After stopping the server: integrity_check %s; %d stored files, %d document rows, %d files without a row. The server process lived throughout: %v.\n",
				d.IntegrityFull, d.AfterFreeing["save a section"], d.AfterFreeing["upload 1 MB"], d.IntegrityAfter, d.FilesStored, d.RowsStored, d.Orphans, d.ServerAlive)
		}
	}
	if len(r.Failures) > 0 {
		b.WriteString("\n### Answered 500\n\nFrom the server's log, by route and the error it logged:\n\n")
		for _, k := range sortedKeys(r.Failures) {
			fmt.Fprintf(&b, "- `%s` ×%d\n", k, r.Failures[k])
		}
	}
	if kept := badInputSection(path); kept != "" {
		b.WriteString("\n" + kept)
	}
	b.WriteString("\n## How to run it\n\n`make soak` (not part of `make test`): builds the server and `cmd/bench`, starts a throwaway PostgreSQL and MinIO, " +
		"and runs `bin/bench -soak 5m`, which writes this file. It needs root for the full-filesystem fault (a tmpfs mount) and about 15 minutes.\n")
	return os.WriteFile(path, []byte(b.String()), 0o644) //nolint:gosec // G306: a document of the repository
}

// badInputSection is the "## Bad input" section of the report at path, which
// tests/malformed_test.go writes and the soak keeps, or "" when there is none.
func badInputSection(path string) string {
	old, err := os.ReadFile(path) //nolint:gosec // G304: the report's own path
	if err != nil {
		return ""
	}
	text := string(old)
	start := strings.Index(text, "\n## Bad input\n")
	if start < 0 {
		return ""
	}
	section := text[start+1:]
	if end := strings.Index(section[1:], "\n## "); end >= 0 {
		section = section[:end+2]
	}
	return strings.TrimRight(section, "\n") + "\n"
}

func classTable(counts map[string]classCount) string {
	var b strings.Builder
	b.WriteString("| requests | n | 2xx/3xx | 4xx | 503 | other 5xx | no answer | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, class := range classes {
		c, ok := counts[class]
		if !ok {
			continue
		}
		p50, p95, p99 := latencies(c)
		client := strconv.Itoa(c.Client)
		if len(c.ClientCodes) > 0 {
			var codes []string
			for _, code := range slices.Sorted(maps.Keys(c.ClientCodes)) {
				codes = append(codes, fmt.Sprintf("%d×%d", code, c.ClientCodes[code]))
			}
			client += " (" + strings.Join(codes, ", ") + ")"
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %d | %d | %d | %.1f | %.1f | %.1f |\n", class, c.N, c.OK, client, c.Unavailable, c.Server, c.Transport, p50, p95, p99)
	}
	return b.String()
}

func messages(m map[string]int) string {
	var parts []string
	for _, k := range sortedKeys(m) {
		parts = append(parts, fmt.Sprintf("%q ×%d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

func consistencyLine(c consistency) string {
	if c.Err != "" {
		return "check failed: " + c.Err
	}
	line := fmt.Sprintf("%d objects under `verifications/`, %d rows owning one (documents not purged, CIS forms), %d journal entries, %d unfinished multipart uploads; "+
		"%d objects without a row, %d rows without their object.", c.Objects, c.Rows, c.Pending, c.Incomplete, len(c.Orphans), len(c.Missing))
	if len(c.Orphans) > 0 {
		line += " Orphans: " + strings.Join(c.Orphans[:min(5, len(c.Orphans))], ", ")
	}
	if len(c.Missing) > 0 {
		line += " Missing: " + strings.Join(c.Missing[:min(5, len(c.Missing))], ", ")
	}
	return line
}

// outageTables are the answers while a dependency was down and in the 20 s after it was back,
// each with the texts of the 5xx answers.
func outageTables(o *outageResult) string {
	var b strings.Builder
	for _, part := range []struct {
		title string
		count map[string]classCount
		texts map[string]int
	}{{"While it was down:", o.During, o.DuringMessages}, {"The 20 s after it was back:", o.After, o.AfterMessages}} {
		b.WriteString(part.title + "\n\n" + classTable(part.count))
		if len(part.texts) > 0 {
			b.WriteString("\n5xx answers: " + messages(part.texts) + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}
