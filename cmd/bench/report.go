package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

func printTable(w io.Writer, results []result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "scenario\trows\treq/s\tp50 ms\tp95 ms\tp99 ms\tx baseline\tbudget\tresult\tnote")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Scenario, r.Size, num(r.RPS), num(r.P50), num(r.P95),
			num(r.P99), ratio(r.Ratio), r.Budget, r.Verdict, r.Note)
	}
	tw.Flush()
}

func num(f float64) string {
	if f == 0 {
		return "-"
	}
	if f >= 100 {
		return fmt.Sprintf("%.0f", f)
	}
	return fmt.Sprintf("%.2f", f)
}

func ratio(f float64) string {
	if f == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", f)
}

// writeReport writes the results with the machine's description and the date. With -only
// screening (scale, public) it replaces those rows of the existing report and keeps the others.
func writeReport(o options, results []result) error {
	switch o.only {
	case "screening":
		return replaceRows(o.out, results, []string{screeningRowPrefix}, "Screening rows", "scripts/bench.sh -only screening")
	case "scale":
		return replaceRows(o.out, results, []string{scaleRowPrefix}, "Scale-out rows", "scripts/bench.sh -only scale")
	case "uploads":
		return replaceRows(o.out, results, []string{uploadRowPrefix}, "Upload rows", "scripts/bench.sh -only uploads")
	case "lists":
		return replaceRows(o.out, results, listRowPrefixes, "List rows", "scripts/bench.sh -only lists")
	case "public":
		return replaceRows(o.out, results, []string{publicRowPrefix}, "Public rows", "scripts/bench.sh -only public")
	case "phone":
		return replaceRows(o.out, results, []string{phoneRowPrefix}, "Slow-phone rows", "scripts/bench.sh -only phone")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Performance\n\nMeasured by `make bench` on %s.\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(&b, "- Machine: %s, %d cores, %s memory; %s\n", cpuModel(), runtime.NumCPU(), memTotal(), runtime.Version())
	fmt.Fprintf(&b, "- Database: PostgreSQL (%s), a throwaway cluster on the same machine; seeded with `seed --per-user 50` (which ends with `VACUUM ANALYZE`), then checkpointed\n", pgVersion())
	fmt.Fprintf(&b, "- Load: wrk, %d connections (signed-in lists %d, login one per core, CIS 4), %s per scenario, on the same machine as the server\n", o.connections, reviewers, o.duration)
	if o.s3.endpoint != "" {
		fmt.Fprintf(&b, "- Object store for the MinIO rows: MinIO from `scripts/minio.sh` on the same machine, a fresh bucket\n")
	}
	fmt.Fprintf(&b, "- Machine load: %s\n", loadAverage())
	fmt.Fprintf(&b, "- Baseline: a bare echo handler returning a small JSON object, served by the same process; for the "+
		"public rows it is asked with a certificate's id in the query, as the routes are in the path, so that wrk does the same work per request, "+
		"and alternated with each public route's row in three turns, against which the row is judged\n\n")
	b.WriteString("| scenario | rows | req/s | p50 ms | p95 ms | p99 ms | x baseline | budget | result | note |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		b.WriteString(row(r))
	}
	if notes, err := os.ReadFile(notesPath); err == nil {
		b.WriteString("\n")
		b.Write(notes)
	}
	return os.WriteFile(o.out, []byte(b.String()), 0o644)
}

// notesPath holds the findings written below the table: what was measured, tried and changed.
const notesPath = "docs/performance-notes.md"

func row(r result) string {
	return fmt.Sprintf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.Scenario, r.Size, num(r.RPS), num(r.P50),
		num(r.P95), num(r.P99), ratio(r.Ratio), r.Budget, r.Verdict, r.Note)
}

// screeningRowPrefix starts every screening row of the table.
const screeningRowPrefix = "| screening "

// replaceRows puts a group of rows (those starting with any of prefixes) in place of the group's rows in the
// report at path, before the SPA row (or at the end of the table), and says in a line starting
// with "- <label>:" when and how (by command) they were measured. The findings below the table
// are those of docs/performance-notes.md as it is now, as after a full run.
func replaceRows(path string, results []result, prefixes []string, label, command string) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s updates an existing report: %w", command, err)
	}
	if notes, err := os.ReadFile(notesPath); err == nil {
		if i := bytes.Index(old, []byte("\n## ")); i >= 0 {
			old = append(old[:i+1:i+1], notes...)
		}
	}
	var rows strings.Builder
	for _, r := range results {
		rows.WriteString(row(r))
	}
	stamp := fmt.Sprintf("- %s: measured by `%s` on %s (the other rows keep the date above); %s\n",
		label, command, time.Now().UTC().Format("2006-01-02 15:04 MST"), loadAverage())
	var b strings.Builder
	inTable, placed := false, false
	for _, line := range strings.SplitAfter(string(old), "\n") {
		switch {
		case strings.HasPrefix(line, "- "+label+":"):
			continue
		case strings.HasPrefix(line, "- Baseline:"):
			b.WriteString(stamp)
		case slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(line, p) }):
			continue
		case strings.HasPrefix(line, "|"):
			inTable = true
			if strings.HasPrefix(line, "| SPA first load") && !placed {
				b.WriteString(rows.String())
				placed = true
			}
		case inTable && !placed:
			b.WriteString(rows.String())
			placed = true
		}
		b.WriteString(line)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// loadAverage describes how busy the machine was when the report was written: the benchmark's own
// server, database and load generator, and any other work on the cores, which slows every figure.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	fields := strings.Fields(string(b))
	if err != nil || len(fields) < 3 {
		return "load average unknown"
	}
	return fmt.Sprintf("load average %s / %s / %s (1, 5, 15 min) on %d cores at the end of the run, the benchmark's own work included",
		fields[0], fields[1], fields[2], runtime.NumCPU())
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "model name") {
			return strings.TrimSpace(strings.SplitN(line, ":", 2)[1])
		}
	}
	return runtime.GOARCH
}

func memTotal() string {
	b, _ := os.ReadFile("/proc/meminfo")
	var kb int
	if _, err := fmt.Sscanf(strings.TrimPrefix(strings.SplitN(string(b), "\n", 2)[0], "MemTotal:"), "%d", &kb); err != nil {
		return "unknown"
	}
	return fmt.Sprintf("%.0f GiB", float64(kb)/1024/1024)
}

func pgVersion() string {
	out, err := exec.Command("psql", "--version").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}
