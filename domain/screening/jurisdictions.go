package screening

import (
	"fmt"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
)

// JurisdictionCategory is why a country is on a jurisdiction list.
type JurisdictionCategory string

// The FATF's two public lists.
const (
	// HighRisk: "High-Risk Jurisdictions subject to a Call for Action" (the black list).
	HighRisk JurisdictionCategory = "high_risk"
	// IncreasedMonitoring: "Jurisdictions under Increased Monitoring" (the grey list).
	IncreasedMonitoring JurisdictionCategory = "increased_monitoring"
)

// Jurisdiction is one listed country.
type Jurisdiction struct {
	Country  string // ISO 3166-1 alpha-2
	Name     string
	Category JurisdictionCategory
}

// JurisdictionList is one publication of the high-risk and increased-monitoring lists.
type JurisdictionList struct {
	Publisher     string // "FATF"
	Published     time.Time
	Source        string // where it was published
	Jurisdictions []Jurisdiction
}

// ErrInvalidJurisdictions wraps what is wrong with a jurisdiction list file.
var ErrInvalidJurisdictions = errs.New(errs.KindInvalid, "The jurisdiction list cannot be imported")

// Validate refuses a list without a publisher or date, with an unknown category, an invalid or a
// repeated country.
func (l JurisdictionList) Validate() error {
	var problems []string
	if strings.TrimSpace(l.Publisher) == "" {
		problems = append(problems, "publisher is required")
	}
	if l.Published.IsZero() {
		problems = append(problems, "published (YYYY-MM-DD) is required")
	}
	seen := map[string]bool{}
	for i, j := range l.Jurisdictions {
		switch {
		case !ValidCountry(j.Country):
			problems = append(problems, fmt.Sprintf("jurisdictions[%d]: %q is not an ISO 3166-1 alpha-2 code", i, j.Country))
		case seen[j.Country]:
			problems = append(problems, fmt.Sprintf("jurisdictions[%d]: %s is listed twice", i, j.Country))
		}
		seen[j.Country] = true
		if j.Category != HighRisk && j.Category != IncreasedMonitoring {
			problems = append(problems, fmt.Sprintf("jurisdictions[%d]: category must be %s or %s", i, HighRisk, IncreasedMonitoring))
		}
	}
	if len(problems) > 0 {
		return ErrInvalidJurisdictions.Detailf("%s", strings.Join(problems, "; "))
	}
	return nil
}

// Name is how reviewers and certificates name the publication: "FATF lists of 13 Jun 2025".
func (l JurisdictionList) Name() string {
	return fmt.Sprintf("%s lists of %s", l.Publisher, ShortDate(l.Published))
}

func (c JurisdictionCategory) label() string {
	if c == HighRisk {
		return "high-risk jurisdiction subject to a call for action"
	}
	return "increased monitoring"
}

// JurisdictionCheck flags the subject's countries that the list names; a flag is for the reviewer
// and blocks nothing. Without a list the check is unavailable.
func JurisdictionCheck(l *JurisdictionList, roles []CountryRole) Check {
	if l == nil {
		return Check{Kind: CheckJurisdiction, Result: ResultUnavailable, Summary: "unavailable: no jurisdiction list loaded",
			Findings: []Finding{}}
	}
	listed := make(map[string]Jurisdiction, len(l.Jurisdictions))
	for _, j := range l.Jurisdictions {
		listed[j.Country] = j
	}
	var out []Finding
	for _, r := range roles {
		j, ok := listed[r.Code]
		switch {
		case r.Code == "":
			out = append(out, Finding{Code: "country_unknown", Severity: SeverityAttention,
				Message: fmt.Sprintf("%s unknown", r.Role)})
		case !ok:
			out = append(out, Finding{Code: "not_listed", Severity: SeverityInfo,
				Message: fmt.Sprintf("%s %s: not on the %s", r.Role, r.Code, l.Name())})
		default:
			sev := SeverityAttention
			if j.Category == HighRisk {
				sev = SeverityFail
			}
			out = append(out, Finding{Code: string(j.Category), Severity: sev,
				Message: fmt.Sprintf("%s %s: %s %s (list of %s)", r.Role, r.Code, l.Publisher, j.Category.label(), ShortDate(l.Published))})
		}
	}
	return summarize(CheckJurisdiction, out, "No country on the "+l.Name())
}

// ShortDate writes a date as certificates do: "23 Nov 2026".
func ShortDate(t time.Time) string { return t.UTC().Format("2 Jan 2006") }
