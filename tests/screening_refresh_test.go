package tests

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// listServer is a publisher's server for the UN list: it serves the file, or answers 500 while
// failing, and counts the requests.
type listServer struct {
	*httptest.Server
	failing  atomic.Bool
	requests atomic.Int32
}

func newListServer(t *testing.T) *listServer {
	t.Helper()
	file := listFile(t, "testdata/un/consolidated.xml").Data
	s := &listServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		s.requests.Add(1)
		if s.failing.Load() {
			http.Error(w, "upstream broken", http.StatusInternalServerError)
			return
		}
		_, _ = w.Write(file)
	}))
	t.Cleanup(s.Close)
	return s
}

// withUNServer points the UN list's address at srv, turns the scheduled refresh on at its defaults
// (every 24 h, out of date after 72 h) and makes a failed list's second attempt come at once.
func withUNServer(srv *listServer) envOption {
	return func(_ *testing.T, e *env) {
		e.cfg.ScreeningURLs["SCREENING_URL_UN"] = srv.URL + "/consolidated.xml"
		e.cfg.ScreeningFetchInterval, e.cfg.ScreeningStaleAfter = 24*time.Hour, 72*time.Hour
		e.hooks.ScreeningFetchRetries = []time.Duration{time.Millisecond}
	}
}

// freshness reads the admin page's account of the lists (a fresh session for adm: the tests' clock
// jumps by days, past an administrator's session).
func freshness(t *testing.T, adm *client) api.ListsFreshness {
	t.Helper()
	var f api.ListsFreshness
	adm.must(http.StatusOK, "GET", "/api/admin/screening/freshness", nil).JSON(t, &f)
	return f
}

func unFreshness(t *testing.T, adm *client) api.ListFreshness {
	t.Helper()
	for _, l := range freshness(t, adm).Lists {
		if l.Source == "un" {
			return l
		}
	}
	t.Fatal("the UN list is not on the page")
	return api.ListFreshness{}
}

// outOfDateMails counts the out-of-date e-mails in the outbox.
func outOfDateMails(t *testing.T, e *env) int {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(e.cfg.DataDir, "outbox", "*.eml"))
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "Subject: [Screening] The UN list is out of date") {
			n++
		}
	}
	return n
}

