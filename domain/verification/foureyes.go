package verification

import (
	"fmt"

	"github.com/tttverify/tttverify/domain/errs"
)

// FourEyes is which approvals need a second administrator (FOUR_EYES): with it, an approval of a
// verification it covers is first recorded as "approved, awaiting second review", and only another
// administrator's confirmation issues the certificate.
type FourEyes uint8

// The four-eyes policies. FourEyesOff, the zero value, is the spec's single approval.
const (
	FourEyesOff FourEyes = iota
	FourEyesTop
	FourEyesAll
)

// ErrSameApprover refuses a second approval, or a send-back, by the administrator who gave the first.
var ErrSameApprover = errs.Forbidden("The second approval must come from another reviewer")

// ParseFourEyes reads a FOUR_EYES value: top, all or off.
func ParseFourEyes(s string) (FourEyes, error) {
	switch s {
	case "off":
		return FourEyesOff, nil
	case "top":
		return FourEyesTop, nil
	case "all":
		return FourEyesAll, nil
	}
	return FourEyesOff, fmt.Errorf("must be top, all or off, not %q", s)
}

func (p FourEyes) String() string {
	switch p {
	case FourEyesTop:
		return "top"
	case FourEyesAll:
		return "all"
	}
	return "off"
}

// Covers says whether approving a verification of tier t needs a second administrator.
func (p FourEyes) Covers(t Tier) bool {
	return p == FourEyesAll || p == FourEyesTop && t == Top
}
