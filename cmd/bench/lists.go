package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/tttverify/tttverify/application"
)

// listSizes are the verification counts `-only lists` and `-only public` seed when -sizes is not given: the budget's
// million and ten times less beside it, for how the cost grows.
var listSizes = []int{100_000, 1_000_000}

// listRowPrefixes start every row the list scenarios write (and `-only lists` replaces).
var listRowPrefixes = []string{"| seed (bulk insert)", "| admin list", "| admin stats", "| admin chart", "| user list"}

// The budgets for the signed-in lists at 4 connections.
const (
	adminListP95, adminListP99 = 15.0, 25.0 // ms, every admin list view and the stats
	userListP95                = 5.0        // ms, an applicant's own list of 50
	chartP95                   = 100.0      // ms, each dashboard chart over 52 weeks
)

// listView is one admin list or stats request as the dashboard sends it.
type listView struct{ name, query string }

// adminListViews are the admin list's views: the e-mail search the budget names, each status of
// the Status filter (the In Review queue as the dashboard opens it, oldest first), the claim,
// tier, company and screening filters on the queue, and every sort the list offers on "All".
func adminListViews() []listView {
	views := []listView{
		{"status + e-mail filter, page 3, sort", "status=in_review&email=trader0001&page=3&pageSize=10&sort=createdAt&order=desc"},
		{"In Review queue (default view), page 1", "status=in_review&page=1&pageSize=10&sort=reviewSince&order=asc"},
		{"In Review queue, newest wait first", "status=in_review&page=1&pageSize=10&sort=reviewSince&order=desc"},
		{"In Review queue, page 50", "status=in_review&page=50&pageSize=10&sort=reviewSince&order=asc"},
		{"In Review queue, claim: mine", "status=in_review&claim=mine&page=1&pageSize=10&sort=reviewSince&order=asc"},
		{"In Review queue, claim: unclaimed", "status=in_review&claim=unclaimed&page=1&pageSize=10&sort=reviewSince&order=asc"},
		{"In Review queue, tier: top", "status=in_review&tier=top&page=1&pageSize=10&sort=reviewSince&order=asc"},
		{"In Review queue, company search", "status=in_review&company=trading+1234&page=1&pageSize=10&sort=reviewSince&order=asc"},
		{"all, screening needs attention", "screening=attention&page=1&pageSize=10&sort=createdAt&order=desc"},
	}
	for _, st := range []string{"all", "submitted", "approved", "rejected", "revoked", "expired", "draft"} {
		views = append(views, listView{"status " + st, "status=" + st + "&page=1&pageSize=10&sort=createdAt&order=desc"})
	}
	for _, sort := range []application.SortField{application.SortID, application.SortPublicID, application.SortCompany,
		application.SortTier, application.SortStatus, application.SortCreatedAt} {
		for _, order := range []string{"desc", "asc"} {
			views = append(views, listView{fmt.Sprintf("all, sort %s %s", sort, order),
				fmt.Sprintf("page=1&pageSize=10&sort=%s&order=%s", sort, order)})
		}
	}
	return views
}

// statsViews are the stats requests the dashboard makes beside the list: it sends the list's filters.
var statsViews = []listView{
	{"default", ""},
	{"tier filter", "tier=basic"},
	{"claim: mine", "claim=mine"},
	{"claim: unclaimed", "claim=unclaimed"},
	{"e-mail filter", "email=trader0001"},
	{"company search", "company=trading+1234"},
}

// listRun is what the list scenarios need from the size they run at.
type listRun struct {
	team                           wrk // at the reviewers' concurrency
	label, adminCookie, userCookie string
	warmUps                        int // how many times each request is sent before any is measured
}

// listWarmUps is how many times each list request is sent, unmeasured, before any is measured.
const listWarmUps = 200

// listRequest is one view the list scenarios measure, with its budget.
type listRequest struct {
	name, path, cookie, budget string
	pass                       func(result) bool
}