// The scheduled refresh fetches a list once its last attempt is a day old. While the publisher
// answers 500 the version in force stays, every attempt (two per run) is recorded with its reason in
// plain words, and the administrators hear of it, by bell and e-mail, only once the list is older than
// SCREENING_STALE_AFTER, and once per episode; a successful fetch ends the episode, and the next one
// is told again.
func TestScheduledRefreshKeepsTheListAndAlertsOnceWhenStale(t *testing.T) {
	forEachEngine(t, func(t *testing.T, url string) {
		srv := newListServer(t) // its own: the engines run in parallel and the test turns it on and off
		e := newEnv(t, url, withMail(nil), withUNServer(srv))
		ctx := context.Background()
		e.startWorkers(t)
		out, err := e.Svc.Screening.FetchLists(ctx, application.System, []screening.Source{screening.UN})
		if err != nil || out[0].Err != nil {
			t.Fatalf("manual fetch: %v %+v", err, out)
		}
		v1 := out[0].Result.Version
		un := unFreshness(t, e.admin(t))
		if un.Stale || !un.Scheduled || un.LastAttempt == nil || !un.LastAttempt.OK || un.LastAttempt.By != "system" ||
			un.LastSuccessAt == nil || !un.LastSuccessAt.Equal(un.LastAttempt.FinishedAt) {
			t.Fatalf("after the manual fetch: %+v %+v", un, un.LastAttempt)
		}
		success := *un.LastSuccessAt

		refresh := func(after time.Duration) {
			t.Helper()
			e.clock.Advance(after)
			if err := e.Svc.Screening.RefreshLists(ctx); err != nil {
				t.Fatalf("refresh: %v", err)
			}
		}
		attempts := func() int { return e.count(t, "SELECT count(*) FROM screening_fetch_attempts WHERE source = 'un'") }
		alerts := func() int {
			return e.count(t, "SELECT count(*) FROM notifications WHERE kind = 'list_out_of_date'")
		}

		// Not due an hour later: nothing is fetched.
		refresh(time.Hour)
		if n := attempts(); n != 1 || srv.requests.Load() == 0 {
			t.Fatalf("%d attempts an hour after the manual fetch, want 1", n)
		}

		srv.failing.Store(true)
		refresh(23 * time.Hour) // 24 h old: due; two failed attempts
		refresh(24 * time.Hour) // 48 h
		refresh(23 * time.Hour) // 71 h: not due (the last attempt is 23 h old), not stale yet
		if n := attempts(); n != 5 {
			t.Fatalf("%d attempts after two failed runs, want 1 + 2 x 2", n)
		}
		un = unFreshness(t, e.admin(t))
		if un.Stale || un.LastAttempt.OK || un.LastAttempt.By != "scheduler" || !un.LastSuccessAt.Equal(success) ||
			!strings.Contains(un.LastAttempt.Error, "answered 500 Internal Server Error") || strings.Contains(un.LastAttempt.Error, "http") {
			t.Fatalf("after failing for 71 h: %+v %+v", un, un.LastAttempt)
		}
		if n := alerts(); n != 0 {
			t.Fatalf("%d alerts before the list is 72 h old", n)
		}
		if v, err := e.Svc.Screening.ListVersions(ctx, application.System); err != nil || len(v) != 1 || !v[0].InForce || v[0].ID != v1.ID {
			t.Fatalf("versions after failed fetches: %+v %v", v, err)
		}

		refresh(2 * time.Hour) // 73 h: due again, fails, and the list is out of date
		if n := attempts(); n != 7 {
			t.Fatalf("%d attempts after three failed runs, want 7", n)
		}
		if !unFreshness(t, e.admin(t)).Stale {
			t.Fatal("the list is 73 h old and not marked out of date")
		}
		list, _, _ := e.admin(t).bell("?pageSize=100")
		if len(list) != 1 || list[0].Kind != "list_out_of_date" || list[0].Link == nil || *list[0].Link != "/admin/screening" ||
			!strings.Contains(list[0].Body, "The UN list was last updated on") || !strings.Contains(list[0].Body, "answered 500") {
			t.Fatalf("bell %+v", list)
		}
		e.waitUntil(t, "the out-of-date e-mail in the outbox", func() bool { return outOfDateMails(t, e) == 1 })

		// Later runs of the same episode, due or not, tell nobody again.
		refresh(time.Hour)
		refresh(22 * time.Hour)
		e.waitJobsIdle(t)
		if n, m := alerts(), outOfDateMails(t, e); n != 1 || m != 1 {
			t.Fatalf("%d alerts and %d e-mails within one episode, want 1", n, m)
		}

		// The publisher is back: the next due run succeeds and the list is no longer out of date.
		srv.failing.Store(false)
		refresh(24 * time.Hour)
		un = unFreshness(t, e.admin(t))
		if un.Stale || !un.LastAttempt.OK || un.LastAttempt.Error != "" || !un.LastSuccessAt.After(success) {
			t.Fatalf("after a successful fetch: %+v %+v", un, un.LastAttempt)
		}

		// A new episode is told again.
		srv.failing.Store(true)
		for range 3 {
			refresh(24 * time.Hour)
		}
		refresh(2 * time.Hour)
		if n := alerts(); n != 2 {
			t.Fatalf("%d alerts after a second episode, want 2", n)
		}
	})
}

// withDataDir puts the environment's SQLite file, objects and outbox in dir, so that two
// environments share one SQLite database as two PostgreSQL servers share theirs.
func withDataDir(dir string) envOption {
	return func(_ *testing.T, e *env) { e.cfg.DataDir = dir }
}

