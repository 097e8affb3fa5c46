package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"strings"

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
}

// listScenarios measures every admin list view, the stats, the dashboard charts and an applicant's
// own list, each against its budget.
func listScenarios(r listRun) []result {
	var results []result
	admin := func(name, path string) {
		res := r.team.run(name, r.label, "GET", path, "", r.adminCookie, "")
		res.Budget = fmt.Sprintf("p95 < %.0f ms, p99 < %.0f ms", adminListP95, adminListP99)
		res.Verdict = verdict(res.Requests > 0 && res.NonSuccess == 0 && res.P95 < adminListP95 && res.P99 < adminListP99)
		results = append(results, res)
	}
	for _, v := range adminListViews() {
		admin("admin list: "+v.name, "/api/admin/verifications?"+v.query)
	}
	for _, v := range statsViews {
		admin("admin stats ("+v.name+")", "/api/admin/verifications/stats?"+v.query)
	}
	user := r.team.run("user list (50 verifications)", r.label, "GET", "/api/verifications?page=1&pageSize=10", "", r.userCookie, "")
	user.Budget, user.Verdict = fmt.Sprintf("p95 < %.0f ms", userListP95), verdict(user.Requests > 0 && user.P95 < userListP95)
	results = append(results, user)
	for _, name := range application.ChartNames {
		c := r.team.run("admin chart: "+name+", 52 weeks", r.label, "GET", "/api/admin/charts/"+url.PathEscape(name)+"?weeks=52", "", r.adminCookie, "")
		c.Budget, c.Verdict = fmt.Sprintf("p95 < %.0f ms", chartP95), verdict(c.Requests > 0 && c.NonSuccess == 0 && c.P95 < chartP95)
		results = append(results, c)
	}
	return results
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
