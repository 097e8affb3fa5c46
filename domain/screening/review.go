package screening

import (
	"fmt"
	"strings"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/field"
	"github.com/tttverify/tttverify/domain/verification"
)

// HitStatus is where the review of a possible match stands.
type HitStatus string

// The statuses of a hit. Open and inconclusive hits are undecided: they block approval.
const (
	HitOpen          HitStatus = "open"
	HitConfirmed     HitStatus = "confirmed_match"
	HitFalsePositive HitStatus = "false_positive"
	HitInconclusive  HitStatus = "inconclusive"
)

// Outcomes are the decisions a reviewer can record on a hit.
var Outcomes = []HitStatus{HitConfirmed, HitFalsePositive, HitInconclusive}

// MaxNote is the longest note a reviewer may write on a decision.
const MaxNote = 2000

// Errors of the review of hits.
var (
	ErrNoteRequired     = errs.Invalid("note", "A note is required")
	ErrNoteTooLong      = errs.Invalid("note", fmt.Sprintf("The note must be at most %d characters", MaxNote))
	ErrUnknownOutcome   = errs.Invalid("outcome", "Outcome must be confirmed_match, false_positive or inconclusive")
	ErrPEPNotNeeded     = errs.Conflict("PEP screening ran; there is nothing to acknowledge")
	ErrNotDecidable     = errs.Conflict("Screening decisions can be recorded only while the verification is submitted, in review or approved")
	ErrHitNotCurrent    = errs.Conflict("This hit was not found by the latest screening run; it needs no decision")
	ErrScreeningPending = errs.Conflict("Screening has not finished yet")
)

// ParseOutcome reads a reviewer's decision.
func ParseOutcome(s string) (HitStatus, error) {
	for _, o := range Outcomes {
		if string(o) == strings.TrimSpace(s) {
			return o, nil
		}
	}
	return "", ErrUnknownOutcome
}

// Note checks a reviewer's note: required, at most MaxNote characters once trimmed.
func Note(note string) (string, error) {
	note = strings.TrimSpace(note)
	switch {
	case note == "":
		return "", ErrNoteRequired
	case len([]rune(note)) > MaxNote:
		return "", ErrNoteTooLong
	}
	return note, nil
}

// DecisionInput checks an outcome and its note together, naming every field at fault.
func DecisionInput(outcome, note string) (HitStatus, string, error) {
	e := field.Errors{}
	o, err := ParseOutcome(outcome)
	if err != nil {
		e.Add("outcome", err.Error())
	}
	n, err := Note(note)
	if err != nil {
		e.Add("note", err.Error())
	}
	return o, n, e.Err()
}

// Undecided reports whether the hit still needs a decision; an inconclusive hit does.
func (s HitStatus) Undecided() bool { return s == HitOpen || s == HitInconclusive }

func (s HitStatus) label() string {
	switch s {
	case HitOpen:
		return "undecided"
	case HitConfirmed:
		return "confirmed"
	case HitFalsePositive:
		return "false positive"
	}
	return string(s)
}

// Reobserve is what becomes of a hit's review when a new run finds the hit again. A decision stays
// while the listed entry and the screened facts are those it was made on; when either changed, the
// hit is open again and says it was reopened.
func Reobserve(status HitStatus, sameEntry, sameSubject bool) (next HitStatus, reopened bool) {
	if status.Undecided() || (sameEntry && sameSubject) {
		return status, false
	}
	return HitOpen, true
}

// ReviewState is what the reviewer still has to settle on a verification's latest run.
type ReviewState struct {
	Undecided       int  // open or inconclusive hits
	Inconclusive    int  // of which inconclusive
	Confirmed       int  // confirmed matches
	PEPUnavailable  bool // the PEP check could not run
	PEPAcknowledged bool
}

// Open lists, in sentences, what keeps the verification from approval: undecided hits, confirmed
// matches and an unacknowledged unavailable PEP check.
func (r ReviewState) Open() []string {
	out := []string{}
	if r.Undecided > 0 {
		s := plural(r.Undecided, "screening hit is undecided", "screening hits are undecided")
		if r.Inconclusive > 0 {
			s += fmt.Sprintf(" (%d inconclusive)", r.Inconclusive)
		}
		out = append(out, s)
	}
	switch {
	case r.Confirmed == 1:
		out = append(out, "A screening hit is a confirmed match")
	case r.Confirmed > 1:
		out = append(out, fmt.Sprintf("%d screening hits are confirmed matches", r.Confirmed))
	}
	if r.PEPUnavailable && !r.PEPAcknowledged {
		out = append(out, "PEP screening was unavailable and has not been acknowledged")
	}
	return out
}

// Publishable reports whether the certificate may state the run's screening results: no hit is
// undecided and none is a confirmed match.
func (r ReviewState) Publishable() bool { return r.Undecided == 0 && r.Confirmed == 0 }

// RunStatus is where a screening run stands.
type RunStatus string

// The statuses of a run.
const (
	RunPending RunStatus = "pending" // queued
	RunRunning RunStatus = "running"
	RunDone    RunStatus = "done"
	RunFailed  RunStatus = "failed" // the last attempt failed; the queue tries again
)

// Trigger says why a run was made.
type Trigger string

// The reasons for a run.
const (
	TriggerSubmission   Trigger = "submission"
	TriggerResubmission Trigger = "resubmission"
	TriggerListUpdate   Trigger = "list_update"
	TriggerDaily        Trigger = "daily"
)

// Blocking lists everything that keeps a verification from approval: a run that has not finished
// (latest is the status of the latest run, "" when none ran) and what the reviewer has to settle.
func Blocking(latest RunStatus, r ReviewState) []string {
	var pending string
	switch latest {
	case "":
		pending = "Screening has not run yet"
	case RunPending, RunRunning:
		pending = "Screening is still running"
	case RunFailed:
		pending = "The last screening attempt failed; it is retried automatically"
	}
	if pending == "" {
		return r.Open()
	}
	return append([]string{pending}, r.Open()...)
}

// ApprovalError is the refusal of an approval while something blocks it, or nil. Its message starts
// with "Screening" and names every open item.
func ApprovalError(blocking []string, r ReviewState) error {
	if len(blocking) == 0 {
		return nil
	}
	items := make([]string, len(blocking))
	for i, b := range blocking {
		items[i] = b
		if word, _, _ := strings.Cut(b, " "); len(word) == 1 || strings.ToUpper(word) != word { // not "PEP screening"
			items[i] = strings.ToLower(b[:1]) + b[1:]
		}
	}
	prefix := "Screening is not finished: "
	if r.Confirmed > 0 {
		prefix = "Screening blocks approval: "
	}
	return errs.Conflict(prefix + strings.Join(items, "; "))
}

// NeedsAttention is the rule the administrators' dashboard filters and counts by: something open on
// a verification that waits for a decision or holds a live certificate, or a jurisdiction or KYC
// flag while it waits for a decision (an approval has seen the flags).
func NeedsAttention(status verification.Status, revoked bool, openItems int, flagged bool) bool {
	waiting := status == verification.Submitted || status == verification.InReview
	live := waiting || (status == verification.Approved && !revoked)
	return (live && openItems > 0) || (waiting && flagged)
}
