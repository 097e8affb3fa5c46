package api

import "time"

// ListFile is one file of a list version; the blob keys stay on the server.
type ListFile struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256" pattern:"^[0-9a-f]{64}$"`
}

// ListVersion is one import of a sanctions or PEP list.
type ListVersion struct {
	ID            int64      `json:"id"`
	Source        string     `json:"source"`
	Published     *string    `json:"published" format:"date" description:"the publisher's date of the file; null when it carries none"`
	SHA256        string     `json:"sha256" pattern:"^[0-9a-f]{64}$"`
	EntryCount    int        `json:"entryCount"`
	ImportedAt    time.Time  `json:"importedAt"`
	ImportedBy    string     `json:"importedBy"`
	ParserVersion string     `json:"parserVersion"`
	Files         []ListFile `json:"files"`
	Added         int        `json:"added"`
	Removed       int        `json:"removed"`
	Changed       int        `json:"changed"`
	PreviousID    *int64     `json:"previousId"`
	InForce       bool       `json:"inForce"`
}

// ScreeningLists are the list versions in force (one per source) and every import.
type ScreeningLists struct {
	InForce []ListVersion `json:"inForce"`
	History []ListVersion `json:"history"`
}

// FetchAttempt is one attempt to download and import a list.
type FetchAttempt struct {
	StartedAt  time.Time `json:"startedAt"`
	FinishedAt time.Time `json:"finishedAt"`
	OK         bool      `json:"ok"`
	Error      string    `json:"error" description:"why it failed, in plain words; empty when ok"`
	By         string    `json:"by" description:"scheduler, system (the screening command) or an administrator's e-mail"`
}

// ListFreshness is how up to date one list is.
type ListFreshness struct {
	Source        string        `json:"source"`
	Scheduled     bool          `json:"scheduled" description:"the scheduled refresh fetches this list"`
	LastSuccessAt *time.Time    `json:"lastSuccessAt" description:"the last successful fetch, or the import in force when later; null when none"`
	LastAttempt   *FetchAttempt `json:"lastAttempt" description:"null when the list was only ever imported"`
	Stale         bool          `json:"stale" description:"older than staleAfterSeconds since its last success (or, never successful, since its first attempt)"`
}

// ListsFreshness is how up to date every list in force or ever fetched is, with the refresh's settings.
type ListsFreshness struct {
	IntervalSeconds   int64           `json:"intervalSeconds" description:"SCREENING_FETCH_INTERVAL; 0 when the scheduled refresh is off"`
	StaleAfterSeconds int64           `json:"staleAfterSeconds" description:"SCREENING_STALE_AFTER"`
	Lists             []ListFreshness `json:"lists"`
}

// ListChange is one entry a version added, removed or changed, by the publisher's entry id.
type ListChange struct {
	SourceID string `json:"sourceId"`
	Change   string `json:"change" enum:"added,removed,changed"`
	Name     string `json:"name"`
}

// ListChanges are what a version changed against the one before.
type ListChanges struct {
	Version ListVersion  `json:"version"`
	Changes []ListChange `json:"changes"`
}

// ScreeningSearch is an ad-hoc check of a name against the lists in force.
type ScreeningSearch struct {
	Name        string `json:"name"`
	Kind        string `json:"kind" required:"false" enum:"person,company,any"`
	DateOfBirth string `json:"dateOfBirth" required:"false" description:"YYYY, YYYY-MM or YYYY-MM-DD"`
	Country     string `json:"country" required:"false" description:"ISO 3166-1 alpha-2"`
	Identifiers []struct {
		Type  string `json:"type" required:"false"`
		Value string `json:"value"`
	} `json:"identifiers" required:"false"`
	Limit *int `json:"limit" required:"false"`
	// MinScore lets a reviewer look at weaker candidates than the engine's threshold returns.
	MinScore *float64 `json:"minScore" required:"false" description:"0 to 1; the score from which an entry is returned (default: the engine's threshold)"`
}

// ScreeningIdentifier is an identifier of a listed entry.
type ScreeningIdentifier struct {
	Type    string `json:"type" enum:"passport,national_id,registration,tax_id,swift_bic,imo,other"`
	Value   string `json:"value"`
	Country string `json:"country"`
	Label   string `json:"label"`
}

// ScreeningEntry is a listed person, organisation, vessel or aircraft.
type ScreeningEntry struct {
	Source       string                `json:"source"`
	SourceID     string                `json:"sourceId"`
	ListVersion  int64                 `json:"listVersion"`
	Kind         string                `json:"kind" enum:"person,organisation,vessel,aircraft,unknown"`
	Name         string                `json:"name"`
	Aliases      []string              `json:"aliases"`
	DatesOfBirth []string              `json:"datesOfBirth" description:"YYYY-MM-DD, YYYY-MM, YYYY, or a range of years YYYY/YYYY"`
	Countries    []string              `json:"countries"`
	Identifiers  []ScreeningIdentifier `json:"identifiers"`
	Programs     []string              `json:"programs"`
	Topics       []string              `json:"topics"`
	Remarks      string                `json:"remarks"`
}

// ScreeningFeature is one reason for a hit's score, with its signed contribution.
type ScreeningFeature struct {
	Feature string  `json:"feature"`
	Score   float64 `json:"score"`
	Detail  string  `json:"detail"`
}

