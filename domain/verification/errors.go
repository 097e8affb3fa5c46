package verification

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors callers test with errors.Is.
var (
	ErrUnknownValue    = errors.New("unknown value")
	ErrNotEditable     = errors.New("the verification can only be edited while it is a draft")
	ErrDeleted         = errors.New("verification is deleted")
	ErrNotDeletable    = errors.New("only a draft that was never paid can be deleted")
	ErrAlreadyPaid     = errors.New("the verification is already paid")
	ErrPaymentNotDue   = errors.New("payment is only possible for a submitted verification")
	ErrReasonRequired  = errors.New("a reason is required")
	ErrFileTooLarge    = errors.New("The file size should not exceed 30MB")
	ErrUnsupportedFile = errors.New("Only PDF, JPG, and PNG files are allowed")
)

// TransitionError says that an action is not allowed from the verification's current status.
type TransitionError struct {
	From   Status
	Action string
}

func (e TransitionError) Error() string {
	return fmt.Sprintf("cannot %s a verification that is %s", e.Action, strings.ReplaceAll(e.From.String(), "_", " "))
}

// IncompleteError lists the sections still missing when a submission is refused.
type IncompleteError struct{ Missing []string }

func (e IncompleteError) Error() string {
	return "verification is incomplete: missing " + strings.Join(e.Missing, ", ")
}
