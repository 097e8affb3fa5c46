package application

import (
	"context"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// ScreeningRun is one screening of a Top verification: when and why it ran, the list versions it
// used and the engine that matched.
type ScreeningRun struct {
	ID             int64
	VerificationID int64
	Trigger        screening.Trigger
	Status         screening.RunStatus
	// CreatedAt is when the run was queued: the moment the facts are judged at (a submission's
	// KYC is "at submission").
	CreatedAt     time.Time
	StartedAt     *time.Time
	FinishedAt    *time.Time
	EngineVersion string
	// ListVersionIDs are every list version the index held; SanctionsIDs and PEPIDs those with
	// sanctions or PEP entries (none: that check could not run).
	ListVersionIDs []int64
	SanctionsIDs   []int64
	PEPIDs         []int64
	JurisdictionID int64 // the jurisdiction list version; 0 when none was loaded
	// OwnershipDeclared: the declaration that no natural person reaches the ownership threshold
	// stood when the run screened the verification (its owners are subjects otherwise).
	OwnershipDeclared bool
	Error             string
}

// ScreenedSubject is one subject of a finished run with its jurisdiction and KYC checks (the
// sanctions and PEP checks follow from the hits and their review).
type ScreenedSubject struct {
	ID      int64
	RunID   int64
	Key     string
	Kind    screening.SubjectKind
	Name    string
	Details string
	Digest  string
	Checks  []screening.Check
}

// HitCase is a possible match of one subject with one listed entry, and its review. It lives
// across runs: a later run that finds the same entry for the same subject finds this case.
type HitCase struct {
	ID             int64
	VerificationID int64
	SubjectKey     string
	Check          screening.CheckKind
	Source         screening.Source
	SourceID       string
	EntryVersionID int64 // the list version of the entry as last found
	Score          float64
	MatchedName    string
	Explanation    []screening.Feature
	Status         screening.HitStatus
	Reopened       bool
	// DecidedVersionID and DecidedDigest are the entry version and the subject's facts the last
	// decision was made on (0 and "" while undecided).
	DecidedVersionID int64
	DecidedDigest    string
	FirstRunID       int64
	LastRunID        int64
	Decisions        []HitDecision // oldest first
}

// HitDecision is one recorded decision on a hit.
type HitDecision struct {
	Outcome    screening.HitStatus
	Note       string
	ActorID    int64
	ActorEmail string
	At         time.Time
}

// PEPAcknowledgement records that a reviewer accepted that PEP screening could not run.
type PEPAcknowledgement struct {
	ActorID    int64
	ActorEmail string
	Note       string
	At         time.Time
}

// ScreeningState is a verification's screening at a glance, kept in step with its runs and
// decisions so that lists can filter and count on it.
type ScreeningState struct {
	VerificationID int64
	LatestRunID    int64
	LatestStatus   screening.RunStatus // "" before the first run
	DoneRunID      int64               // the latest finished run, 0 before one finished
	OpenItems      int                 // undecided hits, confirmed matches, an unacknowledged PEP gap
	Flagged        bool                // a jurisdiction or KYC finding in the latest finished run
	// PublishedRunID is the run the certificate states: the latest finished run whose review left
	// nothing open. 0: nothing is stated (no such run, or a confirmed match withdrew it).
	PublishedRunID int64
	PEPAck         *PEPAcknowledgement
}

// PassportHolder is another verification whose representatives carry a passport number.
type PassportHolder struct {
	VerificationID     int64
	CompanyName        string
	RegistrationNumber string
	Country            string
}

// ScreeningRecords stores screening runs, their subjects, the hits and their review.
type ScreeningRecords interface {
	CreateRun(ctx context.Context, r *ScreeningRun) error
	SaveRun(ctx context.Context, r *ScreeningRun) error
	Run(ctx context.Context, id int64) (*ScreeningRun, error)
	// Runs returns the runs among ids that exist, by id.
	Runs(ctx context.Context, ids []int64) (map[int64]*ScreeningRun, error)
	AddSubjects(ctx context.Context, runID int64, subjects []ScreenedSubject) error
	Subjects(ctx context.Context, runID int64) ([]ScreenedSubject, error)
	// SubjectKinds counts each run's subjects by kind, for the runs among runIDs that have any.
	SubjectKinds(ctx context.Context, runIDs []int64) (map[int64]map[screening.SubjectKind]int, error)
	// Hits returns every hit case of a verification with its decisions.
	Hits(ctx context.Context, verificationID int64) ([]HitCase, error)
	// SaveHit inserts a case (ID 0) or updates it.
	SaveHit(ctx context.Context, h *HitCase) error
	AddDecision(ctx context.Context, hitID int64, d HitDecision) error
	// State returns the verification's state; one that never ran has a zero state.
	State(ctx context.Context, verificationID int64) (*ScreeningState, error)
	SaveState(ctx context.Context, s *ScreeningState) error
	States(ctx context.Context, verificationIDs []int64) (map[int64]ScreeningState, error)
	// Rescreenable lists the Top verifications, neither deleted nor revoked, in one of the statuses.
	Rescreenable(ctx context.Context, statuses []verification.Status) ([]int64, error)
	// PassportHolders lists the other verifications (not deleted) whose representatives carry the
	// passport number (compared as screening.PassportKey).
	PassportHolders(ctx context.Context, passportKey string, except int64) ([]PassportHolder, error)
}

// JurisdictionVersion is one imported publication of the jurisdiction lists.
type JurisdictionVersion struct {
	ID int64
	screening.JurisdictionList
	SHA256     string
	ImportedAt time.Time
	ImportedBy string
	InForce    bool
}

// JurisdictionLists stores the versions of the jurisdiction lists; one is in force.
type JurisdictionLists interface {
	InForce(ctx context.Context) (*JurisdictionVersion, error) // ErrNotFound before the first import
	Version(ctx context.Context, id int64) (*JurisdictionVersion, error)
	Versions(ctx context.Context) ([]JurisdictionVersion, error) // newest first
	// Create stores a version and puts it in force in place of the previous one.
	Create(ctx context.Context, v *JurisdictionVersion) error
}

// EntryRef names one stored list entry: the version and the publisher's id.
type EntryRef struct {
	VersionID int64
	SourceID  string
}
