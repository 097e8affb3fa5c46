package application

import (
	"log/slog"
)

// Screening holds the sanctions and PEP list use cases: import, fetch, list versions and
// search. Who may do what is checked here: administrators, or the System actor.
type Screening struct {
	tx      Transactor
	lists   ScreeningLists
	blobs   BlobStore
	parsers ListParsers
	source  ListSource
	index   *ScreeningIndexHolder
	clock   Clock
	log     *slog.Logger
	jobs    JobQueue
}

// ScreeningDeps are the ports the screening use cases need.
type ScreeningDeps struct {
	Tx      Transactor
	Lists   ScreeningLists
	Blobs   BlobStore
	Parsers ListParsers
	Source  ListSource
	Index   *ScreeningIndexHolder
	Clock   Clock
	Log     *slog.Logger
	Jobs    JobQueue // an import queues the re-screening of the Top verifications it concerns
}

// NewScreening wires the screening use cases.
func NewScreening(d ScreeningDeps) *Screening {
	return &Screening{tx: d.Tx, lists: d.Lists, blobs: d.Blobs, parsers: d.Parsers, source: d.Source, index: d.Index,
		clock: d.Clock, log: d.Log, jobs: d.Jobs}
}

// Index is the holder of the in-memory index, for the server to build it at start.
func (s *Screening) Index() *ScreeningIndexHolder { return s.index }
