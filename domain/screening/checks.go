package screening

import (
	"fmt"
	"strings"
)

// EngineVersion names the matching engine and its threshold; a screening run records it so that a
// result can be traced to the rules that produced it.
const EngineVersion = "ttt-screening/2 (threshold 0.85)"

// CheckKind is one of the Top-tier checks.
type CheckKind string

// The checks a Top verification gets.
const (
	CheckSanctions    CheckKind = "sanctions"
	CheckPEP          CheckKind = "pep"
	CheckJurisdiction CheckKind = "jurisdiction"
	CheckKYC          CheckKind = "kyc"
	CheckOwnership    CheckKind = "beneficial_ownership" // a certificate claim only; no subject has this check
)

// Result is how a check came out for one subject.
type Result string

// The results of a check.
const (
	ResultClear       Result = "clear"
	ResultHits        Result = "hits"      // possible matches for a reviewer to decide
	ResultAttention   Result = "attention" // findings for the reviewer; nothing blocks
	ResultUnavailable Result = "unavailable"
)

// Severity grades a finding.
type Severity string

// The severities of findings.
const (
	SeverityInfo      Severity = "info"      // a rule that passed, said for the record
	SeverityAttention Severity = "attention" // worth a reviewer's look
	SeverityFail      Severity = "fail"      // a rule that failed
)

// Finding is one rule of a check and how it came out.
type Finding struct {
	Code     string
	Severity Severity
	Message  string
}

// Check is one check of one subject, with its findings.
type Check struct {
	Kind     CheckKind
	Result   Result
	Summary  string
	Findings []Finding
}

// Flagged reports whether the check has a finding a reviewer must look at.
func (c Check) Flagged() bool {
	for _, f := range c.Findings {
		if f.Severity != SeverityInfo {
			return true
		}
	}
	return false
}

// summarize makes a check from its findings: clear when every rule passed, attention otherwise,
// with the failed rules' messages as the summary.
func summarize(kind CheckKind, findings []Finding, clearSummary string) Check {
	var flagged []string
	for _, f := range findings {
		if f.Severity != SeverityInfo {
			flagged = append(flagged, f.Message)
		}
	}
	if len(flagged) == 0 {
		return Check{Kind: kind, Result: ResultClear, Summary: clearSummary, Findings: findings}
	}
	return Check{Kind: kind, Result: ResultAttention, Summary: strings.Join(flagged, "; "), Findings: findings}
}

// CheckOf is the check a hit belongs to: an entry listed as a politically exposed person (and
// under no sanction) is a PEP hit, everything else a sanctions hit.
func CheckOf(e *Entry) CheckKind {
	pep, sanctioned := false, false
	for _, t := range e.Topics {
		switch {
		case t == PEP || strings.HasPrefix(string(t), "role.pep"):
			pep = true
		case t == Sanction || strings.HasPrefix(string(t), "sanction"):
			sanctioned = true
		}
	}
	if pep && !sanctioned {
		return CheckPEP
	}
	return CheckSanctions
}

// HitsCheck is the sanctions or PEP check of a subject from the hits a run found and where their
// review stands; available is false when no list of the kind was loaded.
func HitsCheck(kind CheckKind, available bool, statuses []HitStatus) Check {
	c := Check{Kind: kind, Findings: []Finding{}}
	switch {
	case !available && kind == CheckPEP:
		c.Result, c.Summary = ResultUnavailable, "unavailable: no PEP list loaded"
	case !available:
		c.Result, c.Summary = ResultUnavailable, "unavailable: no sanctions list loaded"
	case len(statuses) == 0:
		c.Result, c.Summary = ResultClear, "No match"
	default:
		counts := map[HitStatus]int{}
		for _, s := range statuses {
			counts[s]++
		}
		var parts []string
		for _, s := range []HitStatus{HitOpen, HitInconclusive, HitConfirmed, HitFalsePositive} {
			if n := counts[s]; n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n, s.label()))
			}
		}
		c.Result, c.Summary = ResultHits, fmt.Sprintf("%s: %s", plural(len(statuses), "possible match", "possible matches"),
			strings.Join(parts, ", "))
	}
	return c
}

// plural writes n with the singular or plural noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Label is how certificates and reviewers name a list.
func (s Source) Label() string {
	switch s {
	case OFACSDN:
		return "OFAC SDN"
	case OFACConsolidated:
		return "OFAC Consolidated"
	case UN:
		return "UN"
	case EU:
		return "EU"
	case UK:
		return "UK"
	case USCSL:
		return "US CSL"
	case FTM:
		return "FollowTheMoney"
	case PEPCSV:
		return "PEP list"
	case PEPWikidata:
		return "Wikidata PEP"
	}
	return string(s)
}