// Two servers with job workers on one database: the scheduled refresh runs once per interval,
// not once per server, and a list is fetched once each time. Here the interval is a second and
// the clock is the real one.
func TestScheduledRefreshRunsOnceAcrossServers(t *testing.T) {
	forEachEngine(t, func(t *testing.T, url string) {
		srv := newListServer(t)
		shared := withDataDir(t.TempDir())
		server := func(_ *testing.T, e *env) {
			withWorkers(nil, e)
			withUNServer(srv)(nil, e)
			e.hooks.Clock = application.SystemClock{}
			e.cfg.ScreeningFetchInterval, e.cfg.ScreeningStaleAfter = time.Second, time.Hour
			e.workersLater = true
		}
		one := newEnv(t, url, server, shared)
		one.importList(t, screening.UN, listFile(t, "testdata/un/consolidated.xml")) // the list is in use
		two := newEnv(t, url, server, shared)
		if !slices.Contains(one.Messaging.Jobs.Scheduled(), "screening_refresh") {
			t.Fatalf("scheduled kinds %v", one.Messaging.Jobs.Scheduled())
		}
		start := time.Now()
		one.startWorkers(t)
		two.startWorkers(t)
		one.waitUntil(t, "three scheduled fetches", func() bool { return srv.requests.Load() >= 3 })
		time.Sleep(1500 * time.Millisecond)
		elapsed := time.Since(start)
		fetched, attempts := int(srv.requests.Load()), one.count(t, "SELECT count(*) FROM screening_fetch_attempts")
		queued := one.count(t, "SELECT count(*) FROM river_job WHERE kind = 'screening_refresh'")
		// One fetch per second at most (plus the second under way); a refresh run on every
		// server would fetch about twice as often.
		most := int(elapsed/time.Second) + 1
		t.Logf("%d fetches, %d attempts, %d refresh jobs in %v", fetched, attempts, queued, elapsed.Round(time.Millisecond))
		if fetched > most || queued > most || attempts != fetched {
			t.Fatalf("%d fetches, %d attempts recorded and %d refresh jobs in %v; want at most %d, one attempt per fetch",
				fetched, attempts, queued, elapsed, most)
		}
	})
}

// SCREENING_FETCH_INTERVAL=0 schedules no refresh, and a refresh run by hand fetches nothing.
func TestScreeningRefreshOff(t *testing.T) {
	srv := newListServer(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		e.importList(t, screening.UN, listFile(t, "testdata/un/consolidated.xml"))
		e.clock.Advance(30 * 24 * time.Hour)
		if got := e.Messaging.Jobs.Scheduled(); slices.Contains(got, "screening_refresh") || !slices.Contains(got, "expiry_scan") {
			t.Fatalf("scheduled kinds with the refresh off: %v", got)
		}
		if err := e.Svc.Screening.RefreshLists(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := srv.requests.Load(); n != 0 {
			t.Fatalf("%d requests to the publisher with the refresh off", n)
		}
		un := unFreshness(t, e.admin(t))
		if un.Scheduled || !un.Stale || un.LastAttempt != nil {
			t.Fatalf("a 30-day-old list imported by hand, refresh off: %+v", un)
		}
	}, func(_ *testing.T, e *env) {
		withUNServer(srv)(nil, e)
		e.cfg.ScreeningFetchInterval = 0
	})
}

// A list whose every fetch failed, never in force, counts as out of date from its first attempt:
// the administrators hear that it has never been fetched, once.
func TestScheduledRefreshAlertsAboutAListNeverFetched(t *testing.T) {
	forEachEngine(t, func(t *testing.T, url string) {
		srv := newListServer(t)
		srv.failing.Store(true)
		e := newEnv(t, url, withUNServer(srv))
		ctx := context.Background()
		out, err := e.Svc.Screening.FetchLists(ctx, application.System, []screening.Source{screening.UN})
		if err != nil || out[0].Err == nil || out[0].Kept != nil {
			t.Fatalf("fetch from a failing server: %v %+v", err, out)
		}
		for _, after := range []time.Duration{24 * time.Hour, 24 * time.Hour, 23 * time.Hour} { // 71 h
			e.clock.Advance(after)
			if err := e.Svc.Screening.RefreshLists(ctx); err != nil {
				t.Fatal(err)
			}
		}
		un := unFreshness(t, e.admin(t))
		if un.Stale || un.LastSuccessAt != nil || un.LastAttempt == nil || un.LastAttempt.OK {
			t.Fatalf("after 71 h of failures: %+v", un)
		}
		for range 3 {
			e.clock.Advance(2 * time.Hour)
			if err := e.Svc.Screening.RefreshLists(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if !unFreshness(t, e.admin(t)).Stale {
			t.Fatal("not out of date 77 h after the first attempt")
		}
		list, _, _ := e.admin(t).bell("?pageSize=100")
		if len(list) != 1 || !strings.Contains(list[0].Body, "The UN list has never been fetched successfully, and the first attempt was more than 72 hours ago.") {
			t.Fatalf("bell %+v", list)
		}
	})
}
