// Package businessday measures how long a verification has waited for review in business days:
// the working weekdays of a calendar, less its holidays. Days are UTC calendar days, the same days
// the rest of the product prints.
package businessday

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"
)

// Promise is how many business days the product promises a review takes ("1-2 business days"); a
// verification that has waited longer is overdue.
const Promise = 2

// day is the length of a calendar day; business days are whole UTC days.
const day = 24 * time.Hour

// Calendar says which days are business days. The zero Calendar is Monday to Friday without holidays.
type Calendar struct {
	weekdays uint8              // bit d: weekday d is a business day; none set means Monday to Friday
	holidays map[time.Time]bool // UTC midnights
}

// mondayToFriday is the weekdays bitmask of the default business week.
const mondayToFriday = 1<<time.Monday | 1<<time.Tuesday | 1<<time.Wednesday | 1<<time.Thursday | 1<<time.Friday

// Weekdays is Monday to Friday, the default business week.
const Weekdays = "mon,tue,wed,thu,fri"

var dayNames = map[string]time.Weekday{
	"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday,
}

// New returns the calendar of the comma-separated weekdays (three-letter English names, any case)
// without the holidays (UTC days). A calendar needs at least one business weekday, or nothing could
// ever be measured against it.
func New(weekdays string, holidays []time.Time) (Calendar, error) {
	c := Calendar{holidays: make(map[time.Time]bool, len(holidays))}
	for _, name := range strings.Split(weekdays, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		d, ok := dayNames[name]
		if !ok {
			return Calendar{}, fmt.Errorf("%q is not a weekday: use mon, tue, wed, thu, fri, sat or sun separated by commas", name)
		}
		if c.weekdays&(1<<d) != 0 {
			return Calendar{}, fmt.Errorf("%s is named twice", name)
		}
		c.weekdays |= 1 << d
	}
	for _, h := range holidays {
		c.holidays[midnight(h)] = true
	}
	return c, nil
}

// ParseHolidays reads one ISO date (YYYY-MM-DD) per line; blank lines and text after # are ignored.
// A line that is not a date fails with its number.
func ParseHolidays(r io.Reader) ([]time.Time, error) {
	var out []time.Time
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		d, err := time.Parse(time.DateOnly, line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %q is not a date like 2026-12-25", n, line)
		}
		out = append(out, d)
	}
	return out, sc.Err()
}

// IsBusinessDay reports whether t's UTC day is a business day.
func (c Calendar) IsBusinessDay(t time.Time) bool {
	m := midnight(t)
	week := c.weekdays
	if week == 0 {
		week = mondayToFriday
	}
	return week&(1<<m.Weekday()) != 0 && !c.holidays[m]
}

// Elapsed is the business time between from and to: the part of the interval that falls on
// business days. It is zero when to is not after from.
func (c Calendar) Elapsed(from, to time.Time) time.Duration {
	var total time.Duration
	for start := from.UTC(); start.Before(to); {
		end := midnight(start).Add(day)
		if end.After(to) {
			end = to
		}
		if c.IsBusinessDay(start) {
			total += end.Sub(start)
		}
		start = end
	}
	return total
}

// Waiting is how many business days someone waiting since from has waited at now, a started
// business day counting as one: paid on Monday morning, the whole of Monday is day 1, Tuesday
// day 2, and Wednesday day 3, when the wait is over the promise.
func (c Calendar) Waiting(from, now time.Time) int {
	return int((c.Elapsed(from, now) + day - 1) / day)
}

// Overdue reports whether someone waiting since from has, at now, waited more than the promise.
func (c Calendar) Overdue(from, now time.Time) bool {
	return c.Elapsed(from, now) > Promise*day
}

// Deadline is when the promise runs out for a wait that began at from: the wait is overdue after
// it. A wait that begins outside business days starts at the next one.
func (c Calendar) Deadline(from time.Time) time.Time {
	left := time.Duration(Promise) * day
	t := from.UTC()
	for {
		end := midnight(t).Add(day)
		if c.IsBusinessDay(t) {
			span := end.Sub(t)
			if span >= left {
				return t.Add(left)
			}
			left -= span
		}
		t = end
	}
}

// OverdueBefore is the instant a wait must have begun before to be overdue at now: Overdue(from,
// now) exactly when from is before it. Stores filter with it, so they need no calendar.
func (c Calendar) OverdueBefore(now time.Time) time.Time {
	left := time.Duration(Promise) * day
	t := now.UTC()
	for left > 0 {
		start := midnight(t)
		if start.Equal(t) {
			start = t.Add(-day)
		}
		if c.IsBusinessDay(start) {
			if span := t.Sub(start); span <= left {
				left -= span
			} else {
				return t.Add(-left)
			}
		}
		t = start
	}
	// At a day's start the promise's time is used up, but a wait that began in the free days
	// before has not exceeded it: the boundary is the end of the previous business day.
	for !c.IsBusinessDay(t.Add(-day)) {
		t = t.Add(-day)
	}
	return t
}

// NextBusinessDay is the first business day after t's day, as its UTC midnight.
func (c Calendar) NextBusinessDay(t time.Time) time.Time {
	d := midnight(t).Add(day)
	for !c.IsBusinessDay(d) {
		d = d.Add(day)
	}
	return d
}

// midnight is the start of t's UTC day.
func midnight(t time.Time) time.Time {
	u := t.UTC()
	return time.Date(u.Year(), u.Month(), u.Day(), 0, 0, 0, 0, time.UTC)
}
