package verification

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/field"
)

// Beneficial owners are the natural persons who own or control a Top-tier company (AML rules in the
// EU, UK and US). A Top verification names them, or declares that nobody reaches the threshold and
// names its senior managing official instead.

// DefaultOwnerThreshold is the ownership percentage that makes a beneficial owner (UBO_THRESHOLD).
const DefaultOwnerThreshold = 25

// Control is one way a person owns or controls the company.
type Control string

// The natures of control an owner may declare.
const (
	ControlShares       Control = "shares"
	ControlVotingRights Control = "voting_rights"
	ControlAppointBoard Control = "appoint_board"
	ControlOther        Control = "other"
)

// Controls lists every nature of control.
var Controls = []Control{ControlShares, ControlVotingRights, ControlAppointBoard, ControlOther}

// Label is how people read the nature of control.
func (c Control) Label() string {
	switch c {
	case ControlShares:
		return "Shares"
	case ControlVotingRights:
		return "Voting rights"
	case ControlAppointBoard:
		return "Right to appoint the board"
	case ControlOther:
		return "Other control"
	}
	return string(c)
}

// byHolding reports whether the control is a holding measured in percent (shares, voting rights).
func (c Control) byHolding() bool { return c == ControlShares || c == ControlVotingRights }

// BeneficialOwner is a natural person who owns or controls the company. Ownership is in hundredths
// of a percent (2550 is 25.5%), so sums stay exact.
type BeneficialOwner struct {
	FullName, DateOfBirth, Nationality, CountryOfResidence string
	Ownership                                              int
	Controls                                               []Control
	ControlText                                            string // what "other control" is
}

// Percent is the ownership as a percentage, for people.
func (o BeneficialOwner) Percent() string { return FormatPercent(o.Ownership) }

// FormatPercent writes hundredths of a percent as people read them: "25%", "33.33%".
func FormatPercent(hundredths int) string {
	s := fmt.Sprintf("%d.%02d", hundredths/100, hundredths%100)
	return strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(s, "0"), "0"), ".") + "%"
}

// ControlLabels names the natures of control, "other" with its text.
func (o BeneficialOwner) ControlLabels() []string {
	out := make([]string, 0, len(o.Controls))
	for _, c := range o.Controls {
		l := c.Label()
		if c == ControlOther && strings.TrimSpace(o.ControlText) != "" {
			l += ": " + strings.TrimSpace(o.ControlText)
		}
		out = append(out, l)
	}
	return out
}

// Validate checks one owner as of now with the threshold in percent: the personal details as for a
// representative (born in the past; the KYC check flags a minor), a nature of control, a text for "other control",
// and a holding between 0 and 100%; an owner by shares or voting rights holds at least the
// threshold, while an owner by control alone may hold nothing.
func (o BeneficialOwner) Validate(now time.Time, threshold int) error {
	e := field.Errors{}
	e.Required("fullName", o.FullName, "Full name is required")
	e.MaxLen("fullName", o.FullName, shortText)
	e.Required("dateOfBirth", o.DateOfBirth, "Date of birth is required")
	pastDate(e, "dateOfBirth", o.DateOfBirth, now, "Date of birth must be a past date")
	e.Required("nationality", o.Nationality, "Nationality is required")
	e.OneOf("nationality", o.Nationality, Countries, "Nationality is not supported")
	e.Required("countryOfResidence", o.CountryOfResidence, "Country of residence is required")
	e.OneOf("countryOfResidence", o.CountryOfResidence, Countries, "Country of residence is not supported")
	e.MaxLen("controlText", o.ControlText, shortText)
	if len(o.Controls) == 0 {
		e.Add("natureOfControl", "Choose at least one nature of control")
	}
	byHolding := false
	for _, c := range o.Controls {
		if !slices.Contains(Controls, c) {
			e.Add("natureOfControl", "Choose shares, voting rights, right to appoint the board or other control")
		}
		byHolding = byHolding || c.byHolding()
	}
	if slices.Contains(o.Controls, ControlOther) && strings.TrimSpace(o.ControlText) == "" {
		e.Add("controlText", "Describe the other control")
	}
	switch {
	case o.Ownership < 0 || o.Ownership > 100*100:
		e.Add("ownershipPercentage", "Ownership must be between 0 and 100%")
	case byHolding && o.Ownership < threshold*100:
		e.Add("ownershipPercentage", fmt.Sprintf(
			"An owner through shares or voting rights holds at least %d%%; below that, choose another nature of control", threshold))
	}
	return e.Err()
}

// ErrOwnershipOver100 refuses owners whose holdings add up to more than the whole company.
var ErrOwnershipOver100 = errs.Invalid("ownershipPercentage", "The owners' percentages add up to more than 100%")

// CheckTotal refuses an owner set whose holdings add up to more than 100%.
func CheckTotal(owners []BeneficialOwner) error {
	total := 0
	for _, o := range owners {
		total += o.Ownership
	}
	if total > 100*100 {
		return ErrOwnershipOver100
	}
	return nil
}

// OwnershipDeclaration is the declaration that no natural person owns or controls the threshold or
// more, naming the senior managing official: one of the verification's representatives.
type OwnershipDeclaration struct {
	SeniorOfficialID int64 // a representative's id
	Threshold        int   // in percent, as declared
}

// Text is the declaration as the applicant made it.
func (d OwnershipDeclaration) Text() string { return DeclarationText(d.Threshold) }

// DeclarationText is the declaration for a threshold in percent.
func DeclarationText(threshold int) string {
	return fmt.Sprintf("No natural person owns or controls %d%% or more", threshold)
}

// Validate checks that the senior managing official is one of the representatives (by id).
func (d OwnershipDeclaration) Validate(representatives []int64) error {
	if d.SeniorOfficialID == 0 {
		return errs.Invalid("seniorOfficialId", "Choose the senior managing official")
	}
	if !slices.Contains(representatives, d.SeniorOfficialID) {
		return errs.Invalid("seniorOfficialId", "The senior managing official must be one of the representatives")
	}
	return nil
}

// Errors of the owners part.
var (
	ErrOwnersTopOnly       = errs.Conflict("Beneficial owners are asked for Top verifications only")
	ErrOwnersWhileDeclared = errs.Conflict("Withdraw the declaration before adding beneficial owners")
	ErrDeclaredWithOwners  = errs.Conflict("Remove the beneficial owners before declaring that none owns or controls the threshold")
)
