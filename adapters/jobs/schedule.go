package jobs

import (
	"time"

	"github.com/riverqueue/river"

	"github.com/tttverify/tttverify/application"
)

// daily is 03:00 UTC every day, the same instant on every instance.
type daily struct{ hour int }

func (d daily) Next(now time.Time) time.Time {
	now = now.UTC()
	next := time.Date(now.Year(), now.Month(), now.Day(), d.hour, 0, 0, 0, time.UTC)
	if !next.After(now) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}

// dailyRescreenJob queues the daily full screening of approved Top certificates at 04:00 UTC, after
// the expiry scan, once per day across instances.
func dailyRescreenJob() *river.PeriodicJob {
	return river.NewPeriodicJob(daily{hour: 4}, func() (river.JobArgs, *river.InsertOpts) {
		return args[application.DailyRescreen]{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: 24 * time.Hour}}
	}, &river.PeriodicJobOpts{ID: "daily_rescreen"})
}

// expiryScanJob queues the expiry scan. Only the elected leader among the instances enqueues
// periodic jobs; the daily one is also unique per day, so a change of leader around 03:00 cannot
// queue it twice.
func expiryScanJob(every time.Duration) *river.PeriodicJob {
	var schedule river.PeriodicSchedule = daily{hour: 3}
	var opts *river.InsertOpts
	if every > 0 {
		schedule = river.PeriodicInterval(every)
	} else {
		opts = &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: 24 * time.Hour}}
	}
	return river.NewPeriodicJob(schedule, func() (river.JobArgs, *river.InsertOpts) {
		return args[application.ExpiryScan]{}, opts
	}, &river.PeriodicJobOpts{ID: "expiry_scan"})
}
