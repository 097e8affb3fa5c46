package application

import (
	"context"
	"io"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/user"
)

// ErrInvalidList wraps the parser's account of a list file that cannot be read: empty, truncated,
// garbled or of another format. The list in force stays in force.
var ErrInvalidList = errs.New(errs.KindInvalid, "The list file cannot be imported")

// System is the actor of work nobody signed in for: the `screening` subcommand run by an
// operator on the server, and scheduled fetches.
var System = &User{Email: "system", Role: user.Admin}

// Scheduler is the actor of the scheduled list refresh (Screening.RefreshLists): the versions it
// imports and the attempts it makes are recorded as the scheduler's, apart from an operator's.
var Scheduler = &User{Email: "scheduler", Role: user.Admin}

// ListFile is one file of a list publication, named as its parser expects (e.g. "sdn.csv").
type ListFile struct {
	Name string
	Data []byte
}

// StoredListFile is where an imported file is kept as evidence.
type StoredListFile struct {
	Name   string `json:"name"`
	Key    string `json:"key"` // blob store key
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// ListVersion is one import of a list: what was read, from which files, and how it differs
// from the version before it.
type ListVersion struct {
	ID            int64
	Source        screening.Source
	Published     time.Time // the publisher's date of the file; zero when it carries none
	SHA256        string    // of all files: identical files make no new version
	EntryCount    int
	ImportedAt    time.Time
	ImportedBy    string
	ParserVersion string
	Files         []StoredListFile
	Added         int
	Removed       int
	Changed       int
	PreviousID    int64 // 0 for a list's first version
	InForce       bool
}

// NewListVersion is what an import writes in one transaction.
type NewListVersion struct {
	Version *ListVersion // ID is set on success
	Entries []screening.Entry
	Changes []screening.Change
}

// ScreeningLists stores list versions, their entries and their differences.
type ScreeningLists interface {
	// InForce returns the version of src in force, or ErrNotFound. forUpdate locks the list
	// until the transaction ends, so that two imports of one list serialise.
	InForce(ctx context.Context, src screening.Source, forUpdate bool) (*ListVersion, error)
	// AllInForce returns the version in force of every list.
	AllInForce(ctx context.Context) ([]ListVersion, error)
	// Versions returns every version, newest first per list.
	Versions(ctx context.Context) ([]ListVersion, error)
	Version(ctx context.Context, id int64) (*ListVersion, error)
	// Entries returns the entries of the given versions.
	Entries(ctx context.Context, versionIDs ...int64) ([]screening.Entry, error)
	Changes(ctx context.Context, versionID int64) ([]screening.Change, error)
	// EntriesOf returns the named entries; a name that matches none is left out.
	EntriesOf(ctx context.Context, refs []EntryRef) (map[EntryRef]screening.Entry, error)
	// Create writes a version with its entries and changes and puts it in force in place of
	// the list's previous version.
	Create(ctx context.Context, v NewListVersion) error
}

// FetchAttempt is one try to download and import a list, by `screening fetch` or the scheduled
// refresh.
type FetchAttempt struct {
	ID         int64
	Source     screening.Source
	StartedAt  time.Time
	FinishedAt time.Time
	OK         bool
	Error      string // why it failed, in plain words; "" when OK
	By         string // the actor's e-mail: "scheduler", "system" or an administrator
	VersionID  int64  // the version in force after a success (new or unchanged)
}

// FetchRecord is what the attempts say of one list.
type FetchRecord struct {
	First  FetchAttempt  // the first attempt ever made
	Last   FetchAttempt  // the latest attempt
	LastOK *FetchAttempt // the latest successful attempt; nil when none succeeded
}

// FetchAttempts stores the attempts to fetch lists.
type FetchAttempts interface {
	Record(ctx context.Context, a *FetchAttempt) error
	// Records returns what the attempts say of every list that has any, by source.
	Records(ctx context.Context) (map[screening.Source]FetchRecord, error)
}

// ListParser reads one publisher's files (adapters/screening implements it per list).
type ListParser interface {
	Source() screening.Source
	// Files names the files the parser reads, or path.Match patterns of their names; the first
	// is required.
	Files() []string
	Parse(files map[string]io.Reader) (screening.List, error)
}

// ListParsers finds the parser of a list and the version recorded with its imports.
type ListParsers interface {
	Parser(src screening.Source) (p ListParser, version string, ok bool)
	Sources() []screening.Source
}

// ListSource downloads a list's current files from its publisher.
type ListSource interface {
	// Fetch returns the files of src; it fails when src has no address configured.
	Fetch(ctx context.Context, src screening.Source) ([]ListFile, error)
	// Sources are the lists that have an address to fetch from.
	Sources() []screening.Source
}

// ScreeningIndex answers queries from memory; it is built once per set of lists in force and
// never changes afterwards, so concurrent searches need no locks. *screening.Index is one.
type ScreeningIndex interface {
	// Search returns the hits at or above threshold, best first, at most q.Limit.
	Search(q screening.Query, threshold float64) []screening.Hit
}

// IndexBuilder builds the index over the entries of the lists in force.
type IndexBuilder func(entries []screening.Entry) ScreeningIndex
