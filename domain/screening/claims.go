package screening

import (
	"fmt"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// ListRef names a list version on a certificate: the list and the publisher's date of the version,
// or, when the file carries none, the date it was retrieved (Retrieved).
type ListRef struct {
	Label     string
	Date      time.Time
	Retrieved bool
}

// String names the version and says which date it gives: "UN of 27 Feb 2026" for a publication date,
// "OFAC SDN, retrieved 26 Nov 2026" for a list whose file carries none, so an import date never
// passes for the publisher's.
func (l ListRef) String() string {
	if l.Retrieved {
		return l.Label + ", retrieved " + ShortDate(l.Date)
	}
	return l.Label + " of " + ShortDate(l.Date)
}

// ScreenedRun is what a certificate may say about the screening run it rests on: when it finished,
// the list versions each check used (none: the check could not run), how many representatives
// had the KYC check, and whether beneficial ownership was on file when it ran (owners, who were
// screened, or the declaration that there are none).
type ScreenedRun struct {
	Finished          time.Time
	Sanctions         []ListRef
	PEP               []ListRef
	Jurisdictions     *JurisdictionList
	Representatives   int
	OwnershipScreened bool
}

// OwnershipClaim is the certificate's words for beneficial ownership; it never names the owners.
const OwnershipClaim = "Beneficial ownership declared and screened"

// Claims are the Top-tier checks a certificate states: only those that ran, each with its result,
// its lists and their dates. The run rests on a review that left no hit undecided and no match
// confirmed, so the screening results are "no match". monitored adds that the lists are checked
// again daily (an approved, valid certificate).
func Claims(r *ScreenedRun, monitored bool) []verification.CertificateCheck {
	if r == nil {
		return nil
	}
	day := ShortDate(r.Finished)
	screened := "Screened " + day
	if monitored {
		screened += ", monitored daily"
	}
	var out []verification.CertificateCheck
	for _, c := range []struct {
		kind, label string
		lists       []ListRef
	}{{string(CheckSanctions), "Sanctions screening", r.Sanctions}, {string(CheckPEP), "PEP screening", r.PEP}} {
		if len(c.lists) == 0 {
			continue
		}
		names := make([]string, len(c.lists))
		for i, l := range c.lists {
			names[i] = l.String()
		}
		out = append(out, verification.CertificateCheck{Kind: c.kind, Label: c.label, Result: "no match", Date: r.Finished,
			Text: fmt.Sprintf("%s: no match. %s. %s", c.label, strings.Join(names, ", "), screened)})
	}
	if r.Jurisdictions != nil {
		out = append(out, verification.CertificateCheck{Kind: string(CheckJurisdiction), Label: "Jurisdiction check",
			Result: "checked", Date: r.Finished, Text: fmt.Sprintf(
				"Jurisdiction check: countries checked against the %s. Checked %s",
				r.Jurisdictions.Name(), day)})
	}
	if r.Representatives > 0 {
		out = append(out, verification.CertificateCheck{Kind: string(CheckKYC), Label: "KYC", Result: "checked", Date: r.Finished,
			Text: fmt.Sprintf("KYC: %s checked (passport, age, nationality). Checked %s",
				plural(r.Representatives, "representative", "representatives"), day)})
	}
	if r.OwnershipScreened && len(r.Sanctions)+len(r.PEP) > 0 { // screened against some list
		out = append(out, verification.CertificateCheck{Kind: string(CheckOwnership), Label: "Beneficial ownership",
			Result: "screened", Date: r.Finished, Text: fmt.Sprintf("%s. Checked %s", OwnershipClaim, day)})
	}
	return out
}
