package jobs

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/application"
)

// The job table names each kind once, each with its work: a slip in the table fails at start, not
// when the first such job is queued.
func TestJobTableRefusesAKindTwiceOrWithoutWork(t *testing.T) {
	cis := func(context.Context, application.GenerateCIS) error { return nil }
	for name, c := range map[string]struct {
		kinds []Kind
		err   string
	}{
		"twice":      {[]Kind{Work[application.GenerateCIS]{Handle: cis}, Work[application.GenerateCIS]{Handle: cis}}, "generate_cis is in the table twice"},
		"no handler": {[]Kind{Work[application.ExpiryScan]{Schedule: Daily(3)}}, "expiry_scan has no handler"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, _, err := newTable(c.kinds); err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("newTable = %v, want an error saying %q", err, c.err)
			}
		})
	}
}

// A failed e-mail shows administrators whom it was for and what it was about, never its body; a
// kind this version no longer has shows its arguments, shortened.
func TestFailedJobSummaries(t *testing.T) {
	tab, _, err := newTable([]Kind{Email(func(context.Context, application.Message) error { return nil })})
	if err != nil {
		t.Fatal(err)
	}
	raw := `{"message":{"to":["a@example.com"],"subject":"Receipt","text":"secret body","idempotencyKey":"receipt:1"}}`
	if got, want := tab.summarize("send_email", []byte(raw)), `{"idempotencyKey":"receipt:1","subject":"Receipt","to":["a@example.com"]}`; got != want {
		t.Errorf("e-mail summary = %s, want %s", got, want)
	}
	long := `{"reason":"` + strings.Repeat("x", 400) + `"}`
	if got := tab.summarize("old_kind", []byte(long)); got != long[:300]+"…" {
		t.Errorf("unknown kind summary = %s", got)
	}
}

// An aligned schedule runs at the same instants on every instance, whenever it started (every
// hour on the hour), is unique per interval so a change of leader cannot queue it twice, and a zero
// interval schedules nothing.
func TestAlignedSchedule(t *testing.T) {
	s := Aligned(time.Hour)
	for _, now := range []time.Time{time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC), time.Date(2026, 11, 27, 9, 59, 59, 0, time.UTC),
		time.Date(2026, 11, 27, 10, 30, 0, 0, time.FixedZone("CET", 3600))} {
		want := now.UTC().Truncate(time.Hour).Add(time.Hour)
		if got := s.at.Next(now); !got.Equal(want) {
			t.Errorf("next after %v = %v, want %v", now, got, want)
		}
	}
	if s.opts == nil || s.opts.UniqueOpts.ByPeriod != time.Hour {
		t.Errorf("aligned schedule is not unique per hour: %+v", s.opts)
	}
	if off := Aligned(0); off.at != nil {
		t.Error("a zero interval schedules a job")
	}
}
