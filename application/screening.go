package application

import (
	"log/slog"
	"time"
)

// Screening holds the sanctions and PEP list use cases: import, fetch, the scheduled refresh, list
// versions and search. Who may do what is checked here: administrators, or the System actor.
type Screening struct {
	tx       Transactor
	lists    ScreeningLists
	blobs    BlobStore
	parsers  ListParsers
	source   ListSource
	attempts FetchAttempts
	index    *ScreeningIndexHolder
	clock    Clock
	log      *slog.Logger
	jobs     JobQueue
	notify   AdminNotifier
	refresh  ListRefresh
}

// ScreeningDeps are the ports the screening use cases need.
type ScreeningDeps struct {
	Tx       Transactor
	Lists    ScreeningLists
	Blobs    BlobStore
	Parsers  ListParsers
	Source   ListSource
	Attempts FetchAttempts // every fetch is recorded, for the admin page and the refresh
	Index    *ScreeningIndexHolder
	Clock    Clock
	Log      *slog.Logger
	Jobs     JobQueue      // an import queues the re-screening of the Top verifications it concerns
	Notify   AdminNotifier // the refresh tells administrators about lists out of date
	Refresh  ListRefresh
}

// ListRefresh is how the lists are kept up to date (SCREENING_FETCH_INTERVAL, SCREENING_STALE_AFTER).
type ListRefresh struct {
	// Interval is how often each list is fetched; 0 turns the scheduled refresh off.
	Interval time.Duration
	// StaleAfter is the age, since its last successful fetch or import, at which a list is out of date.
	StaleAfter time.Duration
	// Retries are the waits before each further attempt at a list that failed within one run.
	Retries []time.Duration
}

// DefaultFetchRetries are the waits between the attempts of one run of the refresh: three
// attempts, within a job's time (JOB_TIMEOUT, 5 minutes by default).
var DefaultFetchRetries = []time.Duration{30 * time.Second, 90 * time.Second}

// Tick is how often the refresh job runs: hourly, or at the interval when it is shorter. Each
// run fetches the lists that are due and looks for lists out of date, so an alert comes within the
// hour and a server restarted often still refreshes on time.
func (r ListRefresh) Tick() time.Duration { return min(r.Interval, time.Hour) }

// NewScreening wires the screening use cases.
func NewScreening(d ScreeningDeps) *Screening {
	return &Screening{tx: d.Tx, lists: d.Lists, blobs: d.Blobs, parsers: d.Parsers, source: d.Source, attempts: d.Attempts,
		index: d.Index, clock: d.Clock, log: d.Log, jobs: d.Jobs, notify: d.Notify, refresh: d.Refresh}
}

// Index is the holder of the in-memory index, for the server to build it at start.
func (s *Screening) Index() *ScreeningIndexHolder { return s.index }
