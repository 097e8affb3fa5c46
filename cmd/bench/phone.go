package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// The slow-phone rows (issue 25, item 4): Lighthouse's mobile performance score of the pages
// people open first, at Lighthouse's default 4x CPU slowdown and at 8x (a phone half as fast), each
// the median of several runs of scripts/lighthouse.sh against the real server and the built SPA.

// phoneRowPrefix starts every slow-phone row of the table.
const phoneRowPrefix = "| slow phone: "

// phoneRuns is how many Lighthouse runs each median is taken over: single runs on two shared
// cores spread by ten points and more.
const phoneRuns = 5

// phonePage is a page as scripts/lighthouse.sh names it, and its address.
type phonePage struct{ name, path string }

// phoneSlowdowns are Lighthouse's default CPU slowdown and twice it.
var phoneSlowdowns = []int{4, 8}

var phonePages = []phonePage{{"landing", "/"}, {"auth", "/auth"}, {"dashboard", "/dashboard"}, {"public", "/v/{publicId}"}}

// phoneMedians is what scripts/lighthouse.sh -json writes for each page.
type phoneMedians struct {
	Performance    float64   `json:"performance"`
	TBT            float64   `json:"tbt"`
	LCP            float64   `json:"lcp"`
	BenchmarkIndex float64   `json:"benchmarkIndex"`
	Scores         []float64 `json:"scores"`
}

// phoneScenarios runs Lighthouse on pages at each CPU slowdown, runs times each. The smoke run
// asks for one page, one slowdown and one run: it shows that the harness still works, not the score.
func phoneScenarios(pages []phonePage, slowdowns []int, runs int) ([]result, error) {
	names := make([]string, len(pages))
	for i, p := range pages {
		names[i] = p.name
	}
	var results []result
	for _, cpu := range slowdowns {
		file := filepath.Join(os.TempDir(), fmt.Sprintf("ttt-bench-lighthouse-%d-%dx.json", os.Getpid(), cpu))
		cmd := exec.Command("scripts/lighthouse.sh", "-runs", strconv.Itoa(runs), "-cpu", strconv.Itoa(cpu),
			"-no-build", "-pages", strings.Join(names, " "), "-json", file)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return results, fmt.Errorf("scripts/lighthouse.sh at %dx: %w", cpu, err)
		}
		b, err := os.ReadFile(file)
		os.Remove(file)
		if err != nil {
			return results, err
		}
		var medians map[string]phoneMedians
		if err := json.Unmarshal(b, &medians); err != nil {
			return results, fmt.Errorf("scripts/lighthouse.sh -json: %w", err)
		}
		for _, p := range pages {
			// A key renamed on either side would read as zero and pass: every run's score and a largest
			// paint must be there.
			m, ok := medians[p.name]
			if !ok || len(m.Scores) != runs || m.LCP <= 0 {
				return results, fmt.Errorf("scripts/lighthouse.sh -json has no full medians of the %s page: %s", p.name, b)
			}
			results = append(results, phoneRow(p.path, cpu, runs, m))
		}
	}
	return results, nil
}

// phoneRow judges one page at one slowdown: a performance score of at least 90, and at 8x a total
// blocking time under 300 ms as well.
func phoneRow(path string, cpu, runs int, m phoneMedians) result {
	budget, pass := ">= 90", m.Performance >= 90
	if cpu >= 8 {
		budget, pass = ">= 90, TBT < 300 ms", pass && m.TBT < 300
	}
	verdict := "pass"
	if !pass {
		verdict = "MISS"
	}
	scores := make([]string, len(m.Scores))
	for i, s := range m.Scores {
		scores[i] = strconv.FormatFloat(s, 'f', 0, 64)
	}
	return result{
		Scenario: fmt.Sprintf("slow phone: `%s`, Lighthouse mobile performance, %dx CPU slowdown", path, cpu),
		Size:     "-", Budget: budget, Verdict: verdict, Requests: runs,
		Note: fmt.Sprintf("performance %.0f (runs %s), total blocking time %.0f ms, largest paint %.1f s; median of %d; benchmark index %.0f",
			m.Performance, strings.Join(scores, ", "), m.TBT, m.LCP/1000, runs, m.BenchmarkIndex),
	}
}
