package businessday

import (
	"strings"
	"testing"
	"time"
)

// November 2026: the 27th is a Friday, the 28th and 29th the weekend, Monday the 30th.
func at(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

func mustCalendar(t *testing.T, weekdays string, holidays ...string) Calendar {
	t.Helper()
	var hs []time.Time
	for _, h := range holidays {
		hs = append(hs, at(h+" 00:00"))
	}
	c, err := New(weekdays, hs)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestWaitingAndOverdue(t *testing.T) {
	week := mustCalendar(t, Weekdays)
	// Tuesday 1 December 2026 is a holiday here.
	holiday := mustCalendar(t, Weekdays, "2026-12-01")
	cases := []struct {
		name     string
		cal      Calendar
		from, at string
		elapsed  time.Duration
		waiting  int
		overdue  bool
	}{
		{"just paid", week, "2026-11-23 10:00", "2026-11-23 10:00", 0, 0, false},
		{"a started day counts as one", week, "2026-11-23 10:00", "2026-11-23 10:01", time.Minute, 1, false},
		{"one day to the minute", week, "2026-11-23 10:00", "2026-11-24 10:00", 24 * time.Hour, 1, false},
		{"exactly the promise", week, "2026-11-23 10:00", "2026-11-25 10:00", 48 * time.Hour, 2, false},
		{"a minute over the promise", week, "2026-11-23 10:00", "2026-11-25 10:01", 48*time.Hour + time.Minute, 3, true},
		{"across a weekend", week, "2026-11-27 12:00", "2026-11-30 12:00", 24 * time.Hour, 1, false},
		{"across a weekend, overdue on Tuesday afternoon", week, "2026-11-27 12:00", "2026-12-01 12:01", 48*time.Hour + time.Minute, 3, true},
		{"paid on Saturday: nothing counts before Monday", week, "2026-11-28 12:00", "2026-11-29 23:59", 0, 0, false},
		{"paid on Saturday: Monday is day 1", week, "2026-11-28 12:00", "2026-11-30 08:00", 8 * time.Hour, 1, false},
		{"paid on Saturday: all of Tuesday is within the promise", week, "2026-11-28 12:00", "2026-12-02 00:00", 48 * time.Hour, 2, false},
		{"paid on Saturday: overdue on Wednesday", week, "2026-11-28 12:00", "2026-12-02 00:01", 48*time.Hour + time.Minute, 3, true},
		{"a holiday does not count", holiday, "2026-11-30 12:00", "2026-12-02 12:00", 24 * time.Hour, 1, false},
		{"weekend and holiday", holiday, "2026-11-27 12:00", "2026-12-02 12:01", 48*time.Hour + time.Minute, 3, true},
		{"before the wait began", week, "2026-11-25 10:00", "2026-11-24 10:00", 0, 0, false},
		{"a six-day week", mustCalendar(t, "mon,tue,wed,thu,fri,sat"), "2026-11-27 12:00", "2026-11-29 12:00", 36 * time.Hour, 2, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			from, now := at(c.from), at(c.at)
			if got := c.cal.Elapsed(from, now); got != c.elapsed {
				t.Errorf("Elapsed = %v, want %v", got, c.elapsed)
			}
			if got := c.cal.Waiting(from, now); got != c.waiting {
				t.Errorf("Waiting = %d, want %d", got, c.waiting)
			}
			if got := c.cal.Overdue(from, now); got != c.overdue {
				t.Errorf("Overdue = %v, want %v", got, c.overdue)
			}
			// The stores' filter agrees with the calendar.
			if got := from.Before(c.cal.OverdueBefore(now)); got != c.overdue && !now.Before(from) {
				t.Errorf("from before OverdueBefore(%v) = %v = %v, want %v", now, c.cal.OverdueBefore(now), got, c.overdue)
			}
		})
	}
}

func TestOverdueBeforeAgreesWithOverdue(t *testing.T) {
	cal := mustCalendar(t, Weekdays, "2026-12-01", "2026-12-25")
	start := at("2026-11-20 00:00")
	for now := start.Add(72 * time.Hour); now.Before(at("2027-01-05 00:00")); now = now.Add(5 * time.Hour) {
		cut := cal.OverdueBefore(now)
		for from := start; from.Before(now); from = from.Add(3 * time.Hour) {
			if from.Before(cut) != cal.Overdue(from, now) {
				t.Fatalf("now %v from %v: before cut %v is %v, Overdue %v", now, from, cut, from.Before(cut), cal.Overdue(from, now))
			}
		}
	}
}

func TestOverdueBeforeAtMidnight(t *testing.T) {
	cal := mustCalendar(t, Weekdays)
	// At Wednesday's start, a wait that began at the weekend has used exactly the promise; one
	// that began on Friday evening is over it.
	if got, want := cal.OverdueBefore(at("2026-12-02 00:00")), at("2026-11-28 00:00"); !got.Equal(want) {
		t.Errorf("OverdueBefore = %v, want %v", got, want)
	}
	if got, want := cal.OverdueBefore(at("2026-11-26 15:00")), at("2026-11-24 15:00"); !got.Equal(want) {
		t.Errorf("OverdueBefore = %v, want %v", got, want)
	}
}

func TestNextBusinessDay(t *testing.T) {
	cal := mustCalendar(t, Weekdays, "2026-11-30")
	for from, want := range map[string]string{
		"2026-11-26 09:00": "2026-11-27 00:00", // Thursday: Friday
		"2026-11-27 09:00": "2026-12-01 00:00", // Friday: past the weekend and Monday's holiday
		"2026-11-28 23:59": "2026-12-01 00:00",
	} {
		if got := cal.NextBusinessDay(at(from)); !got.Equal(at(want)) {
			t.Errorf("NextBusinessDay(%s) = %v, want %s", from, got, want)
		}
	}
}

func TestNewRefusesBadWeekdays(t *testing.T) {
	for in, want := range map[string]string{
		"":                   `"" is not a weekday`,
		"mon,tue,wed,thu,fr": `"fr" is not a weekday`,
		"monday":             `"monday" is not a weekday`,
		"mon,mon":            "mon is named twice",
		"mon,,tue":           `"" is not a weekday`,
		"mon;tue":            `"mon;tue" is not a weekday`,
		"Sat, SUN":           "",
		" mon , tue , wed  ": "",
	} {
		_, err := New(in, nil)
		if want == "" {
			if err != nil {
				t.Errorf("New(%q): %v", in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("New(%q) = %v, want an error containing %q", in, err, want)
		}
	}
}

func TestParseHolidays(t *testing.T) {
	got, err := ParseHolidays(strings.NewReader("# public holidays\n2026-12-25\n\n  2026-12-26  # Boxing Day\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !got[0].Equal(at("2026-12-25 00:00")) || !got[1].Equal(at("2026-12-26 00:00")) {
		t.Errorf("ParseHolidays = %v", got)
	}
	for in, want := range map[string]string{
		"2026-12-25\n25/12/2026\n": `line 2: "25/12/2026" is not a date`,
		"2026-02-30\n":             `line 1: "2026-02-30" is not a date`,
	} {
		if _, err := ParseHolidays(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseHolidays(%q) = %v, want %q", in, err, want)
		}
	}
}

func TestZeroCalendarIsMondayToFriday(t *testing.T) {
	var zero Calendar
	week := mustCalendar(t, Weekdays)
	for d := at("2026-11-23 12:00"); d.Before(at("2026-11-30 12:00")); d = d.Add(24 * time.Hour) {
		if zero.IsBusinessDay(d) != week.IsBusinessDay(d) {
			t.Errorf("%v: zero calendar says %v", d.Weekday(), zero.IsBusinessDay(d))
		}
	}
}

func TestDeadline(t *testing.T) {
	cal := mustCalendar(t, Weekdays, "2026-11-30")
	for from, want := range map[string]string{
		"2026-11-23 10:00": "2026-11-25 10:00", // Monday: Wednesday, same time
		"2026-11-26 15:00": "2026-12-01 15:00", // Thursday: past the weekend and Monday's holiday
		"2026-11-28 12:00": "2026-12-03 00:00", // Saturday: all of Tuesday and Wednesday
		"2026-11-24 00:00": "2026-11-26 00:00",
	} {
		got := cal.Deadline(at(from))
		if !got.Equal(at(want)) {
			t.Errorf("Deadline(%s) = %v, want %s", from, got, want)
		}
		if cal.Overdue(at(from), got) || !cal.Overdue(at(from), got.Add(time.Nanosecond)) {
			t.Errorf("Deadline(%s) = %v is not where the wait becomes overdue", from, got)
		}
	}
}
