package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/mail/smtptest"
	"github.com/tttverify/tttverify/application"
)

// withHoliday makes Monday 30 November 2026 a holiday.
func withHoliday(_ *testing.T, e *env) {
	e.cfg.Holidays = []time.Time{time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}
}

// setClock moves the test clock forward to t.
func (e *env) setClock(t *testing.T, at time.Time) {
	t.Helper()
	now := e.clock.Now()
	if at.Before(now) {
		t.Fatalf("the clock cannot go back from %v to %v", now, at)
	}
	e.clock.Advance(at.Sub(now))
}

// waitingQueue submits four verifications, then pays for them across a weekend and the holiday:
// Wednesday 25 November 10:00, Friday 27 at 15:00, Saturday 28 at 12:00 and Tuesday 1 December
// at 09:00. They are created in the opposite order, so only the wait orders them oldest first.
func waitingQueue(t *testing.T, e *env) (ids []int64) {
	t.Helper()
	u := newUseCases(t, e)
	owner := u.applicant("waiting-" + randomHex(4) + "@queue.example")
	ids = make([]int64, 4)
	for i := 3; i >= 0; i-- {
		ids[i] = u.submitted(owner, "basic")
	}
	for i, paid := range []time.Time{
		time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC), time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC),
		time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC), time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC),
	} {
		e.setClock(t, paid)
		u.pay(owner, ids[i])
	}
	u.submitted(owner, "basic") // submitted, not paid: not waiting for a reviewer yet
	return ids
}

// The queue shows each verification's wait in business days since payment, weekends and holidays
// left out, flags the ones over two, counts them on the dashboard and lists the review queue
// oldest first.
func TestReviewClockInTheQueue(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		ids := waitingQueue(t, e)
		e.setClock(t, time.Date(2026, 12, 2, 16, 0, 0, 0, time.UTC)) // Wednesday
		adm := e.admin(t)

		type row struct {
			ID           int64
			BusinessDays int
			Overdue      bool
			Since        time.Time
		}
		rows := func(query string) []row {
			var got []api.AdminVerification
			adm.must(http.StatusOK, "GET", "/api/admin/verifications?"+query, nil).JSON(t, &got)
			out := make([]row, 0, len(got))
			for _, v := range got {
				r := row{ID: v.ID}
				if v.Waiting != nil {
					r.BusinessDays, r.Overdue, r.Since = v.Waiting.BusinessDays, v.Waiting.Overdue, v.Waiting.Since
				}
				out = append(out, r)
			}
			return out
		}
		// Wednesday 10:00 to Wednesday a week later, 16:00: 14 h, Thursday, Friday, Tuesday (Monday
		// is the holiday) and 16 h: day 5. Friday 15:00: 9 h, Tuesday and 16 h, day 3 (day 4
		// without the holiday). Saturday: Tuesday and 16 h, day 2. Tuesday 09:00: day 2.
		want := []row{
			{ids[0], 5, true, time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)},
			{ids[1], 3, true, time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)},
			{ids[2], 2, false, time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)},
			{ids[3], 2, false, time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)},
		}
		approxSince := cmp.Comparer(func(a, b time.Time) bool { d := a.Sub(b); return d > -time.Second && d < time.Second })
		if diff := cmp.Diff(want, rows("status=in_review"), approxSince); diff != "" {
			t.Errorf("review queue, oldest first by default (-want +got):\n%s", diff)
		}
		reversed := []row{want[3], want[2], want[1], want[0]}
		if diff := cmp.Diff(reversed, rows("status=in_review&order=desc"), approxSince); diff != "" {
			t.Errorf("review queue, newest first (-want +got):\n%s", diff)
		}
		// Other lists keep their default, the latest change first; the unpaid one has no wait.
		all := rows("")
		if len(all) != 5 || all[0].ID == ids[0] || all[0].BusinessDays != 0 || all[0].Since != (time.Time{}) {
			t.Errorf("all verifications: %+v, want the unpaid one first, without a wait", all)
		}
		var one api.AdminVerification
		adm.must(http.StatusOK, "GET", fmt.Sprintf("/api/admin/verifications/%d", ids[1]), nil).JSON(t, &one)
		if one.Waiting == nil || one.Waiting.BusinessDays != 3 || !one.Waiting.Overdue {
			t.Errorf("one verification's wait: %+v", one.Waiting)
		}

		var stats api.Stats
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats", nil).JSON(t, &stats)
		if stats.Overdue != 2 || stats.InReview != 4 {
			t.Errorf("stats: %d overdue of %d in review, want 2 of 4", stats.Overdue, stats.InReview)
		}
		// A search counts its own rows (one query over the owner's verifications) to the same figures.
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats?email=queue.example", nil).JSON(t, &stats)
		if stats.Overdue != 2 || stats.InReview != 4 || stats.Submitted != 1 {
			t.Errorf("stats of an e-mail search: %+v, want 2 overdue of 4 in review and 1 submitted", stats)
		}
		// A decision ends the wait: the approved one leaves the count.
		if _, err := e.Svc.Admin.Approve(t.Context(), newUseCases(t, e).reviewer("admin@ttt.example"), ids[0]); err != nil {
			t.Fatal(err)
		}
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats?tier=basic", nil).JSON(t, &stats)
		if stats.Overdue != 1 {
			t.Errorf("after an approval: %d overdue, want 1", stats.Overdue)
		}
		// Late on Wednesday the Saturday payment is within the promise (Tuesday and Wednesday); a
		// minute into Thursday it is over it.
		e.setClock(t, time.Date(2026, 12, 2, 23, 59, 0, 0, time.UTC))
		adm = e.admin(t) // the administrator's session ended while the clock moved
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats", nil).JSON(t, &stats)
		if stats.Overdue != 1 {
			t.Errorf("late on Wednesday: %d overdue, want 1", stats.Overdue)
		}
		e.setClock(t, time.Date(2026, 12, 3, 0, 1, 0, 0, time.UTC))
		adm = e.admin(t)
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/stats", nil).JSON(t, &stats)
		if stats.Overdue != 2 {
			t.Errorf("a minute into Thursday: %d overdue, want 2", stats.Overdue)
		}
	}, withHoliday)
}

