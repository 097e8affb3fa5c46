package application

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
)

// RefreshLists is the scheduled refresh (the ScreeningRefresh job, every ListRefresh.Tick), done
// as the Scheduler. It fetches every list with an address that this installation uses (one in
// force, or fetched before) and whose last attempt is an interval old; a list that fails is tried
// again after each of the Retries' waits that ends before the next run, and keeps its version in
// force. Then every such list older than StaleAfter tells the administrators, once per episode:
// the alert's key names the list and its last success, so the next run adds nothing and a success
// ends the episode. It fails only when it could not record or tell, or ctx ended.
func (s *Screening) RefreshLists(ctx context.Context) error {
	if s.refresh.Interval <= 0 {
		return nil
	}
	states, err := s.fetchStates(ctx)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	var due []screening.Source
	for _, st := range states {
		// Half a tick of slack: a run a moment early still counts the list as due.
		if st.Scheduled && (st.LastAttempt == nil || now.Sub(st.LastAttempt.StartedAt) >= s.refresh.Interval-s.refresh.Tick()/2) {
			due = append(due, st.Source)
		}
	}
	begun := time.Now() // the waits are real time, whatever the clock
	for attempt := 0; len(due) > 0; attempt++ {
		if attempt > 0 {
			// A wait that would reach the next run is left to that run, so runs never overlap.
			if attempt > len(s.refresh.Retries) || time.Since(begun)+s.refresh.Retries[attempt-1] >= s.refresh.Tick() ||
				!sleep(ctx, s.refresh.Retries[attempt-1]) {
				break
			}
		}
		var failed []screening.Source
		for _, src := range due {
			o, err := s.fetchOne(ctx, Scheduler, src)
			if err != nil {
				return err
			}
			if o.Err != nil {
				s.log.Warn("scheduled list fetch failed; the version in force stays", "source", src, "attempt", attempt+1,
					"error", o.Err)
				failed = append(failed, src)
			}
		}
		due = failed
	}
	if err := ctx.Err(); err != nil {
		return err // the job runs again; the lists fetched meanwhile are no longer due
	}
	return s.alertStale(ctx)
}

// alertStale tells the administrators about each scheduled list out of date.
func (s *Screening) alertStale(ctx context.Context) error {
	states, err := s.fetchStates(ctx)
	if err != nil {
		return err
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		for _, st := range states {
			if !st.Scheduled || !st.Stale {
				continue
			}
			alert := ListOutOfDate{List: st.Source.Label(), LastSuccess: st.LastSuccess, StaleAfter: s.refresh.StaleAfter}
			if st.LastAttempt != nil && !st.LastAttempt.OK {
				alert.LastError = st.LastAttempt.Error
			}
			key := fmt.Sprintf("list_stale:%s:%d", st.Source, st.staleSince.Unix())
			if err := s.notify.TellAdmins(ctx, key, alert); err != nil {
				return err
			}
		}
		return nil
	})
}

// sleep waits d, or less when ctx ends first; it says whether the wait was whole.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// ListFetchState is how up to date one list is.
type ListFetchState struct {
	Source screening.Source
	// Scheduled says the refresh fetches the list: it has an address and the refresh is on.
	Scheduled bool
	// LastSuccess is the last successful fetch, or the import of the version in force when later;
	// zero when the list never succeeded.
	LastSuccess time.Time
	LastAttempt *FetchAttempt // nil when the list was only ever imported
	// Stale says the list is older than StaleAfter: since its last success, or, never having
	// succeeded, since its first attempt.
	Stale      bool
	staleSince time.Time
}

// ListsFreshness is how up to date every list this installation uses is, with the refresh's settings.
type ListsFreshness struct {
	Interval   time.Duration // 0: no scheduled refresh
	StaleAfter time.Duration
	Lists      []ListFetchState // by source
}

// Freshness tells administrators how up to date each list in force or ever fetched is: its last
// successful fetch, its last attempt and whether it is out of date.
func (s *Screening) Freshness(ctx context.Context, actor *User) (*ListsFreshness, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, err
	}
	states, err := s.fetchStates(ctx)
	if err != nil {
		return nil, err
	}
	return &ListsFreshness{Interval: s.refresh.Interval, StaleAfter: s.refresh.StaleAfter, Lists: states}, nil
}

// fetchStates is the state of every list in force or ever fetched, by source.
func (s *Screening) fetchStates(ctx context.Context) ([]ListFetchState, error) {
	inForce, err := s.lists.AllInForce(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the lists in force: %w", err)
	}
	records, err := s.attempts.Records(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the list fetch attempts: %w", err)
	}
	imported := map[screening.Source]time.Time{}
	for _, v := range inForce {
		imported[v.Source] = v.ImportedAt
	}
	var sources []screening.Source
	for src := range imported {
		sources = append(sources, src)
	}
	for src := range records {
		if _, ok := imported[src]; !ok {
			sources = append(sources, src)
		}
	}
	slices.Sort(sources)
	now := s.clock.Now()
	out := make([]ListFetchState, len(sources))
	for i, src := range sources {
		st := ListFetchState{Source: src, Scheduled: s.refresh.Interval > 0 && slices.Contains(s.source.Sources(), src),
			LastSuccess: imported[src]}
		if r, ok := records[src]; ok {
			st.LastAttempt = &r.Last
			if r.LastOK != nil && r.LastOK.FinishedAt.After(st.LastSuccess) {
				st.LastSuccess = r.LastOK.FinishedAt
			}
			st.staleSince = r.First.StartedAt
		}
		if !st.LastSuccess.IsZero() {
			st.staleSince = st.LastSuccess
		}
		st.Stale = now.Sub(st.staleSince) > s.refresh.StaleAfter
		out[i] = st
	}
	return out, nil
}