// listRequests are every admin list view, the stats, an applicant's own list and the dashboard
// charts, each with its budget.
func listRequests(r listRun) []listRequest {
	adminBudget := fmt.Sprintf("p95 < %.0f ms, p99 < %.0f ms", adminListP95, adminListP99)
	adminPass := func(res result) bool { return res.P95 < adminListP95 && res.P99 < adminListP99 }
	var reqs []listRequest
	for _, v := range adminListViews() {
		reqs = append(reqs, listRequest{"admin list: " + v.name, "/api/admin/verifications?" + v.query, r.adminCookie, adminBudget, adminPass})
	}
	for _, v := range statsViews {
		reqs = append(reqs, listRequest{"admin stats (" + v.name + ")", "/api/admin/verifications/stats?" + v.query, r.adminCookie, adminBudget, adminPass})
	}
	reqs = append(reqs, listRequest{"user list (50 verifications)", "/api/verifications?page=1&pageSize=10", r.userCookie,
		fmt.Sprintf("p95 < %.0f ms", userListP95), func(res result) bool { return res.P95 < userListP95 }})
	for _, name := range application.ChartNames {
		reqs = append(reqs, listRequest{"admin chart: " + name + ", 52 weeks", "/api/admin/charts/" + url.PathEscape(name) + "?weeks=52", r.adminCookie,
			fmt.Sprintf("p95 < %.0f ms", chartP95), func(res result) bool { return res.P95 < chartP95 }})
	}
	return reqs
}

// listScenarios measures the list requests, each against its budget. Each is first sent
// r.warmUps times unmeasured, as a server in service has answered it: its database connections
// open, their statements prepared and planned, the pages they read cached. Without it the first
// view measured after a start pays for all of that.
func listScenarios(r listRun) []result {
	reqs := listRequests(r)
	var results []result
	for _, q := range reqs {
		if err := r.warmUp(q); err != nil {
			return append(results, missed(result{Scenario: q.name, Size: r.label, Budget: q.budget}, err))
		}
	}
	for _, q := range reqs {
		res := r.team.run(q.name, r.label, "GET", q.path, "", q.cookie, "")
		res.Budget = q.budget
		res.Verdict = verdict(res.Requests > 0 && res.NonSuccess == 0 && q.pass(res))
		results = append(results, res)
	}
	return results
}

// warmUp sends q r.warmUps times, at the team's concurrency, and fails on an answer other than 200.
func (r listRun) warmUp(q listRequest) error {
	g := errgroup.Group{}
	for c := range r.team.connections {
		g.Go(func() error {
			for i := c; i < r.warmUps; i += r.team.connections {
				req, err := http.NewRequest("GET", r.team.base+q.path, nil)
				if err != nil {
					return err
				}
				req.Header.Set("Cookie", q.cookie)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					return err
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					return fmt.Errorf("warm-up of %s: status %d", q.path, res.StatusCode)
				}
			}
			return nil
		})
	}
	return g.Wait()
}

// listsOnly is `-only lists`: each size seeded and measured on its own, the smaller first.
func listsOnly(ctx context.Context, o options, script string) ([]result, error) {
	var results []result
	for _, size := range o.sizes {
		rs, err := runSize(ctx, o, script, size, false)
		results = append(results, rs...)
		if err != nil {
			return results, err
		}
	}
	noteGrowth(results)
	return results, nil
}

// flagGiven reports whether the command line set the named flag.
func flagGiven(name string) bool {
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// noteGrowth notes beside each row measured at more than one size how its p95 grew from the
// smallest size, so the report shows how cost grows with the rows.
func noteGrowth(results []result) {
	first := map[string]result{}
	for i, r := range results {
		smallest, seen := first[r.Scenario]
		if !seen {
			first[r.Scenario] = r
			continue
		}
		if smallest.P95 > 0 && r.P95 > 0 {
			growth := fmt.Sprintf("p95 %.1fx that at %s rows", r.P95/smallest.P95, smallest.Size)
			results[i].Note = strings.TrimPrefix(r.Note+"; "+growth, "; ")
		}
	}
}