// Each business day the reviewers receive one e-mail listing the verifications that become overdue
// on the next business day, with when each does; a day when none does sends nothing, and a run
// again the same day sends nothing new.
func TestOverdueDigest(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		_, reviewer := e.mailAdmin(t)
		ids := waitingQueue(t, e)
		digest := func(at time.Time) {
			t.Helper()
			e.setClock(t, at)
			done := e.count(t, `SELECT count(*) FROM river_job WHERE kind = 'overdue_digest' AND state = 'completed'`)
			if err := e.Messaging.Jobs.Enqueue(context.Background(), application.SendOverdueDigest{}); err != nil {
				t.Fatal(err)
			}
			e.waitUntil(t, "the overdue digest", func() bool {
				return e.count(t, `SELECT count(*) FROM river_job WHERE kind = 'overdue_digest' AND state = 'completed'`) > done
			})
			e.waitJobsIdle(t)
		}
		digests := func() []smtptest.Message {
			var out []smtptest.Message
			for _, m := range smtp.Messages(t, reviewer) {
				if strings.Contains(m.Subject, "overdue") {
					out = append(out, m)
				}
			}
			return out
		}

		// Tuesday (Monday was the holiday): on Wednesday the Friday payment passes 2 business days
		// at 15:00. The Wednesday one is overdue already; the Saturday and Tuesday ones are due Thursday.
		digest(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
		digest(time.Date(2026, 12, 1, 11, 0, 0, 0, time.UTC))
		tuesday := smtp.WaitForSubject(t, reviewer, "[Review] 1 verification becomes overdue on Wednesday 2 December")
		says(t, "Tuesday's digest", tuesday.Text, "on Wednesday 2 December 2026",
			"in review since 27 November 2026, 15:00 UTC, overdue after 2 December 2026, 15:00 UTC",
			fmt.Sprintf("http://verify.test/admin/verifications/%d", ids[1]), "http://verify.test/admin/verifications?status=in_review")
		for _, id := range []int64{ids[0], ids[2], ids[3]} {
			if strings.Contains(tuesday.Text, fmt.Sprintf("/admin/verifications/%d\n", id)) {
				t.Errorf("Tuesday's digest lists verification %d:\n%s", id, tuesday.Text)
			}
		}

		// Wednesday: the Saturday payment passes the promise as Thursday begins, the Tuesday one at 09:00.
		digest(time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC))
		wednesday := smtp.WaitForSubject(t, reviewer, "[Review] 2 verifications become overdue on Thursday 3 December")
		says(t, "Wednesday's digest", wednesday.Text, "overdue after 3 December 2026, 00:00 UTC",
			"overdue after 3 December 2026, 09:00 UTC", fmt.Sprintf("/admin/verifications/%d\n", ids[2]),
			fmt.Sprintf("/admin/verifications/%d\n", ids[3]))

		// Thursday: nothing becomes overdue on Friday; Saturday is no business day.
		digest(time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC))
		digest(time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC))
		if got := digests(); len(got) != 2 {
			subjects := make([]string, len(got))
			for i, m := range got {
				subjects[i] = m.Subject
			}
			t.Errorf("digests received: %q, want Tuesday's and Wednesday's once each", subjects)
		}
	}, withMail(smtp), withHoliday)
}
