package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

// Schedule is when a periodic kind of job is queued. Only the elected leader among the instances
// queues periodic jobs. The zero Schedule queues none.
type Schedule struct {
	at   river.PeriodicSchedule
	opts *river.InsertOpts
}

// Daily queues the job every day at hour:00 UTC. The job is also unique per day, so a change of
// leader around that hour cannot queue it twice.
func Daily(hour int) Schedule {
	return Schedule{at: daily{hour: hour}, opts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: 24 * time.Hour}}}
}

// Every queues the job at this interval (tests).
func Every(interval time.Duration) Schedule {
	return Schedule{at: river.PeriodicInterval(interval)}
}

// Aligned queues the job at every multiple of interval (every hour on the hour for time.Hour;
// an interval that divides a day counts from midnight UTC): the same instants on every instance, whenever it started, so a server that
// restarts more often than the interval still runs the job. It is unique per interval, like Daily.
// A zero interval queues none.
func Aligned(interval time.Duration) Schedule {
	if interval <= 0 {
		return Schedule{}
	}
	return Schedule{at: aligned{interval}, opts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: interval}}}
}

// aligned is the next multiple of an interval.
type aligned struct{ every time.Duration }

func (a aligned) Next(now time.Time) time.Time { return now.Truncate(a.every).Add(a.every) }

// daily is the same hour every day, the same instant on every instance.
type daily struct{ hour int }

func (d daily) Next(now time.Time) time.Time {
	now = now.UTC()
	next := time.Date(now.Year(), now.Month(), now.Day(), d.hour, 0, 0, 0, time.UTC)
	if !next.After(now) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}
