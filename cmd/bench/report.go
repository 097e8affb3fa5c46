package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
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

// writeReport writes the results with the machine's description and the date.
func writeReport(o options, results []result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Performance\n\nMeasured by `make bench` on %s.\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(&b, "- Machine: %s, %d cores, %s memory; %s\n", cpuModel(), runtime.NumCPU(), memTotal(), runtime.Version())
	fmt.Fprintf(&b, "- Database: PostgreSQL (%s), a throwaway cluster on the same machine; seeded with `seed --per-user 50`\n", pgVersion())
	fmt.Fprintf(&b, "- Load: wrk, %d connections (signed-in lists %d, login one per core, CIS 4), %s per scenario, on the same machine as the server\n", o.connections, reviewers, o.duration)
	if o.s3.endpoint != "" {
		fmt.Fprintf(&b, "- Object store for the MinIO rows: MinIO from `scripts/minio.sh` on the same machine, a fresh bucket\n")
	}
	fmt.Fprintf(&b, "- Baseline: a bare echo handler returning a small JSON object, served by the same process\n\n")
	b.WriteString("| scenario | rows | req/s | p50 ms | p95 ms | p99 ms | x baseline | budget | result | note |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.Scenario, r.Size, num(r.RPS), num(r.P50),
			num(r.P95), num(r.P99), ratio(r.Ratio), r.Budget, r.Verdict, r.Note)
	}
	if notes, err := os.ReadFile("docs/performance-notes.md"); err == nil {
		b.WriteString("\n")
		b.Write(notes)
	}
	return os.WriteFile(o.out, []byte(b.String()), 0o644)
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