// ScreeningHit is a listed entry that matches a searched name.
type ScreeningHit struct {
	Score       float64            `json:"score" minimum:"0" maximum:"1"`
	MatchedName string             `json:"matchedName"`
	Entry       ScreeningEntry     `json:"entry"`
	Explanation []ScreeningFeature `json:"explanation"`
}

// ScreeningResult are a search's hits, best first, the list versions searched and the threshold used.
type ScreeningResult struct {
	Hits         []ScreeningHit `json:"hits"`
	ListVersions []ListVersion  `json:"listVersions"`
	Threshold    float64        `json:"threshold" description:"the score from which an entry counted as a hit: minScore, or the engine's threshold"`
}

// ScreeningRun is a screening run: the list versions it used and the engine that matched.
type ScreeningRun struct {
	ID            int64         `json:"id"`
	StartedAt     *time.Time    `json:"startedAt"`
	FinishedAt    *time.Time    `json:"finishedAt"`
	EngineVersion string        `json:"engineVersion"`
	Trigger       string        `json:"trigger" enum:"submission,resubmission,list_update,daily"`
	Lists         []ListVersion `json:"lists"`
}

// ScreeningFinding is one finding of a check.
type ScreeningFinding struct {
	Code     string `json:"code"`
	Severity string `json:"severity" enum:"info,attention,fail"`
	Message  string `json:"message"`
}

// ScreeningCheck is one check of a subject and its result.
type ScreeningCheck struct {
	Kind     string             `json:"kind" enum:"sanctions,pep,jurisdiction,kyc"`
	Result   string             `json:"result" enum:"clear,hits,attention,unavailable"`
	Summary  string             `json:"summary"`
	Findings []ScreeningFinding `json:"findings"`
}

// ScreeningDecision is a reviewer's decision on a hit.
type ScreeningDecision struct {
	Outcome string    `json:"outcome" enum:"confirmed_match,false_positive,inconclusive"`
	Note    string    `json:"note"`
	By      string    `json:"by"`
	At      time.Time `json:"at"`
}

// ScreeningCaseHit is one possible match of a subject, with the reviewer's decisions (newest last).
type ScreeningCaseHit struct {
	ID              int64               `json:"id"`
	Check           string              `json:"check" enum:"sanctions,pep"`
	Score           float64             `json:"score" minimum:"0" maximum:"1"`
	MatchedName     string              `json:"matchedName"`
	Explanation     []ScreeningFeature  `json:"explanation"`
	Entry           ScreeningEntry      `json:"entry"`
	ListName        string              `json:"listName"`
	ListVersionDate string              `json:"listVersionDate" format:"date"`
	Status          string              `json:"status" enum:"open,confirmed_match,false_positive,inconclusive"`
	Reopened        bool                `json:"reopened" description:"a changed listed entry (or changed applicant data) reopened an earlier decision"`
	Decisions       []ScreeningDecision `json:"decisions"`
}

// ScreeningSubject is the company, a representative or the bank, with its checks and hits.
type ScreeningSubject struct {
	ID      int64              `json:"id"`
	Kind    string             `json:"kind" enum:"company,representative,beneficial_owner,bank"`
	Name    string             `json:"name"`
	Details string             `json:"details"`
	Checks  []ScreeningCheck   `json:"checks"`
	Hits    []ScreeningCaseHit `json:"hits"`
}

// PepAcknowledgement records that PEP screening was unavailable and a reviewer accepted it.
type PepAcknowledgement struct {
	By   string    `json:"by"`
	At   time.Time `json:"at"`
	Note string    `json:"note"`
}

// VerificationScreening is a Top verification's checks as the reviewer sees them: the run, every
// subject, what is open.
type VerificationScreening struct {
	Status             string              `json:"status" enum:"not_applicable,pending,running,done,failed"`
	Run                *ScreeningRun       `json:"run" description:"the screening run: the list versions it used and the engine that matched"`
	Subjects           []ScreeningSubject  `json:"subjects"`
	Open               []string            `json:"open" description:"what blocks approval, e.g. '2 screening hits are undecided'"`
	Attention          bool                `json:"attention"`
	PEPAcknowledgement *PepAcknowledgement `json:"pepAcknowledgement"`
	Identifiers        []IdentifierCheck   `json:"identifiers" description:"the newest check of the LEI (GLEIF), the VAT number (VIES) and the BIC's country"`
}

// IdentifierCheck is an identifier looked up in a register (or the BIC's country compared), with
// what the applicant entered beside what the register holds. There is no "clear".
type IdentifierCheck struct {
	Registry    string                 `json:"registry" enum:"gleif,vies,bic"`
	Source      string                 `json:"source" description:"the register as reviewers name it: GLEIF, VIES, SWIFT/BIC country"`
	Identifier  string                 `json:"identifier"`
	Outcome     string                 `json:"outcome" enum:"match,mismatch,not_found,lapsed,unavailable,not_checked"`
	Summary     string                 `json:"summary"`
	Differences []IdentifierDifference `json:"differences"`
	CheckedAt   time.Time              `json:"checkedAt"`
}

// IdentifierDifference is one fact compared with a register.
type IdentifierDifference struct {
	Field      string `json:"field"`
	Entered    string `json:"entered"`
	Registered string `json:"registered"`
	Match      bool   `json:"match"`
}

// HitDecisionInput decides a hit; the note is required.
type HitDecisionInput struct {
	Outcome string `json:"outcome" enum:"confirmed_match,false_positive,inconclusive"`
	Note    string `json:"note"`
}

// NoteInput is a reviewer's note.
type NoteInput struct {
	Note string `json:"note"`
}
